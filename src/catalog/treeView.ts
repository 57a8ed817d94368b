import type { TreeIndex } from './tree';
import type { CatalogNode, CatalogNodeId, VisibleRow } from './types';

/**
 * What a search found. The tree reads the per-position arrays (no per-node allocation on a
 * keystroke); `matches` and `keep` are the same answer by id, built on first use.
 */
export interface SearchResult {
  /** The lowercased, trimmed text searched for. */
  text: string;
  count: number;
  /** [start, end) of the match in each matching node's name. */
  readonly matches: ReadonlyMap<CatalogNodeId, [number, number]>;
  /** The nodes that stay shown: matches and their ancestors. */
  readonly keep: ReadonlySet<CatalogNodeId>;
  /** The index searched, and per position in it: where the match starts (-1: none), and 1 when kept. */
  index: TreeIndex;
  starts: Int32Array;
  kept: Uint8Array;
}

/** The [start, end) of the match at a position, inside the shown name (lowercasing can lengthen a few characters, like İ). */
function rangeAt(result: Pick<SearchResult, 'index' | 'starts' | 'text'>, at: number): [number, number] | null {
  const start = result.starts[at];
  if (start < 0) return null;
  const length = result.index.nodes[at].name.length;
  return [Math.min(start, length), Math.min(start + result.text.length, length)];
}

function lazily<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}

/**
 * Case-insensitive substring search over the loaded tree's names (as shown, after local renames);
 * null for empty text (no search). One pass over the index's arrays; ancestors are marked by
 * walking parent positions, stopping at the first one already marked.
 */
export function searchTree(index: TreeIndex, text: string): SearchResult | null {
  const needle = text.trim().toLowerCase();
  if (needle === '') return null;
  const { nodes, parents, lowerNames } = index;
  const starts = new Int32Array(nodes.length).fill(-1);
  const kept = new Uint8Array(nodes.length);
  let count = 0;
  for (let i = 0; i < nodes.length; i++) {
    const start = lowerNames[i].indexOf(needle);
    if (start < 0) continue;
    starts[i] = start;
    count++;
    for (let at = i; at >= 0 && kept[at] === 0; at = parents[at]) kept[at] = 1;
  }
  const base = { text: needle, count, index, starts, kept };
  const matches = lazily(() => new Map(nodes.flatMap((node, at) => (starts[at] < 0 ? [] : [[node.id, rangeAt(base, at) as [number, number]] as const]))));
  const keep = lazily(() => new Set(nodes.filter((_, at) => kept[at] === 1).map((node) => node.id)));
  return {
    ...base,
    get matches() {
      return matches();
    },
    get keep() {
      return keep();
    },
  };
}

/** The rows without a search: children of expanded nodes only. */
function allRows(roots: readonly CatalogNode[], expanded: ReadonlySet<CatalogNodeId>): VisibleRow[] {
  const rows: VisibleRow[] = [];
  const visit = (siblings: readonly CatalogNode[]) => {
    siblings.forEach((node, i) => {
      const expandable = node.type !== 'column';
      const open = expandable && expanded.has(node.id);
      rows.push({ node, level: node.depth + 1, posInSet: i + 1, setSize: siblings.length, expanded: open, expandable, match: null });
      if (open) visit(node.children);
    });
  };
  visit(roots);
  return rows;
}

/** A row shown by a search; its highlight range is worked out only for the rows drawn on screen. */
class SearchRow implements VisibleRow {
  expanded = false;
  constructor(
    readonly node: CatalogNode,
    readonly level: number,
    readonly posInSet: number,
    readonly setSize: number,
    readonly expandable: boolean,
    private readonly search: SearchResult,
    private readonly at: number,
  ) {}

  get match(): [number, number] | null {
    return rangeAt(this.search, this.at);
  }
}

/**
 * The rows with a search, walked over the index's positions: a node's children start right after
 * it and each spans its subtree (`ends`). Only kept nodes show, their kept children opened by
 * themselves; a match the user expands shows all its children. Plain loops and no per-node
 * arrays: this runs on every keystroke over up to 100,000 nodes.
 */
function searchRows(search: SearchResult, expanded: ReadonlySet<CatalogNodeId>): VisibleRow[] {
  const { index, kept } = search;
  const { nodes, ends } = index;
  const rows: VisibleRow[] = [];
  const anyOpen = expanded.size > 0;
  /** Pushes the shown children of `parent` (-1: the roots) and their subtrees; answers how many children showed. */
  const emit = (parent: number, filtered: boolean, level: number): number => {
    const end = parent < 0 ? nodes.length : ends[parent];
    let setSize = 0;
    for (let at = parent + 1; at < end; at = ends[at]) if (!filtered || kept[at] === 1) setSize++;
    let posInSet = 0;
    for (let at = parent + 1; at < end; at = ends[at]) {
      if (filtered && kept[at] !== 1) continue;
      const node = nodes[at];
      const expandable = node.type !== 'column';
      const userOpen = anyOpen && expandable && expanded.has(node.id);
      // Filtering goes on below a node unless the user opened a match to see everything in it.
      const filterChildren = filtered && !(userOpen && search.starts[at] >= 0);
      const row = new SearchRow(node, level, ++posInSet, setSize, expandable, search, at);
      rows.push(row);
      if (filterChildren || userOpen) {
        const shown = emit(at, filterChildren, level + 1);
        row.expanded = filterChildren ? shown > 0 : userOpen;
      }
    }
    return posInSet;
  };
  emit(-1, true, 1);
  return rows;
}

/**
 * The rows to render, in display order (depth-first): children of expanded nodes only. With a
 * search (from the index of these same roots), only matches and their ancestors show, the
 * ancestors opened by themselves; a match the user expands shows all its children (to look at a
 * found table's columns).
 */
export function visibleRows(roots: readonly CatalogNode[], expanded: ReadonlySet<CatalogNodeId>, search: SearchResult | null = null): VisibleRow[] {
  return search ? searchRows(search, expanded) : allRows(roots, expanded);
}
