import type { Role } from '../../sync/api/types';
import { allEntries, canSee, type IconKey } from '../menu/menu';
import { newItemsFor } from './newItems';

export const SEARCH_GROUPS = ['Pages', 'Create', 'Folders', 'Notebooks', 'DAGs', 'Tables', 'Columns', 'Saved queries'] as const;

/** One thing the Ctrl+K dialog can find. */
export interface SearchTarget {
  id: string;
  group: (typeof SEARCH_GROUPS)[number];
  label: string;
  hint: string;
  icon: IconKey;
  to: string;
  keywords: string[];
  /** Runs before going to `to` (a saved query opens in a new SQL tab); false: stay (it said why). */
  prepare?: () => Promise<boolean>;
}

export function searchTargets(role: Role | undefined): SearchTarget[] {
  const pages: SearchTarget[] = allEntries()
    .filter((e) => e.kind !== 'button' && canSee(e, role) && !e.path.includes('/'))
    .map((e) => ({
      id: `page:${e.id}`,
      group: 'Pages',
      label: e.label,
      hint: e.description,
      icon: e.icon,
      to: `/admin/${e.path}`,
      keywords: e.keywords ?? [],
    }));
  const profile: SearchTarget = {
    id: 'page:profile', group: 'Pages', label: 'My Profile', hint: 'Your account and sign-out',
    icon: 'user', to: '/my-profile', keywords: ['account', 'logout', 'sign out'],
  };
  const create: SearchTarget[] = newItemsFor(role).map((item) => ({
    id: `new:${item.label}`, group: 'Create', label: item.action, hint: 'Create',
    icon: item.icon, to: item.to, keywords: ['new', 'create'],
  }));
  return [...pages, profile, ...create];
}
