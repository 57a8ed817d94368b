import { cellById, type CellEdit, type EditableType } from './edits';
import type { Cell, Nbformat45 } from '../nbformat/types';

/**
 * Every notebook operation as the CellEdits it makes, pure: the notebook commands
 * (commands/notebook/cells.ts) decide them on the stored doc inside the log's transaction.
 * null (or no edit) when there is nothing to do (moving the first cell up).
 */

export function emptyCode(id: string): Cell {
  return { id, cell_type: 'code', metadata: {}, source: '', outputs: [], execution_count: null };
}

/** A new empty code cell above or below `at` (at the end when `at` is not found). */
export function insertEdit(notebook: Nbformat45, at: string | null, where: 'above' | 'below', id: string): CellEdit {
  const index = notebook.cells.findIndex((cell) => cell.id === at);
  const position = index < 0 ? notebook.cells.length : where === 'above' ? index : index + 1;
  return { op: 'replace', remove: [], insert: [{ index: position, cell: emptyCode(id) }] };
}

/** Deletes the cells; the last cell of a notebook is replaced by an empty one (a notebook keeps a cell). */
export function deleteEdit(notebook: Nbformat45, ids: readonly string[], newId: () => string): CellEdit | null {
  const remove = notebook.cells.filter((cell) => ids.includes(cell.id)).map((cell) => cell.id);
  if (remove.length === 0) return null;
  const emptied = remove.length === notebook.cells.length;
  return { op: 'replace', remove, insert: emptied ? [{ index: 0, cell: emptyCode(newId()) }] : [] };
}

/** Moves the selected cells one place up or down, together. */
export function moveEdit(notebook: Nbformat45, ids: readonly string[], by: -1 | 1): CellEdit | null {
  const indices = notebook.cells.flatMap((cell, i) => (ids.includes(cell.id) ? [i] : []));
  if (indices.length === 0) return null;
  const first = indices[0] + by;
  if (first < 0 || indices[indices.length - 1] + by >= notebook.cells.length) return null;
  return { op: 'move', ids: indices.map((i) => notebook.cells[i].id), index: first };
}

export function typeEdits(notebook: Nbformat45, ids: readonly string[], to: EditableType): CellEdit[] {
  return notebook.cells.filter((cell) => ids.includes(cell.id)).map((cell) => ({ op: 'type', id: cell.id, to }));
}

/** Copies of cells, with new ids and no outputs (pasted cells are new cells). */
export function pasteEdit(notebook: Nbformat45, at: string | null, where: 'above' | 'below', cells: readonly Cell[], newId: () => string): CellEdit | null {
  if (cells.length === 0) return null;
  const index = notebook.cells.findIndex((cell) => cell.id === at);
  const start = index < 0 ? notebook.cells.length : where === 'above' ? index : index + 1;
  const insert = cells.map((cell, i) => ({ index: start + i, cell: { ...cell, id: newId() } }));
  return { op: 'replace', remove: [], insert };
}

/** Copies of the cells right below the last of them, outputs kept (JupyterLab's Duplicate). */
export function duplicateEdit(notebook: Nbformat45, ids: readonly string[], newId: () => string): CellEdit | null {
  const cells = notebook.cells.filter((cell) => ids.includes(cell.id));
  const last = cells.at(-1);
  if (!last) return null;
  const start = notebook.cells.indexOf(last) + 1;
  return { op: 'replace', remove: [], insert: cells.map((cell, i) => ({ index: start + i, cell: { ...cell, id: newId() } })) };
}

/** Empties the outputs and counts of every code cell that has any (one edit each; the editor groups them into one undo step). */
export function clearOutputsEdits(notebook: Nbformat45): CellEdit[] {
  return notebook.cells.flatMap((cell) =>
    cell.cell_type === 'code' && (cell.outputs.length > 0 || cell.execution_count !== null) ? [{ op: 'outputs' as const, id: cell.id, outputs: [], executionCount: null }] : [],
  );
}

/** Shift+M: the cells (in notebook order) become one, with the first's id, type and metadata; sources joined by a line break, outputs cleared. */
export function mergeEdit(notebook: Nbformat45, ids: readonly string[]): CellEdit | null {
  const chosen = new Set(ids);
  const cells = notebook.cells.filter((cell) => chosen.has(cell.id));
  if (cells.length < 2) return null;
  const [first] = cells;
  const source = cells.map((cell) => cell.source).join('\n');
  const merged: Cell = first.cell_type === 'code' ? { ...first, source, outputs: [], execution_count: null } : { ...first, source };
  return { op: 'replace', remove: cells.map((cell) => cell.id), insert: [{ index: notebook.cells.indexOf(first), cell: merged }] };
}

/**
 * Ctrl+Shift+-: the cell's source cut at the offsets (the cursor, or a selection's ends) into cells
 * of its type; the first keeps its id and outputs, the others get new ids. Empty parts are dropped.
 */
export function splitEdit(notebook: Nbformat45, id: string, offsets: readonly number[], newCellId: () => string): CellEdit | null {
  const cell = cellById(notebook, id);
  if (!cell) return null;
  const cuts = [...new Set(offsets)].filter((offset) => offset > 0 && offset < cell.source.length).sort((a, b) => a - b);
  const parts = [0, ...cuts].map((start, i) => cell.source.slice(start, cuts[i] ?? cell.source.length).replace(/^\n|\n$/g, ''));
  const kept = parts.filter((part) => part.trim() !== '');
  if (kept.length < 2) return null;
  const index = notebook.cells.indexOf(cell);
  const pieces = kept.map((source, i): Cell => {
    if (i === 0) return { ...cell, source };
    const fresh = { ...cell, id: newCellId(), source };
    return fresh.cell_type === 'code' ? { ...fresh, outputs: [], execution_count: null } : fresh;
  });
  return { op: 'replace', remove: [id], insert: pieces.map((piece, i) => ({ index: index + i, cell: piece })) };
}

/** What Shift+M merges: the selected cells, or with one selected, the active cell and the one below it. */
export function mergeTargets(notebook: Nbformat45, ids: readonly string[], active: string | null): string[] {
  if (ids.length > 1) return [...ids];
  const at = notebook.cells.findIndex((cell) => cell.id === active);
  return at < 0 ? [] : notebook.cells.slice(at, at + 2).map((cell) => cell.id);
}
