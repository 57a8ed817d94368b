import Dexie from 'dexie';
import { isWorkspaceChangeEvent, WORKSPACE_AGGREGATE, type ConsoleEvent, type HistoryInvert, type Invert } from '../model/events';
import type { ConsoleDb } from './schema';
import type { NotebookDocRow } from '../model/rows';

/** What path → doc needs of a doc (not its notebook). */
export type DocPlace = Pick<NotebookDocRow, 'docId' | 'path' | 'openedSeq'>;

const isUnder = (path: string, root: string) => path === root || path.startsWith(`${root}/`);

/**
 * Where a doc's notebook is now: its path when opened, followed through later renames and moves
 * of it or a folder above it; null once it was deleted (and not restored) or another notebook was
 * created in its place. Pure: `events` are the workspace's, in seq order; `skip` holds changes
 * whose save was dropped (the server never did them).
 */
export function docPath(doc: DocPlace, events: readonly ConsoleEvent[], skip: ReadonlySet<string> = new Set()): string | null {
  let path = doc.path;
  let gone = false;
  for (const event of events) {
    if ((event.seq ?? 0) <= doc.openedSeq || skip.has(event.id) || !isWorkspaceChangeEvent(event)) continue;
    switch (event.type) {
      case 'WorkspaceItemRenamed': {
        const { oldPath, newPath } = event.payload;
        if (isUnder(path, oldPath)) path = newPath + path.slice(oldPath.length);
        break;
      }
      case 'WorkspaceItemDeleted':
      case 'WorkspaceItemPurged':
        if (isUnder(path, event.payload.path)) gone = true;
        break;
      case 'WorkspaceItemRestored':
        if (isUnder(path, event.payload.path)) gone = false;
        break;
      case 'WorkspaceNotebookCreated':
        if (event.payload.path === path) gone = true;
        break;
    }
  }
  return gone ? null : path;
}

/** The doc whose notebook is at `path` now (the latest opened, if several were); null when none is. Pure. */
export function docAtPath<D extends DocPlace>(docs: readonly D[], events: readonly ConsoleEvent[], path: string, skip?: ReadonlySet<string>): D | null {
  const here = docs.filter((doc) => docPath(doc, events, skip) === path);
  return here.reduce<D | null>((best, doc) => (best === null || doc.openedSeq > best.openedSeq ? doc : best), null);
}

/** The workspace's events in seq order, and the changes whose saves were dropped. */
export async function workspaceHistory(db: ConsoleDb): Promise<{ events: ConsoleEvent[]; skip: Set<string> }> {
  const events = await db.events.where('[aggregateId+seq]').between([WORKSPACE_AGGREGATE, Dexie.minKey], [WORKSPACE_AGGREGATE, Dexie.maxKey]).toArray();
  const skip = new Set((await db.saves.where('[state+seq]').between(['discarded', Dexie.minKey], ['discarded', Dexie.maxKey]).toArray()).map((row) => row.id));
  return { events, skip };
}

/** The doc open at `path` now, from this database; null when none is. */
export async function readDocAt(db: ConsoleDb, path: string): Promise<NotebookDocRow | null> {
  const [docs, { events, skip }] = await Promise.all([db.notebookDocs.toArray(), workspaceHistory(db)]);
  return docAtPath(docs, events, path, skip);
}

/** Where this doc is now (see docPath). */
export async function readDocPath(db: ConsoleDb, doc: DocPlace): Promise<string | null> {
  const { events, skip } = await workspaceHistory(db);
  return docPath(doc, events, skip);
}

const notebookInverse: Invert = (event) => {
  if (event.type !== 'NotebookEdited') return null;
  const { edit, inverse } = event.payload as { edit: unknown; inverse: unknown };
  return { type: 'NotebookEdited', payload: { edit: inverse, inverse: edit } };
};

/**
 * Undo of a notebook's edits: only those made since it was last opened from a file (taking the
 * server's copy after a conflict starts a new history); a doc that moved to its copy keeps its own.
 * Openings and recorded outputs are not undone.
 */
export const notebookInversion: HistoryInvert = {
  ofHistory(history) {
    const base = history.findLast((event) => event.type === 'NotebookOpened' && !(event.payload as { copyOf?: string }).copyOf);
    const from = base?.seq ?? 0;
    return (event) => ((event.seq ?? 0) < from ? null : notebookInverse(event));
  },
};
