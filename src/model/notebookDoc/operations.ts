import type { CellEdit, EditableType } from './edits';
import type { Cell, Nbformat45 } from '../nbformat/types';

/**
 * The notebook operations as CellEdits, pure: the editor sends them through notebook.edit (each
 * one event, undoable). null when there is nothing to do (moving the first cell up).
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
