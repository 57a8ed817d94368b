import type { CatalogNodeId, VisibleRow } from './types';

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

const idAt = (rows: readonly VisibleRow[], at: number): TreeKeyAction => (rows[at] ? { focus: rows[at].node.id } : {});

/** The position of the focused row's parent: the nearest row above at a lower level; -1 for a root. */
function parentAt(rows: readonly VisibleRow[], at: number): number {
  for (let i = at - 1; i >= 0; i--) if (rows[i].level < rows[at].level) return i;
  return -1;
}

/** The focused row's siblings as shown: the rows at its level under the same parent. */
function siblingsOf(rows: readonly VisibleRow[], at: number): VisibleRow[] {
  const level = rows[at].level;
  const siblings: VisibleRow[] = [];
  for (let i = parentAt(rows, at) + 1; i < rows.length && rows[i].level >= level; i++) if (rows[i].level === level) siblings.push(rows[i]);
  return siblings;
}

/** Typeahead: the next row (wrapping) whose shown name starts with the typed character. */
function startingWith(rows: readonly VisibleRow[], at: number, char: string): TreeKeyAction {
  const lower = char.toLowerCase();
  for (let step = 1; step <= rows.length; step++) {
    const row = rows[(at + step) % rows.length];
    if (row.node.name.toLowerCase().startsWith(lower)) return { focus: row.node.id };
  }
  return {};
}

function arrowRight(rows: readonly VisibleRow[], at: number): TreeKeyAction {
  const row = rows[at];
  if (!row.expandable) return {};
  if (!row.expanded) return { expand: row.node.id };
  return (rows[at + 1]?.level ?? 0) > row.level ? idAt(rows, at + 1) : {}; // open with no child shown yet (loading)
}

/**
 * The WAI-ARIA tree pattern's keys, as a pure function of the visible rows and the focused node.
 * `expanded` is the user's expanded set: during a search the ancestors of matches show open
 * without being in it, and ArrowLeft on one goes to its parent (collapsing would change nothing).
 */
export function treeKey(rows: readonly VisibleRow[], focusedId: CatalogNodeId | null, key: string, expanded?: ReadonlySet<CatalogNodeId>): TreeKeyAction {
  if (rows.length === 0) return {};
  const at = rows.findIndex((row) => row.node.id === focusedId);
  const row = rows[at];
  if (!row) {
    // Nothing focused (yet, or the row went away): navigation starts at an end of the tree.
    if (key === 'End') return idAt(rows, rows.length - 1);
    return key.startsWith('Arrow') || key === 'Home' ? idAt(rows, 0) : {};
  }
  switch (key) {
    case 'ArrowDown':
      return idAt(rows, at + 1);
    case 'ArrowUp':
      return idAt(rows, at - 1);
    case 'ArrowRight':
      return arrowRight(rows, at);
    case 'ArrowLeft':
      if (row.expanded && (expanded?.has(row.node.id) ?? true)) return { collapse: row.node.id };
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
