import type { Role } from '../../sync/api/types';
import { canSee, type IconKey } from '../menu/menu';

/** What the New button creates; the search dialog offers the same actions. */
export interface NewItem {
  label: string;
  /** How the home page and the search dialog name the action. */
  action: string;
  icon: IconKey;
  to: string;
  roles?: Role[];
}

export const newItems: NewItem[] = [
  { label: 'Notebook', action: 'New notebook', icon: 'folder', to: '/admin/workspace?new=notebook' },
  { label: 'Folder', action: 'New folder', icon: 'folder', to: '/admin/workspace?new=folder' },
  { label: 'SQL query', action: 'New SQL query', icon: 'terminal', to: '/admin/sql?new=1', roles: ['admin'] },
];

export function newItemsFor(role: Role | undefined): NewItem[] {
  return newItems.filter((item) => canSee(item, role));
}
