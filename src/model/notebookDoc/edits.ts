import type { Cell, CellType, JsonObject, Nbformat45, Output } from '../nbformat/types';
import { applyChanges, invertChanges, type TextChange } from './textMerge';

/**
 * Edits of an open notebook, as the editor's events carry them: pure, small, and each with an
 * inverse computed against the notebook it applies to (undo appends the inverse as a new edit).
 * One general `replace` covers insert, delete, paste, merge and split, so they all undo the same way.
 * Edits naming a cell that is gone (another tab deleted it) change nothing rather than fail.
 * What each notebook operation edits is decided in operations.ts.
 */
export type CellEdit =
  /** Removes the `remove` cells, then inserts `insert` at their indices (positions in the result, ascending). */
  | { op: 'replace'; remove: string[]; insert: { index: number; cell: Cell }[] }
  /** Moves the cells (kept in their order) so that the first ends at `index`. */
  | { op: 'move'; ids: string[]; index: number }
  /** The whole order (a move's inverse: exact whatever moved since). */
  | { op: 'order'; ids: string[] }
  /** The cell's whole text: typing as earlier consoles wrote it (their logs still replay it). */
  | { op: 'source'; id: string; source: string }
  /** Typing as text operations on the cell's text as stored: small for a long cell, and two tabs' typing merges (textMerge.ts). */
  | { op: 'text'; id: string; changes: TextChange[] }
  /** sql is a code cell whose metadata.language is "sql" (how the notebook file says it). */
  | { op: 'type'; id: string; to: EditableType }
  | { op: 'outputs'; id: string; outputs: Output[]; executionCount: number | null }
  | { op: 'metadata'; metadata: JsonObject }
  /** One cell's whole metadata (a SQL cell's database and schema live there). */
  | { op: 'cellMetadata'; id: string; metadata: JsonObject };

export type EditableType = CellType | 'sql';

export function cellTypeOf(cell: Cell): EditableType {
  return cell.cell_type === 'code' && cell.metadata.language === 'sql' ? 'sql' : cell.cell_type;
}

export function applyEdit(notebook: Nbformat45, edit: CellEdit): Nbformat45 {
  switch (edit.op) {
    case 'replace':
      return { ...notebook, cells: replaced(notebook.cells, edit.remove, edit.insert) };
    case 'move':
      return { ...notebook, cells: moved(notebook.cells, edit.ids, edit.index) };
    case 'order':
      return { ...notebook, cells: ordered(notebook.cells, edit.ids) };
    case 'source':
      return withCell(notebook, edit.id, (cell) => ({ ...cell, source: edit.source }));
    case 'text':
      return withCell(notebook, edit.id, (cell) => ({ ...cell, source: applyChanges(cell.source, edit.changes) }));
    case 'type':
      return withCell(notebook, edit.id, (cell) => retyped(cell, edit.to));
    case 'outputs':
      return withCell(notebook, edit.id, (cell) => (cell.cell_type === 'code' ? { ...cell, outputs: edit.outputs, execution_count: edit.executionCount } : cell));
    case 'metadata':
      return { ...notebook, metadata: edit.metadata };
    case 'cellMetadata':
      return withCell(notebook, edit.id, (cell) => ({ ...cell, metadata: edit.metadata }));
  }
}

/** The edit that undoes `edit` on `notebook` (the notebook before it). */
export function invertEdit(notebook: Nbformat45, edit: CellEdit): CellEdit {
  switch (edit.op) {
    case 'replace': {
      const removed = new Set(edit.remove);
      const insert = notebook.cells.flatMap((cell, index) => (removed.has(cell.id) ? [{ index, cell }] : []));
      return { op: 'replace', remove: edit.insert.map(({ cell }) => cell.id), insert };
    }
    case 'move':
    case 'order':
      return { op: 'order', ids: notebook.cells.map((cell) => cell.id) };
    case 'source':
      return { op: 'source', id: edit.id, source: cellById(notebook, edit.id)?.source ?? edit.source };
    case 'text': {
      const cell = cellById(notebook, edit.id);
      return { op: 'text', id: edit.id, changes: cell ? invertChanges(cell.source, edit.changes) : [] };
    }
    case 'type': {
      const cell = cellById(notebook, edit.id);
      return cell ? { op: 'replace', remove: [cell.id], insert: [{ index: notebook.cells.indexOf(cell), cell }] } : edit;
    }
    case 'outputs': {
      const cell = cellById(notebook, edit.id);
      return cell?.cell_type === 'code' ? { op: 'outputs', id: edit.id, outputs: cell.outputs, executionCount: cell.execution_count } : edit;
    }
    case 'metadata':
      return { op: 'metadata', metadata: notebook.metadata };
    case 'cellMetadata':
      return { op: 'cellMetadata', id: edit.id, metadata: cellById(notebook, edit.id)?.metadata ?? edit.metadata };
  }
}

export function cellById(notebook: Nbformat45, id: string): Cell | undefined {
  return notebook.cells.find((cell) => cell.id === id);
}

function withCell(notebook: Nbformat45, id: string, change: (cell: Cell) => Cell): Nbformat45 {
  const index = notebook.cells.findIndex((cell) => cell.id === id);
  const changed = index < 0 ? undefined : change(notebook.cells[index]);
  if (changed === undefined || changed === notebook.cells[index]) return notebook;
  const cells = [...notebook.cells];
  cells[index] = changed;
  return { ...notebook, cells };
}

function replaced(cells: Cell[], remove: string[], insert: { index: number; cell: Cell }[]): Cell[] {
  const removed = new Set(remove);
  const kept = cells.filter((cell) => !removed.has(cell.id));
  // A cell that is already there (a repeated event) is not inserted twice.
  const present = new Set(kept.map((cell) => cell.id));
  const result = [...kept];
  for (const { index, cell } of [...insert].sort((a, b) => a.index - b.index)) {
    if (present.has(cell.id)) continue;
    present.add(cell.id);
    result.splice(Math.min(Math.max(index, 0), result.length), 0, cell);
  }
  return result;
}

function moved(cells: Cell[], ids: string[], index: number): Cell[] {
  const moving = new Set(ids);
  const block = cells.filter((cell) => moving.has(cell.id));
  const rest = cells.filter((cell) => !moving.has(cell.id));
  const at = Math.min(Math.max(index, 0), rest.length);
  return [...rest.slice(0, at), ...block, ...rest.slice(at)];
}

/** The cells in the given order; cells it does not name (added since) keep their place after their predecessor. */
function ordered(cells: Cell[], ids: string[]): Cell[] {
  const byId = new Map(cells.map((cell) => [cell.id, cell]));
  const named = ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
  const listed = new Set(ids);
  const result = [...named];
  cells.forEach((cell, index) => {
    if (listed.has(cell.id)) return;
    const before = cells[index - 1];
    const at = before ? result.indexOf(before) + 1 : 0;
    result.splice(at, 0, cell);
  });
  return result;
}

function retyped(cell: Cell, to: EditableType): Cell {
  if (cellTypeOf(cell) === to) return cell;
  const { language: _language, ...metadata } = cell.metadata;
  const base = { id: cell.id, source: cell.source, metadata };
  if (to === 'code') return { ...base, cell_type: 'code', outputs: [], execution_count: null };
  if (to === 'sql') return { ...base, metadata: { ...metadata, language: 'sql' }, cell_type: 'code', outputs: [], execution_count: null };
  return { ...base, cell_type: to };
}

/**
 * Several edits as one step, each with its inverse against the notebook as the edits before it
 * left it (so undoing them last first restores the notebook exactly).
 */
export function withInverses(notebook: Nbformat45, edits: readonly CellEdit[]): { edit: CellEdit; inverse: CellEdit }[] {
  let current = notebook;
  return edits.map((edit) => {
    const inverse = invertEdit(current, edit);
    current = applyEdit(current, edit);
    return { edit, inverse };
  });
}
