import { cellTypeOf } from '../notebookDoc/edits';
import type { Cell, CodeCell, Nbformat45 } from './types';

/** How one cell differs between mine and theirs (matched by cell id). */
export type CellDiff =
  | { kind: 'added'; id: string; cell: Cell }
  | { kind: 'removed'; id: string; cell: Cell }
  | {
      kind: 'changed';
      id: string;
      mine: Cell;
      theirs: Cell;
      /** What differs: the text, the type (code, markdown, raw, sql), the outputs; `moved`: its place among the cells both have. */
      source: boolean;
      type: boolean;
      outputs: boolean;
      moved: boolean;
    };

export interface NotebookDiff {
  /** In theirs' order, with cells only mine has after the theirs cell they follow in mine. */
  cells: CellDiff[];
  /** The notebook's own metadata (kernel, language) differs. */
  metadata: boolean;
}

const json = (value: unknown) => JSON.stringify(value);
const outputsOf = (cell: CodeCell) => json([cell.outputs, cell.execution_count]);

/**
 * The cells both have that moved: all but the longest run kept in the same relative order (a
 * longest increasing subsequence of their places in theirs, taken in mine's order), so moving one
 * cell marks that cell, not every cell it passed.
 */
function movedIds(mine: readonly Cell[], theirs: readonly Cell[], shared: ReadonlySet<string>): Set<string> {
  const place = new Map(theirs.filter((cell) => shared.has(cell.id)).map((cell, i) => [cell.id, i]));
  const ids = mine.filter((cell) => shared.has(cell.id)).map((cell) => cell.id);
  const tails: number[] = []; // tails[k]: index in ids of the smallest tail of an increasing run of length k+1
  const before: number[] = [];
  ids.forEach((id, i) => {
    const at = place.get(id)!;
    let [lo, hi] = [0, tails.length];
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (place.get(ids[tails[mid]])! < at) lo = mid + 1;
      else hi = mid;
    }
    before[i] = lo > 0 ? tails[lo - 1] : -1;
    tails[lo] = i;
  });
  const kept = new Set<string>();
  for (let i = tails.at(-1) ?? -1; i >= 0; i = before[i]) kept.add(ids[i]);
  return new Set(ids.filter((id) => !kept.has(id)));
}

function compare(mine: Cell, theirs: Cell, moved: boolean): CellDiff | null {
  const type = cellTypeOf(mine) !== cellTypeOf(theirs);
  const source = mine.source !== theirs.source;
  // A cell that is not code on both sides has its difference said by its type.
  const outputs = mine.cell_type === 'code' && theirs.cell_type === 'code' && outputsOf(mine) !== outputsOf(theirs);
  if (!type && !source && !outputs && !moved) return null;
  return { kind: 'changed', id: mine.id, mine, theirs, source, type, outputs, moved };
}

/**
 * A cell-by-cell diff of two versions of a notebook (what the conflict dialog shows): cells only
 * theirs has are `added` (the server's copy has them), cells only mine has are `removed` (taking
 * theirs drops them), and cells both have are `changed` when their source, type, outputs or place
 * differ. Pure.
 */
export function notebookDiff(mine: Nbformat45, theirs: Nbformat45): NotebookDiff {
  const mineById = new Map(mine.cells.map((cell) => [cell.id, cell]));
  const theirsIds = new Set(theirs.cells.map((cell) => cell.id));
  const shared = new Set(theirs.cells.filter((cell) => mineById.has(cell.id)).map((cell) => cell.id));
  const moved = movedIds(mine.cells, theirs.cells, shared);
  const cells: CellDiff[] = [];
  const mineOnlyAfter = new Map<string | null, Cell[]>();
  let previous: string | null = null;
  for (const cell of mine.cells) {
    if (theirsIds.has(cell.id)) previous = cell.id;
    else mineOnlyAfter.set(previous, [...(mineOnlyAfter.get(previous) ?? []), cell]);
  }
  const removedAfter = (id: string | null) => (mineOnlyAfter.get(id) ?? []).map((cell): CellDiff => ({ kind: 'removed', id: cell.id, cell }));
  cells.push(...removedAfter(null));
  for (const cell of theirs.cells) {
    const own = mineById.get(cell.id);
    if (!own) cells.push({ kind: 'added', id: cell.id, cell });
    else {
      const changed = compare(own, cell, moved.has(cell.id));
      if (changed) cells.push(changed);
    }
    cells.push(...removedAfter(cell.id));
  }
  return { cells, metadata: json(mine.metadata) !== json(theirs.metadata) };
}
