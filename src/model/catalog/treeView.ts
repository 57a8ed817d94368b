import type { CatalogNode, CatalogNodeId, RowList, TreeIndex, VisibleRow } from './types';

/** What a search found, per position in the index: no per-node allocation on a keystroke. */
export interface SearchResult {
  /** The lowercased, trimmed text searched for. */
  text: string;
  count: number;
  index: TreeIndex;
  /** Per position: MATCH when the name holds the text, KEPT for an ancestor of a match (it stays shown), 0 otherwise. */
  kept: Uint8Array;
}

const KEPT = 1;
export const MATCH = 2;

/**
 * The [start, end) of the match in the name at a position, or null; worked out for the rows drawn
 * only. Clamped to the shown name: lowercasing can lengthen a few characters, like İ.
 */
export function matchRange(search: SearchResult, at: number): [number, number] | null {
  if (search.kept[at] !== MATCH) return null;
  const start = search.index.lowerNames[at].indexOf(search.text);
  const length = search.index.nodes[at].name.length;
  return [Math.min(start, length), Math.min(start + search.text.length, length)];
}

/**
 * Case-insensitive substring search over the loaded tree's names (as shown, after local renames);
 * null for empty text (no search). One pass over the index's arrays; ancestors are marked by
 * walking parent positions, stopping at the first one already marked (positions are depth-first,
 * so a node is seen before anything below it).
 */
export function searchTree(index: TreeIndex, text: string): SearchResult | null {
  const needle = text.trim().toLowerCase();
  if (needle === '') return null;
  const { nodes, parents, lowerNames } = index;
  const kept = new Uint8Array(nodes.length);
  let count = 0;
  for (let i = 0; i < nodes.length; i++) {
    if (!lowerNames[i].includes(needle)) continue;
    kept[i] = MATCH;
    count++;
    for (let at = parents[i]; at >= 0 && kept[at] === 0; at = parents[at]) kept[at] = KEPT;
  }
  return { text: needle, count, index, kept };
}

/** No tree yet. */
export const NO_ROWS: RowList = {
  length: 0,
  at: (at) => {
    throw new RangeError(`No row ${at}: the tree is empty`);
  },
  nodeAt: (at) => {
    throw new RangeError(`No row ${at}: the tree is empty`);
  },
  indexOf: () => -1,
};

/** Row flags by index position (TreeRows.flags). */
const SHOWN_OPEN = 1;
const FILTERED = 2;
/** In the user's open or (during a search) closed nodes: replaced by the flags above when the pass opens the node. */
const USER_OPEN = 4;
const USER_CLOSED = 8;

/**
 * The shown rows as index positions: a node's children start right after it and each spans its
 * subtree (`ends`), so the pass skips every closed or filtered subtree whole. Without a search,
 * the children of expanded nodes show. With one, only kept nodes show, their kept children opened
 * by themselves (unless the user closed them); a match the user expands shows all its children
 * (to look at a found table's columns).
 */
class TreeRows implements RowList {
  readonly length: number;
  /** Display position → index position. */
  private readonly order: Int32Array;
  /** Per index position, after the pass: SHOWN_OPEN and FILTERED (its shown children are filtered by the search). */
  private readonly flags: Uint8Array;
  /** shownChildren's answers, by parent position. */
  private readonly siblings = new Map<number, Int32Array>();

  constructor(
    private readonly index: TreeIndex,
    expanded: ReadonlySet<CatalogNodeId>,
    private readonly search: SearchResult | null,
    closed: ReadonlySet<CatalogNodeId>,
  ) {
    const { nodes, ends, positions } = index;
    const kept = search?.kept;
    const order = new Int32Array(nodes.length);
    const flags = new Uint8Array(nodes.length);
    // The user's open and closed nodes as flags by position: the pass below reads only typed arrays.
    for (const id of expanded) {
      const at = positions.get(id);
      if (at !== undefined && nodes[at].type !== 'column') flags[at] = USER_OPEN;
    }
    for (const id of closed) {
      const at = positions.get(id);
      if (at !== undefined) flags[at] |= USER_CLOSED;
    }
    let count = 0;
    const visit = (parent: number, filtered: boolean) => {
      const end = parent < 0 ? nodes.length : ends[parent];
      for (let at = parent + 1; at < end; at = ends[at]) {
        if (filtered && (kept as Uint8Array)[at] === 0) continue;
        order[count++] = at;
        if ((flags[at] & USER_CLOSED) !== 0) continue;
        const userOpen = (flags[at] & USER_OPEN) !== 0;
        // Filtering goes on below a node unless the user opened a match to see everything in it.
        const filterChildren = filtered && !(userOpen && (kept as Uint8Array)[at] === MATCH);
        if (!filterChildren && !userOpen) continue;
        const first = count;
        visit(at, filterChildren);
        flags[at] = filterChildren ? (count > first ? SHOWN_OPEN : 0) | FILTERED : SHOWN_OPEN;
      }
    };
    visit(-1, search !== null);
    this.length = count;
    this.order = order.subarray(0, count);
    this.flags = flags;
  }

  nodeAt(at: number): CatalogNode {
    return this.index.nodes[this.order[at]];
  }

  /** For TreeRow: the node at an index position. */
  nodeAtPosition(position: number): CatalogNode {
    return this.index.nodes[position];
  }

  at(at: number): VisibleRow {
    return new TreeRow(this, this.order[at]);
  }

  indexOf(id: CatalogNodeId): number {
    const position = this.index.positions.get(id);
    // Display order is index order.
    return position === undefined ? -1 : bisect(this.order, position);
  }

  /** For TreeRow: the node at an index position shows open. */
  openAt(position: number): boolean {
    return (this.flags[position] & SHOWN_OPEN) !== 0;
  }

  /** For TreeRow: the search's highlight in the name at an index position. */
  matchAt(position: number): [number, number] | null {
    return this.search ? matchRange(this.search, position) : null;
  }

  /** For TreeRow: [posInSet, setSize] of an index position among the shown children of its parent. */
  place(position: number): [number, number] {
    const siblings = this.shownChildren(this.index.parents[position]);
    return [bisect(siblings, position) + 1, siblings.length];
  }

  /**
   * The shown children of a node (-1: the roots) as index positions, in order: worked out once per
   * parent and kept, so drawing rows under a schema of 50,000 tables does not count them each frame.
   */
  private shownChildren(parent: number): Int32Array {
    let children = this.siblings.get(parent);
    if (children) return children;
    const { ends, nodes } = this.index;
    const filtered = parent < 0 ? this.search !== null : (this.flags[parent] & FILTERED) !== 0;
    const kept = this.search?.kept;
    const shown: number[] = [];
    for (let at = parent + 1, end = parent < 0 ? nodes.length : ends[parent]; at < end; at = ends[at]) {
      if (!filtered || (kept as Uint8Array)[at] !== 0) shown.push(at);
    }
    children = Int32Array.from(shown);
    this.siblings.set(parent, children);
    return children;
  }
}

/** Where a value is in an ascending array; -1 when it is not there. */
function bisect(sorted: Int32Array, value: number): number {
  let low = 0;
  let high = sorted.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (sorted[middle] === value) return middle;
    if (sorted[middle] < value) low = middle + 1;
    else high = middle - 1;
  }
  return -1;
}

/** A row of TreeRows, worked out when the tree draws it; its place among siblings only when asked. */
class TreeRow implements VisibleRow {
  readonly node: CatalogNode;
  readonly level: number;
  readonly expanded: boolean;
  readonly expandable: boolean;
  readonly match: [number, number] | null;
  private placed: [number, number] | null = null;

  constructor(
    private readonly rows: TreeRows,
    private readonly position: number,
  ) {
    this.node = rows.nodeAtPosition(position);
    this.level = this.node.depth + 1;
    this.expanded = rows.openAt(position);
    this.expandable = this.node.type !== 'column';
    this.match = rows.matchAt(position);
  }

  get posInSet(): number {
    return (this.placed ??= this.rows.place(this.position))[0];
  }

  get setSize(): number {
    return (this.placed ??= this.rows.place(this.position))[1];
  }
}

/**
 * The rows to render, in display order (depth-first); with a search from this same index.
 * `closed`: nodes the user closed during the search, shown closed although the search opens them.
 */
export function visibleRows(index: TreeIndex, expanded: ReadonlySet<CatalogNodeId>, search: SearchResult | null = null, closed: ReadonlySet<CatalogNodeId> = NO_IDS): RowList {
  return new TreeRows(index, expanded, search, closed);
}

const NO_IDS: ReadonlySet<CatalogNodeId> = new Set();
