import Dexie from 'dexie';
import type { ConsoleEvent, NotebookSavedPayload } from '../../model/events';
import type { NotebookSaveAnswer } from '../../model/notebookDoc/projection';
import type { ConsoleDb } from '../../db/schema';
import { fileFrom, type notebookSaves } from '../api/notebook.api';
import type { SaveRequest } from '../api/saves.api';
import type { NotSent, SaveRound } from './sender';

type NotebookSaves = ReturnType<typeof notebookSaves>;

/** An earlier save of the same notebook still waits: this one's If-Match is that one's answer. */
async function waitsForEarlier(db: ConsoleDb, change: ConsoleEvent<NotebookSavedPayload>): Promise<boolean> {
  const earlier = await db.saves.where('[state+seq]').between(['pending', Dexie.minKey], ['pending', change.seq ?? 0]).toArray();
  const candidates = earlier.filter((row) => row.type === 'WorkspaceNotebookSaved' || (row.type === 'WorkspaceNotebookCreated' && row.subject === change.payload.path));
  if (candidates.length === 0) return false;
  const events = await db.events.where('id').anyOf(candidates.map((row) => row.id)).toArray();
  return events.some((event) => event.type === 'WorkspaceNotebookCreated' || (event.payload as NotebookSavedPayload).docId === change.payload.docId);
}

/**
 * The version this save is checked against, decided when it is sent: the doc's base when the save
 * was made on it (an earlier save of it applied since moves the base on), else the version the
 * save recorded, else — a notebook this browser created — the listing's. Overwriting (keep mine
 * after a conflict) checks nothing; a notebook the server does not know yet neither (its creation
 * went first), which is the server's rule for POST /files without a precondition.
 */
async function versionFor(db: ConsoleDb, change: ConsoleEvent<NotebookSavedPayload>): Promise<string | undefined> {
  const { docId, version, path } = change.payload;
  const doc = await db.notebookDocs.get(docId);
  if (doc && doc.openedSeq <= (change.seq ?? 0) && doc.baseVersion) return doc.baseVersion;
  return version ?? (await db.workspaceFiles.get(path))?.version;
}

/** The request of a notebook's save (POST /files with If-Match), or a wait for an earlier one. */
export async function notebookSaveRequest(db: ConsoleDb, saves: NotebookSaves, change: ConsoleEvent, round: SaveRound): Promise<SaveRequest | NotSent> {
  const saved = change as ConsoleEvent<NotebookSavedPayload>;
  if (await waitsForEarlier(db, saved)) return { wait: true };
  const ifMatch = round.overwrite ? undefined : await versionFor(db, saved);
  return saves.saveFile(saved.payload.path, saved.payload.content, { key: round.key, label: round.label, ifMatch });
}

/** What an applied save's answer tells the doc: the server's new version, and which edits it holds. */
export function notebookSaveAnswer(change: ConsoleEvent, body: unknown): NotebookSaveAnswer {
  const { docId, editSeq } = change.payload as NotebookSavedPayload;
  const version = fileFrom(body)?.version;
  return version === undefined ? { docId, editSeq } : { docId, version, editSeq };
}
