import { WORKSPACE_AGGREGATE, type ConsoleEvent, type NewEventSpec } from '../../model/events';
import { readDocPath } from '../../db/notebookDocs';
import { conflictOf, openSavesOf, type NotebookConflict } from '../../db/notebookSaves';
import { newEvent } from '../../db/identity';
import { append } from '../../db/append';
import { readWorkspace } from '../../db/reads';
import { recordSaveOutcomes } from '../../db/saveOutcome';
import type { SaveRow } from '../../model/saves/projection';
import type { ConsoleDb } from '../../db/schema';
import { notebookDiff, type NotebookDiff } from '../../model/nbformat/diff';
import { notebookFromFile } from '../../model/nbformat/fromFile';
import type { Nbformat45 } from '../../model/nbformat/types';
import { inLog, refuse, saved, type CommandContext, type Refusal, type SaveWords } from '../core';
import { checkedFile, normalizedFile } from './docFile';
import type { NotebookFile } from './files';
import type { Sender } from '../../sync/outbox/sender';

export type { NotebookConflict };

export const NO_CONFLICT_MESSAGE = 'This notebook has no refused save to resolve.';
export const THEIRS_UNREACHABLE_MESSAGE = "The server's copy cannot be read now; try again when the server is back.";

interface ConflictDeps extends CommandContext {
  sender: Pick<Sender, 'wake' | 'settled'>;
  read: (path: string) => Promise<NotebookFile>;
  words: SaveWords<[ConsoleEvent[]]>;
  opened: (docId: string, payload: { path: string; content: string; version?: string; copyOf?: string }) => NewEventSpec<object>;
}

/** "reports/q1.ipynb" → "reports/q1 (copy).ipynb", else "(copy 2)", … : the first name free in its folder. */
export function freeCopyPath(path: string, taken: ReadonlySet<string>): string {
  const slash = path.lastIndexOf('/');
  const [folder, name] = [path.slice(0, slash + 1), path.slice(slash + 1)];
  const stem = name.replace(/\.ipynb$/i, '');
  for (let n = 1; ; n++) {
    const candidate = `${stem} (copy${n === 1 ? '' : ` ${n}`}).ipynb`;
    if (!taken.has(candidate)) return folder + candidate;
  }
}

/** The first copy name free in the folder, in the workspace listing and at the server. */
async function copyPathOf(deps: ConflictDeps, path: string): Promise<string> {
  const folder = path.slice(0, path.lastIndexOf('/') + 1);
  const taken = new Set((await readWorkspace(deps.db)).items.filter((item) => !item.isDeleted && `${item.parentPath}/`.replace(/^\//, '') === folder).map((item) => item.name));
  // The listing may be behind the server: a name the server (or this device) has a file at is taken too.
  let copy = freeCopyPath(path, taken);
  while ((await deps.read(copy)).ok) {
    taken.add(copy.slice(folder.length));
    copy = freeCopyPath(path, taken);
  }
  return copy;
}

async function conflictRows(db: ConsoleDb, docId: string): Promise<(NotebookConflict & { rows: SaveRow[] }) | null> {
  const rows = await openSavesOf(db, docId);
  const found = conflictOf(rows);
  return found && { ...found, rows };
}

/** The doc, its current path and the server's file there, read from the server only. */
async function theirsOf(deps: ConflictDeps, docId: string): Promise<{ path: string; content: string; version?: string; mine: Nbformat45 } | Refusal> {
  const doc = await deps.db.notebookDocs.get(docId);
  const path = doc && (await readDocPath(deps.db, doc));
  if (!doc || !path) return refuse('no-doc', NO_CONFLICT_MESSAGE);
  const file = await deps.read(path);
  if (!file.ok || file.from !== 'server') return refuse('offline', THEIRS_UNREACHABLE_MESSAGE);
  const normalized = normalizedFile(file.content, path);
  return normalized.ok ? { path, content: normalized.content, version: file.version, mine: doc.notebook } : normalized;
}

/**
 * After a save refused because the file changed on the server (409): keep mine (the save again,
 * overwriting), take theirs (the server's file becomes the doc's base), or keep mine as a copy
 * (a new notebook the doc then lives at). Never a silent overwrite: each is the user's choice.
 */
export function createNotebookConflicts(deps: ConflictDeps) {
  const { db, identity } = deps;
  const drop = (rows: SaveRow[]) => recordSaveOutcomes(db, identity, rows.map((change) => ({ change, outcome: { kind: 'discarded' as const } })));
  const tell = saved(deps, deps.words, async (events: ConsoleEvent[]) => ({ ok: true as const, events }));

  const conflict = (docId: string) => conflictRows(db, docId);
  const theirs = (docId: string) => theirsOf(deps, docId);
  return {
    /** The doc's refused save (a 409), or null: what the conflict dialog opens on. */
    conflict: async (docId: string): Promise<NotebookConflict | null> => {
      const found = await conflict(docId);
      return found && { changeId: found.changeId, status: found.status, message: found.message };
    },
    /** Mine against the server's copy, cell by cell (by cell id). */
    async compare(docId: string): Promise<{ ok: true; mine: Nbformat45; theirs: Nbformat45; diff: NotebookDiff } | Refusal> {
      const found = await theirs(docId);
      if ('ok' in found) return found;
      const other = notebookFromFile(found.content) as Nbformat45;
      return { ok: true, mine: found.mine, theirs: other, diff: notebookDiff(found.mine, other) };
    },
    /** The refused save goes again without the version check (older refused saves of the doc are dropped). */
    async keepMine(docId: string) {
      const found = await conflict(docId);
      if (!found) return refuse('no-conflict', NO_CONFLICT_MESSAGE);
      const last = found.rows.at(-1)!;
      await drop(found.rows.slice(0, -1));
      await recordSaveOutcomes(db, identity, [{ change: last, outcome: { kind: 'retried', attempt: last.attempt + 1, overwrite: true } }]);
      return tell(await db.events.where('id').equals(last.id).toArray());
    },
    /** The server's file becomes the doc (a new base; edits before it are no longer undone); the doc's open saves are dropped. */
    async takeTheirs(docId: string): Promise<{ ok: true } | Refusal> {
      const found = await theirs(docId);
      if ('ok' in found) return found;
      await inLog(db, async () => {
        await drop(await openSavesOf(db, docId));
        await append(db, [newEvent(identity, deps.opened(docId, { path: found.path, content: found.content, version: found.version }))]);
      });
      return { ok: true };
    },
    /** Mine as a new notebook beside it ("name (copy).ipynb"); the doc lives there from now on, its history kept. */
    async saveAsCopy(docId: string) {
      const doc = await db.notebookDocs.get(docId);
      const path = doc && (await readDocPath(db, doc));
      if (!doc || !path) return refuse('no-doc', NO_CONFLICT_MESSAGE);
      const file = checkedFile(doc.notebook);
      if (!file.ok) return file;
      const copy = await copyPathOf(deps, path);
      const events = await inLog(db, async () => {
        await drop(await openSavesOf(db, docId));
        const created = { type: 'WorkspaceNotebookCreated', aggregateId: WORKSPACE_AGGREGATE, payload: { path: copy, content: file.content } };
        return append(db, [created, deps.opened(docId, { path: copy, content: file.content, copyOf: path })].map((spec) => newEvent(identity, spec)));
      });
      const verdict = await tell(events.slice(0, 1));
      return { ok: true as const, path: copy, verdict };
    },
  };
}
