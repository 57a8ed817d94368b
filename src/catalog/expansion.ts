import type { TreeKeyAction } from './treeKey';
import type { CatalogNodeId } from './types';

/**
 * The user's open nodes after a change; the same set when nothing changes (so memoized rows are
 * not rebuilt for nothing).
 */
export function withOpen(open: ReadonlySet<CatalogNodeId>, opened: Iterable<CatalogNodeId>, closed: Iterable<CatalogNodeId> = []): ReadonlySet<CatalogNodeId> {
  const toOpen = [...opened].filter((id) => !open.has(id));
  const toClose = [...closed].filter((id) => open.has(id));
  if (toOpen.length === 0 && toClose.length === 0) return open;
  const next = new Set(open);
  for (const id of toOpen) next.add(id);
  for (const id of toClose) next.delete(id);
  return next;
}

/** A click on a node's twisty. */
export function toggled(open: ReadonlySet<CatalogNodeId>, id: CatalogNodeId, isOpen: boolean): ReadonlySet<CatalogNodeId> {
  return isOpen ? withOpen(open, [], [id]) : withOpen(open, [id]);
}

/** What a key press opens and closes (treeKey's answer). */
export function afterKey(open: ReadonlySet<CatalogNodeId>, { expand, collapse, expandAll = [] }: TreeKeyAction): ReadonlySet<CatalogNodeId> {
  return withOpen(open, [...(expand ? [expand] : []), ...expandAll], collapse ? [collapse] : []);
}
