import type { WorkspaceItem } from '../../model/workspace/view';

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

/**
 * The URL's filters with only `change` applied: the others are read from the URL as it is now, so a
 * change made from a page rendered before the search box wrote its text keeps that text.
 */
export function changeFilters(params: URLSearchParams, change: Partial<Filters>): URLSearchParams {
  return writeFilters(params, { ...parseFilters(params), ...change });
}

/** Whether the user narrowed the list: then the search covers the whole workspace, not just the folder shown. */
export function hasFilter(filters: Filters): boolean {
  return filters.q.trim() !== '' || filters.type !== null || filters.owner !== '' || filters.from !== null || filters.to !== null;
}

const fold = (text: string) => text.normalize('NFC').toLowerCase();

/** A row of the sorted scope with what the filters compare, computed once per scope, not per keystroke. */
export interface ScopedRow {
  item: WorkspaceItem;
  name: string;
  owner: string;
  time: number;
}

/** Trash shows what was deleted on its own: a deleted folder's contents go and come back with it. */
function trashed(items: readonly WorkspaceItem[]): WorkspaceItem[] {
  const deleted = new Set(items.filter((item) => item.isDeleted).map((item) => item.path));
  return items.filter((item) => item.isDeleted && !deleted.has(item.parentPath));
}

/** How the scope is chosen and sorted: the filters that typing does not change. */
export type Order = Pick<Filters, 'view' | 'sort' | 'dir'>;

function inView(items: readonly WorkspaceItem[], view: View, folder: string | null): WorkspaceItem[] {
  if (view === 'trash') return trashed(items);
  const live = items.filter((item) => !item.isDeleted);
  if (view === 'favourites') return live.filter((item) => item.isFavorite);
  return folder === null ? live : live.filter((item) => item.parentPath === folder);
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

function compare(a: ScopedRow, b: ScopedRow, filters: Order): number {
  const sign = filters.dir === 'asc' ? 1 : -1;
  const folderFirst = (a.item.type === 'folder' ? 0 : 1) - (b.item.type === 'folder' ? 0 : 1);
  // Sorting by type is the one sort that may put notebooks first (descending).
  if (folderFirst !== 0) return filters.sort === 'type' ? sign * folderFirst : folderFirst;
  const byName = collator.compare(a.item.name, b.item.name) || (a.item.path < b.item.path ? -1 : a.item.path > b.item.path ? 1 : 0);
  if (filters.sort === 'modified') return sign * (a.time - b.time || byName);
  return filters.sort === 'name' ? sign * byName : byName;
}

/**
 * The rows the filters narrow, sorted with folders first: the view (all, favourites, trash); for
 * "all", the folder shown, or the whole workspace (folder null, once a filter is set). Typing
 * does not change it, so it is sorted once, not per keystroke. Pure.
 */
export function scopeRows(items: readonly WorkspaceItem[], order: Order, folder: string | null): ScopedRow[] {
  return inView(items, order.view, folder)
    // In the trash the time column is when each item was deleted.
    .map((item) => ({ item, name: fold(item.name), owner: fold(item.owner), time: Date.parse(order.view === 'trash' ? (item.deletedAt ?? item.updatedAt) : item.updatedAt) }))
    .sort((a, b) => compare(a, b, order));
}

/** The scope's rows that match the filters, in the scope's order. Pure. */
export function narrowRows(rows: readonly ScopedRow[], filters: Filters): WorkspaceItem[] {
  const q = fold(filters.q.trim());
  const owner = fold(filters.owner);
  const from = filters.from ? Date.parse(filters.from) : -Infinity;
  const to = filters.to ? Date.parse(filters.to) : Infinity;
  const hits: WorkspaceItem[] = [];
  for (const row of rows) {
    if (q && !row.name.includes(q)) continue;
    if (filters.type && row.item.type !== filters.type) continue;
    if (owner && row.owner !== owner) continue;
    if (!(row.time >= from && row.time <= to)) continue;
    hits.push(row.item);
  }
  return hits;
}

/** scopeRows then narrowRows: the rows to show. Pure. */
export function applyFilters(items: readonly WorkspaceItem[], filters: Filters, folder: string): WorkspaceItem[] {
  return narrowRows(scopeRows(items, filters, hasFilter(filters) ? null : folder), filters);
}
