import type { TreeKeyAction } from './treeKey';
import type { CatalogNodeId } from './types';

/**
 * What the user has open in the tree. `open` is theirs (kept across searches and reloads);
 * `closed` is what they closed during the current search although the search shows it open
 * (an ancestor of a match), and is forgotten when the search ends.
 */
export interface TreeView {
  open: ReadonlySet<CatalogNodeId>;
  closed: ReadonlySet<CatalogNodeId>;
}

export const NO_NODES: ReadonlySet<CatalogNodeId> = new Set();

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

/**
 * The view after the user opens or closes nodes; the same view when nothing changes. During a
 * search, closing a node only hides its rows for that search, and opening one first undoes such
 * a close (else it opens as the user's, e.g. a match shows all its children).
 */
export function viewAfter(view: TreeView, ids: readonly CatalogNodeId[], wantOpen: boolean, searching: boolean): TreeView {
  if (!searching) {
    const open = wantOpen ? withOpen(view.open, ids) : withOpen(view.open, [], ids);
    return open === view.open ? view : { ...view, open };
  }
  if (!wantOpen) {
    const closed = withOpen(view.closed, ids);
    return closed === view.closed ? view : { ...view, closed };
  }
  const closed = withOpen(view.closed, [], ids);
  const open = withOpen(view.open, ids.filter((id) => !view.closed.has(id)));
  return closed === view.closed && open === view.open ? view : { open, closed };
}

/** What a key press opens and closes (treeKey's answer). */
export function afterKey(view: TreeView, { expand, collapse, expandAll = [] }: TreeKeyAction, searching: boolean): TreeView {
  const opened = viewAfter(view, [...(expand ? [expand] : []), ...expandAll], true, searching);
  return collapse ? viewAfter(opened, [collapse], false, searching) : opened;
}
