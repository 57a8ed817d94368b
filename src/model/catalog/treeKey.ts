import type { CatalogNodeId, RowList, VisibleRow } from './types';

/** What a key press in the tree asks for; the UI applies it (moves focus, changes its expanded set, selects). */
export interface TreeKeyAction {
  focus?: CatalogNodeId;
  expand?: CatalogNodeId;
  collapse?: CatalogNodeId;
  /** Enter: select / open the node. */
  activate?: CatalogNodeId;
  /** '*': expand every closed sibling of the focused node. */
  expandAll?: CatalogNodeId[];
}

const idAt = (rows: RowList, at: number): TreeKeyAction => (at >= 0 && at < rows.length ? { focus: rows.nodeAt(at).id } : {});
const levelAt = (rows: RowList, at: number) => rows.nodeAt(at).depth + 1;

/** The position of the focused row's parent: the nearest row above at a lower level; -1 for a root. */
function parentAt(rows: RowList, at: number): number {
  const level = levelAt(rows, at);
  for (let i = at - 1; i >= 0; i--) if (levelAt(rows, i) < level) return i;
  return -1;
}

/** The focused row's siblings as shown: the rows at its level under the same parent. */
function siblingsOf(rows: RowList, at: number): VisibleRow[] {
  const level = levelAt(rows, at);
  const siblings: VisibleRow[] = [];
  for (let i = parentAt(rows, at) + 1; i < rows.length && levelAt(rows, i) >= level; i++) if (levelAt(rows, i) === level) siblings.push(rows.at(i));
  return siblings;
}

/** Typeahead: the next row (wrapping) whose shown name starts with the typed character. */
function startingWith(rows: RowList, at: number, char: string): TreeKeyAction {
  const lower = char.toLowerCase();
  for (let step = 1; step <= rows.length; step++) {
    const node = rows.nodeAt((at + step) % rows.length);
    if (node.name.toLowerCase().startsWith(lower)) return { focus: node.id };
  }
  return {};
}

function arrowRight(rows: RowList, at: number): TreeKeyAction {
  const row = rows.at(at);
  if (!row.expandable) return {};
  if (!row.expanded) return { expand: row.node.id };
  return at + 1 < rows.length && levelAt(rows, at + 1) > row.level ? idAt(rows, at + 1) : {}; // open with no child shown yet (loading)
}

/** The WAI-ARIA tree pattern's keys, as a pure function of the visible rows and the focused node. */
export function treeKey(rows: RowList, focusedId: CatalogNodeId | null, key: string): TreeKeyAction {
  if (rows.length === 0) return {};
  const at = focusedId === null ? -1 : rows.indexOf(focusedId);
  if (at < 0) {
    // Nothing focused (yet, or the row went away): navigation starts at an end of the tree.
    if (key === 'End') return idAt(rows, rows.length - 1);
    return key.startsWith('Arrow') || key === 'Home' ? idAt(rows, 0) : {};
  }
  const row = rows.at(at);
  switch (key) {
    case 'ArrowDown':
      return idAt(rows, at + 1);
    case 'ArrowUp':
      return idAt(rows, at - 1);
    case 'ArrowRight':
      return arrowRight(rows, at);
    case 'ArrowLeft':
      if (row.expanded) return { collapse: row.node.id };
      return idAt(rows, parentAt(rows, at));
    case 'Home':
      return idAt(rows, 0);
    case 'End':
      return idAt(rows, rows.length - 1);
    case 'Enter':
      return { activate: row.node.id };
    case '*':
      return { expandAll: siblingsOf(rows, at).filter((r) => r.expandable && !r.expanded).map((r) => r.node.id) };
    default:
      return key.length === 1 && key !== ' ' ? startingWith(rows, at, key) : {};
  }
}
