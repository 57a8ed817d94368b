import { ulid } from 'ulid';
import { notebookAggregate, type NewEventSpec } from '../../model/events';
import type { ConsoleDb } from '../../db/schema';
import type { NotebookDocRow } from '../../model/rows';
import { withInverses, type CellEdit, type EditableType } from '../../model/notebookDoc/edits';
import { clearOutputsEdits, deleteEdit, duplicateEdit, insertEdit, mergeEdit, mergeTargets, moveEdit, pasteEdit, splitEdit, typeEdits } from '../../model/notebookDoc/operations';
import { randomCellId } from '../../model/nbformat/ids';
import { withSqlPlace, type CellSqlPlace } from '../../model/nbformat/sqlPlace';
import type { Cell, Nbformat45 } from '../../model/nbformat/types';
import { mutator, refuse, type CommandContext, type Decision, type Refusal } from '../core';

export const NO_DOC_MESSAGE = 'This notebook is not open on this device.';

/** The doc or a refusal, in a command's transaction. */
export async function docOf(db: ConsoleDb, docId: string): Promise<NotebookDocRow | Refusal> {
  return (await db.notebookDocs.get(docId)) ?? refuse('no-doc', NO_DOC_MESSAGE);
}

/**
 * The events of one user action on the doc: one NotebookEdited per edit, each with its inverse
 * against the notebook the edits before it left; several share a group (one undo step).
 */
export function editedEvents(docId: string, notebook: Nbformat45, edits: readonly (CellEdit | null)[], group?: string): NewEventSpec<object>[] {
  const real = edits.filter((edit): edit is CellEdit => edit !== null);
  const shared = group ?? (real.length > 1 ? `step:${ulid()}` : undefined);
  return withInverses(notebook, real).map(({ edit, inverse }) => ({
    type: 'NotebookEdited',
    aggregateId: notebookAggregate(docId),
    payload: shared === undefined ? { edit, inverse } : { edit, inverse, group: shared },
  }));
}

type Where = 'above' | 'below';

/** What an intent decides on the stored notebook: its edits, and what it answers (the cut cells). */
type Decided = { edits: (CellEdit | null)[] };

const only = (...edits: (CellEdit | null)[]) => ({ edits });
const chosenCells = (notebook: Nbformat45, ids: readonly string[]) => notebook.cells.filter((cell) => ids.includes(cell.id));

/** Each cell intent's rule (src/model/notebookDoc/operations.ts), over the notebook as stored. */
const RULES = {
  /** `id` is the new cell's, chosen by the caller so the editor can select it before it lands. */
  insertCell: (notebook: Nbformat45, at: string | null, where: Where, id: string) => only(insertEdit(notebook, at, where, id)),
  deleteCells: (notebook: Nbformat45, ids: readonly string[]) => only(deleteEdit(notebook, ids, randomCellId)),
  /** The cells as stored (what was typed included), then deleted: the clipboard takes them. */
  cutCells: (notebook: Nbformat45, ids: readonly string[]) => ({ edits: [deleteEdit(notebook, ids, randomCellId)], cells: chosenCells(notebook, ids) }),
  moveCells: (notebook: Nbformat45, ids: readonly string[], by: -1 | 1) => only(moveEdit(notebook, ids, by)),
  changeType: (notebook: Nbformat45, ids: readonly string[], to: EditableType) => only(...typeEdits(notebook, ids, to)),
  duplicateCells: (notebook: Nbformat45, ids: readonly string[]) => only(duplicateEdit(notebook, ids, randomCellId)),
  pasteCells: (notebook: Nbformat45, at: string | null, where: Where, cells: readonly Cell[]) => only(pasteEdit(notebook, at, where, cells, randomCellId)),
  clearOutputs: (notebook: Nbformat45) => only(...clearOutputsEdits(notebook)),
  /** The selected cells, or with one selected, the active cell and the one below it. */
  mergeCells: (notebook: Nbformat45, ids: readonly string[], active: string | null) => only(mergeEdit(notebook, mergeTargets(notebook, ids, active))),
  splitCell: (notebook: Nbformat45, id: string, offsets: readonly number[]) => only(splitEdit(notebook, id, offsets, randomCellId)),
  /** A SQL cell's database and schema (its metadata). */
  placeSqlCell: (notebook: Nbformat45, id: string, place: CellSqlPlace) => {
    const cell = notebook.cells.find((one) => one.id === id);
    return only(cell ? { op: 'cellMetadata', id, metadata: withSqlPlace(cell.metadata, place) } : null);
  },
};

/**
 * The notebook's cell intents (`deleteCells(docId, ids)`, `moveCells(docId, ids, by)`, …): each
 * reads the stored doc, decides its edits and appends them in one transaction, so two intents in
 * a row (or from two tabs) each act on the other's result, never on a stale snapshot on screen.
 */
export function createNotebookCellCommands(deps: CommandContext) {
  const intent = <A extends unknown[], R extends Decided>(rule: (notebook: Nbformat45, ...args: A) => R) =>
    mutator(deps, async (docId: string, ...args: A): Promise<Decision<Omit<R, 'edits'>> | Refusal> => {
      const doc = await docOf(deps.db, docId);
      if ('ok' in doc) return doc;
      const { edits, ...answer } = rule(doc.notebook, ...args);
      return { events: editedEvents(docId, doc.notebook, edits), ...answer };
    });
  return {
    insertCell: intent(RULES.insertCell),
    deleteCells: intent(RULES.deleteCells),
    cutCells: intent(RULES.cutCells),
    moveCells: intent(RULES.moveCells),
    changeType: intent(RULES.changeType),
    duplicateCells: intent(RULES.duplicateCells),
    pasteCells: intent(RULES.pasteCells),
    clearOutputs: intent(RULES.clearOutputs),
    mergeCells: intent(RULES.mergeCells),
    splitCell: intent(RULES.splitCell),
    placeSqlCell: intent(RULES.placeSqlCell),
    /** The cells as stored now, in notebook order (Copy). */
    async copyCells(docId: string, ids: readonly string[]): Promise<Cell[]> {
      const doc = await deps.db.notebookDocs.get(docId);
      return doc ? chosenCells(doc.notebook, ids) : [];
    },
  };
}

export type NotebookCellCommands = ReturnType<typeof createNotebookCellCommands>;
