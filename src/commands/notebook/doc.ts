import { ulid } from 'ulid';
import { notebookAggregate, WORKSPACE_AGGREGATE, type NewEventSpec } from '../../model/events';
import { notebookInversion, readDocAt, readDocPath } from '../../db/notebookDocs';
import { notebookSaveState } from '../../db/notebookSaves';
import { cellById, type CellEdit } from '../../model/notebookDoc/edits';
import { mergeText, textChanges, type Typed } from '../../model/notebookDoc/textMerge';
import { createNotebookCellCommands, docOf, editedEvents, NO_DOC_MESSAGE } from './cells';
import type { Output } from '../../model/nbformat/types';
import { mutator, refuse, saved, undoable, type CommandContext, type Decision, type Notify, type Refusal, type Result } from '../core';
import { needsAutosave } from './autosave';
import { createNotebookConflicts } from './conflict';
import { browserStorage, createTypingJournal, type TypingJournal } from '../../db/typingJournal';
import { checkedFile, normalizedFile } from './docFile';
import type { NotebookFile } from './files';
import type { Sender } from '../../sync/outbox/sender';
import { WAITING_MESSAGE } from '../workspace/workspace';

export { NO_DOC_MESSAGE };

export const SAVED_MESSAGE = 'File saved successfully';
export const SAVE_ERROR_MESSAGE = 'Error saving file';
export const GONE_MESSAGE = 'This notebook was deleted or replaced in the workspace: save it as a copy to keep it.';

export interface NotebookDocDeps extends CommandContext {
  sender: Pick<Sender, 'wake' | 'settled'>;
  /** A notebook's file: from the server, else this device's copy or log (the workspace's readNotebook). */
  read: (path: string) => Promise<NotebookFile>;
  /** Typing not yet written as an edit, kept for a crash (this browser's localStorage by default). */
  journal?: TypingJournal;
}


// Too large (413): the toast says why at once; a conflict's own dialog says the rest.
const words = { applied: SAVED_MESSAGE, waiting: WAITING_MESSAGE, failed: (verdict: { status: number; message: string }) => (verdict.status === 413 ? verdict.message : SAVE_ERROR_MESSAGE) };

const opened = (docId: string, payload: { path: string; content: string; version?: string }): NewEventSpec<object> => ({
  type: 'NotebookOpened',
  aggregateId: notebookAggregate(docId),
  payload: { docId, ...payload },
});

/** The doc's writes, each read → decide → append in one transaction. */
function docMutators(deps: NotebookDocDeps) {
  const { db } = deps;
  // Decided again in the transaction: another tab may have opened it since it was looked up.
  const openFile = mutator(deps, async (path: string, content: string, version?: string): Promise<Decision<{ docId: string }>> => {
    const doc = await readDocAt(db, path);
    if (doc && (doc.dirty || version === undefined || doc.baseVersion === version)) return { events: [], docId: doc.docId };
    const docId = doc?.docId ?? ulid();
    return { events: [opened(docId, { path, content, version })], docId };
  });
  const appendEdit = mutator(deps, async (docId: string, change: CellEdit, options: { group?: string } = {}): Promise<Decision | Refusal> => {
    const doc = await docOf(db, docId);
    if ('ok' in doc) return doc;
    // Typing back to the stored text (or into a cell another tab deleted) changes nothing.
    const unchanged = change.op === 'source' && (cellById(doc.notebook, change.id)?.source ?? change.source) === change.source;
    return { events: unchanged ? [] : editedEvents(docId, doc.notebook, [change], options.group) };
  });
  // Typed against `base` (the cell's text the editor last had from the document); merged with what
  // the cell holds now, which another tab may have typed into since.
  const typeText = mutator(deps, async (docId: string, cellId: string, typed: Typed, options: { group?: string }): Promise<Decision<{ version: number }> | Refusal> => {
    const doc = await docOf(db, docId);
    if ('ok' in doc) return doc;
    const stored = cellById(doc.notebook, cellId)?.source;
    const changes = stored === undefined ? [] : textChanges(stored, mergeText(typed.base, typed.text, stored));
    const events = changes.length === 0 ? [] : editedEvents(docId, doc.notebook, [{ op: 'text', id: cellId, changes }], options.group);
    return { events, version: doc.lastEditSeq };
  });
  const recordOutputs = mutator(deps, async (docId: string, cellId: string, outputs: Output[], executionCount: number | null): Promise<Decision | Refusal> => {
    const doc = await docOf(db, docId);
    if ('ok' in doc) return doc;
    return { events: [{ type: 'NotebookOutputsRecorded', aggregateId: notebookAggregate(docId), payload: { cellId, outputs, executionCount } }] };
  });
  return { openFile, appendEdit, typeText, recordOutputs, writeSave: saveMutator(deps) };
}

function saveMutator(deps: NotebookDocDeps) {
  const { db } = deps;
  return mutator(deps, async (docId: string, auto: boolean): Promise<Decision | Refusal> => {
    const doc = await docOf(db, docId);
    if ('ok' in doc) return doc;
    // Decided in the transaction: two tabs autosaving the same edit write one save.
    if (auto) {
      const { conflict, writtenEditSeq } = await notebookSaveState(db, docId);
      if (!needsAutosave({ ...doc, writtenEditSeq, conflict: conflict !== null })) return { events: [] };
    }
    const path = await readDocPath(db, doc);
    if (path === null) return refuse('gone', GONE_MESSAGE);
    const file = checkedFile(doc.notebook);
    if (!file.ok) return file;
    const payload = { path, content: file.content, version: doc.baseVersion, docId, editSeq: doc.lastEditSeq };
    return { events: [{ type: 'WorkspaceNotebookSaved', aggregateId: WORKSPACE_AGGREGATE, payload }] };
  });
}

/**
 * The open notebook as events (aggregate `notebook:<docId>`): opening it, each edit with its
 * inverse (undo and redo derived from the log), a run's outputs, and saving it as a workspace
 * change the one sender sends (POST /files with If-Match). Every tab on the same database sees
 * one document: commands read the projected doc and append in one transaction. The cell intents
 * (delete, move, …) are cells.ts's.
 */
export function createNotebookDocCommands(deps: NotebookDocDeps) {
  const { db } = deps;
  const history = (docId: string) => undoable(deps, notebookAggregate(docId), notebookInversion);
  const { openFile, appendEdit, typeText, recordOutputs, writeSave } = docMutators(deps);
  const journal = deps.journal ?? createTypingJournal(browserStorage(), deps.identity.tabId);
  const edit = (docId: string, change: CellEdit, options: { group?: string } = {}) => appendEdit(docId, change, options);

  /**
   * What was typed in a cell (`text`, typed against the document's `base`) as one edit, merged with
   * what another tab typed meanwhile; answers the doc's version that holds it (its lastEditSeq).
   */
  async function type(docId: string, cellId: string, typed: Typed, options: { group?: string } = {}): Promise<Result<{ version: number }>> {
    const result = await typeText(docId, cellId, typed, options);
    if (!result.ok) return result;
    journal.settled(docId, cellId, typed);
    return { ...result, version: result.events.at(-1)?.seq ?? result.version };
  }

  /** Typing a tab that is gone left in the journal becomes the edit it was about to be, merged with what the cell holds now. */
  async function recover(docId: string) {
    for (const { cellId, typed, forget } of await journal.pending(docId)) {
      const result = await typeText(docId, cellId, typed, { group: `recovered:${cellId}` });
      if (result.ok) forget();
    }
  }

  async function openDoc(path: string): Promise<Result<{ docId: string }>> {
    const doc = await readDocAt(db, path);
    if (doc?.dirty) return { ok: true, events: [], docId: doc.docId };
    const file = await deps.read(path);
    if (!file.ok) return doc ? { ok: true, events: [], docId: doc.docId } : file;
    const normalized = normalizedFile(file.content, path);
    if (!normalized.ok) return normalized;
    return openFile(path, normalized.content, file.from === 'server' ? file.version : doc ? undefined : file.version);
  }

  return {
    /**
     * The doc of the notebook at `path`: this device's when it holds unsaved edits or the server has
     * nothing newer (or cannot be reached); else opened (again) from the server's file. Typing a
     * crashed tab had not written yet is written now.
     */
    async open(path: string): Promise<Result<{ docId: string }>> {
      const result = await openDoc(path);
      if (result.ok) await recover(result.docId);
      return result;
    },
    /** What is typed in a cell, at every change, before the pause that makes it an edit (kept for a crash). */
    typed: (docId: string, cellId: string, typing: { size: number; typing: Typed }) => journal.note(docId, cellId, typing.size, () => typing.typing),
    /** One edit; the same `group` for consecutive edits of one cell makes them one undo step. */
    edit,
    /** Typing (the editor calls it per typing pause), merged as text operations. */
    type,
    undo: (docId: string) => history(docId).undo(),
    redo: (docId: string) => history(docId).redo(),
    /** A run's outputs, once it is done (not undoable). */
    recordOutputs,
    /**
     * Writes the doc to its file; told as 'File saved successfully' or 'Error saving file' (offline: it
     * waits in the log). `auto` (autosave) saves only edits no save holds yet, never over a refused
     * save, and tells only errors: the editor's badge shows the rest (JupyterLab's autosave is quiet too).
     */
    async save(docId: string, { auto = false }: { auto?: boolean } = {}) {
      const result = await writeSave(docId, auto);
      if (!result.ok) {
        deps.notify({ kind: 'error', message: SAVE_ERROR_MESSAGE });
        return result;
      }
      const notify: Notify = auto ? (notice) => notice.kind === 'error' && deps.notify(notice) : deps.notify;
      return saved({ ...deps, notify }, words, async () => result)();
    },
    ...createNotebookCellCommands(deps),
    ...createNotebookConflicts({ ...deps, words, opened }),
  };
}

export type NotebookDocCommands = ReturnType<typeof createNotebookDocCommands>;
