import Dexie from 'dexie';
import type { NotebookSavedPayload } from '../model/events';
import type { ConsoleDb } from './schema';
import type { SaveRow } from '../model/saves/projection';

/** A refused save of an open notebook: the change, why, and where the doc is now. */
export interface NotebookConflict {
  changeId: string;
  status: number;
  message: string;
}

/** How an open notebook's saves stand, for its editor: what the badge, autosave and the conflict dialog read. */
export interface NotebookSaveState {
  /** The doc's last save was refused because the file changed on the server (a 409), else null. */
  conflict: NotebookConflict | null;
  /** The doc's last save was refused for another reason (too large: a 413), else null: the editor says why. */
  refused: NotebookConflict | null;
  /** A save of the doc waits for the server. */
  waiting: boolean;
  /** The last edit its latest save holds (sent or not), or null when it was never saved on this device. */
  writtenEditSeq: number | null;
}

/** The doc's saves still open (waiting or refused), oldest first: each holds the whole file, so the latest supersedes the rest. */
export async function openSavesOf(db: ConsoleDb, docId: string): Promise<SaveRow[]> {
  const rows = (
    await Promise.all(['pending', 'failed'].map((state) => db.saves.where('[state+seq]').between([state, Dexie.minKey], [state, Dexie.maxKey]).toArray()))
  )
    .flat()
    .filter((row) => row.type === 'WorkspaceNotebookSaved');
  const events = new Map((await db.events.where('id').anyOf(rows.map((row) => row.id)).toArray()).map((event) => [event.id, event]));
  return rows.filter((row) => (events.get(row.id)?.payload as NotebookSavedPayload | undefined)?.docId === docId).sort((a, b) => a.seq - b.seq);
}

/** The refused save a conflict dialog resolves: the doc's latest open save, when the server refused it with 409. Pure. */
export function conflictOf(rows: readonly SaveRow[]): NotebookConflict | null {
  const last = rows.at(-1);
  if (last?.state !== 'failed' || last.status !== 409) return null;
  return { changeId: last.id, status: last.status, message: last.message ?? '' };
}

/** The doc's latest open save when the server refused it for a reason other than a conflict. Pure. */
export function refusalOf(rows: readonly SaveRow[]): NotebookConflict | null {
  const last = rows.at(-1);
  if (last?.state !== 'failed' || last.status === 409) return null;
  return { changeId: last.id, status: last.status ?? 0, message: last.message ?? 'The server refused this save.' };
}

/** See NotebookSaveState; read-only, for a live query. */
export async function notebookSaveState(db: ConsoleDb, docId: string): Promise<NotebookSaveState> {
  const [rows, doc] = await Promise.all([openSavesOf(db, docId), db.notebookDocs.get(docId)]);
  const latest = doc?.saveId ? await db.events.where('id').equals(doc.saveId).first() : undefined;
  const writtenEditSeq = (latest?.payload as NotebookSavedPayload | undefined)?.editSeq ?? null;
  return { conflict: conflictOf(rows), refused: refusalOf(rows), waiting: rows.some((row) => row.state === 'pending'), writtenEditSeq };
}
