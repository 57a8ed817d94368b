import type { WorkspaceItem } from '../../db/workspaceView';

export type View = 'all' | 'favourites' | 'trash';
export type SortKey = 'name' | 'type' | 'modified';
export type SortDir = 'asc' | 'desc';

/** What the list shows, all of it kept in the URL (q, type, owner, from, to, sort, dir, view). */
export interface Filters {
  /** Name contains, any case. */
  q: string;
  type: WorkspaceItem['type'] | null;
  owner: string;
  /** ISO date-times, both ends included. */
  from: string | null;
  to: string | null;
  sort: SortKey;
  dir: SortDir;
  view: View;
}


export const DEFAULT_FILTERS: Filters = { q: '', type: null, owner: '', from: null, to: null, sort: 'name', dir: 'asc', view: 'all' };

const oneOf = <T extends string>(value: string | null, allowed: readonly T[], fallback: T): T =>
  allowed.includes(value as T) ? (value as T) : fallback;

/** A date from the URL, or null when it is missing or not a date (a hand-edited URL loses only that filter). */
function dateParam(value: string | null): string | null {
  if (!value) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

export function parseFilters(params: URLSearchParams): Filters {
  const type = params.get('type');
  return {
    q: params.get('q') ?? '',
    type: type === 'notebook' || type === 'folder' ? type : null,
    owner: params.get('owner') ?? '',
    from: dateParam(params.get('from')),
    to: dateParam(params.get('to')),
    sort: oneOf(params.get('sort'), ['name', 'type', 'modified'], 'name'),
    dir: oneOf(params.get('dir'), ['asc', 'desc'], 'asc'),
    view: oneOf(params.get('view'), ['all', 'favourites', 'trash'], 'all'),
  };
}

/** The params with these filters written in: defaults are left out (clean URLs), other params (folder) kept. */
export function writeFilters(params: URLSearchParams, filters: Filters): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of Object.keys(DEFAULT_FILTERS) as (keyof Filters)[]) {
    const value = filters[key];
    if (value === null || value === '' || value === DEFAULT_FILTERS[key]) next.delete(key);
    else next.set(key, value);
  }
  return next;
}

/** Whether the user narrowed the list: then the search covers the whole workspace, not just the folder shown. */
export function hasFilter(filters: Filters): boolean {
  return filters.q.trim() !== '' || filters.type !== null || filters.owner !== '' || filters.from !== null || filters.to !== null;
}

const fold = (text: string) => text.normalize('NFC').toLocaleLowerCase();

function matches(item: WorkspaceItem, filters: Filters): boolean {
  const q = fold(filters.q.trim());
  if (q && !fold(item.name).includes(q)) return false;
  if (filters.type && item.type !== filters.type) return false;
  if (filters.owner && fold(item.owner) !== fold(filters.owner)) return false;
  const time = Date.parse(item.updatedAt);
  if (filters.from && !(time >= Date.parse(filters.from))) return false;
  if (filters.to && !(time <= Date.parse(filters.to))) return false;
  return true;
}

/** Trash shows what was deleted on its own: a deleted folder's contents go and come back with it. */
function trashed(items: readonly WorkspaceItem[]): WorkspaceItem[] {
  const deleted = new Set(items.filter((item) => item.isDeleted).map((item) => item.path));
  return items.filter((item) => item.isDeleted && !deleted.has(item.parentPath));
}

function inView(items: readonly WorkspaceItem[], filters: Filters, folder: string): WorkspaceItem[] {
  if (filters.view === 'trash') return trashed(items);
  const live = items.filter((item) => !item.isDeleted);
  if (filters.view === 'favourites') return live.filter((item) => item.isFavorite);
  return hasFilter(filters) ? live : live.filter((item) => item.parentPath === folder);
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

function compare(a: WorkspaceItem, b: WorkspaceItem, filters: Filters): number {
  const sign = filters.dir === 'asc' ? 1 : -1;
  const folderFirst = (a.type === 'folder' ? 0 : 1) - (b.type === 'folder' ? 0 : 1);
  // Sorting by type is the one sort that may put notebooks first (descending).
  if (folderFirst !== 0) return filters.sort === 'type' ? sign * folderFirst : folderFirst;
  const byName = collator.compare(a.name, b.name) || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);
  if (filters.sort === 'modified') return sign * (Date.parse(a.updatedAt) - Date.parse(b.updatedAt) || byName);
  return filters.sort === 'name' ? sign * byName : byName;
}

/**
 * The rows to show: the view (all, favourites, trash), narrowed by the filters, sorted with folders
 * first. With no filter set, "all" is the folder shown; with one, the whole workspace. Pure.
 */
export function applyFilters(items: readonly WorkspaceItem[], filters: Filters, folder: string): WorkspaceItem[] {
  return inView(items, filters, folder)
    .filter((item) => matches(item, filters))
    .sort((a, b) => compare(a, b, filters));
}
