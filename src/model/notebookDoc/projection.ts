import { applyEdit } from './edits';
import { notebookFromFile } from '../nbformat/fromFile';
import { isNotebookDocEvent, NOTEBOOK_AGGREGATE_PREFIX, type ConsoleEvent, type NotebookDocEvent, type NotebookSavedPayload } from '../events';
import type { NotebookDocRow } from '../rows';
import type { TableProjection } from '../projectionTypes';

/** What the sender keeps of an applied notebook save's answer (src/commands/notebookSave.ts). */
export interface NotebookSaveAnswer {
  docId: string;
  version?: string;
  editSeq: number;
}

function seqOf(event: ConsoleEvent): number {
  if (event.seq === undefined) throw new Error(`notebookDocs: event ${event.id} has no seq (append assigns it)`);
  return event.seq;
}

const isSaved = (event: ConsoleEvent): event is ConsoleEvent<NotebookSavedPayload> => event.type === 'WorkspaceNotebookSaved';

function answerOf(event: ConsoleEvent): NotebookSaveAnswer | null {
  if (event.type !== 'SaveApplied') return null;
  const answer = (event.payload as { answer?: Partial<NotebookSaveAnswer> }).answer;
  return typeof answer?.docId === 'string' && typeof answer.editSeq === 'number' ? (answer as NotebookSaveAnswer) : null;
}

const withEdits = (row: NotebookDocRow, changes: Partial<NotebookDocRow>): NotebookDocRow => {
  const next = { ...row, ...changes };
  return { ...next, dirty: next.lastEditSeq > next.savedEditSeq };
};

function applyDocEvent(row: NotebookDocRow | undefined, event: NotebookDocEvent): NotebookDocRow | undefined {
  const seq = seqOf(event);
  if (event.type === 'NotebookOpened') {
    const { docId, path, content, version } = event.payload;
    const notebook = notebookFromFile(content);
    // The command wrote a file it had checked; one that cannot be read changes nothing.
    if (!notebook) return row;
    return { docId, path, openedSeq: seq, notebook, baseVersion: version, lastEditSeq: seq, savedEditSeq: seq, dirty: false, saveId: row?.saveId };
  }
  if (!row) return row; // an edit of a doc this log never opened
  if (event.type === 'NotebookEdited') return withEdits(row, { notebook: applyEdit(row.notebook, event.payload.edit), lastEditSeq: seq });
  const { cellId: id, outputs, executionCount } = event.payload;
  return withEdits(row, { notebook: applyEdit(row.notebook, { op: 'outputs', id, outputs, executionCount }), lastEditSeq: seq });
}

/**
 * One row per open notebook (keyed by its docId): its base, the notebook its edits make of it, and
 * how it stands with the server. A save applied by the server (its answer names the doc) moves the
 * base to the server's new version, unless the doc was opened again since the save was made.
 */
export const notebookDocs: TableProjection<NotebookDocRow> = {
  table: 'notebookDocs',

  keyOf(event: ConsoleEvent): string | null {
    if (isNotebookDocEvent(event)) return event.aggregateId.slice(NOTEBOOK_AGGREGATE_PREFIX.length);
    if (isSaved(event)) return event.payload.docId;
    return answerOf(event)?.docId ?? null;
  },

  apply(row: NotebookDocRow | undefined, event: ConsoleEvent): NotebookDocRow | undefined {
    if (isNotebookDocEvent(event)) return applyDocEvent(row, event);
    if (!row) return row;
    if (isSaved(event)) return { ...row, saveId: event.id };
    const answer = answerOf(event);
    if (!answer || answer.editSeq < row.openedSeq) return row;
    return withEdits(row, { baseVersion: answer.version ?? row.baseVersion, savedEditSeq: Math.max(row.savedEditSeq, answer.editSeq) });
  },
};
