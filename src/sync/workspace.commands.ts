import { append } from '../db/append';
import { WORKSPACE_AGGREGATE, type ConsoleEvent } from '../db/events';
import { newEvent, type Identity } from '../db/identity';
import { workspaceInverse } from '../db/projections/workspaceInverse';
import { recordSaveOutcome } from '../db/saveOutcome';
import type { ConsoleDb } from '../db/schema';
import { redo, undo } from '../db/undo';
import { httpStatus, isNetworkError, serverMessage } from './api/http';
import type { NotebookApi, SaveOptions, SaveResult } from './api/notebook.api';

/** How a workspace change ended for the user: saved, waiting for the server, or refused. */
export type ChangeOutcome = { kind: 'applied' } | { kind: 'queued' } | { kind: 'failed'; status: number; message: string };

export const EMPTY_NOTEBOOK = JSON.stringify({
  cells: [],
  metadata: { kernelspec: { name: 'python3', display_name: 'Python 3', language: 'python' }, language_info: { name: 'python' } },
  nbformat: 4,
  nbformat_minor: 5,
});

const baseName = (path: string) => path.split('/').pop() ?? path;

/** The save a change event asks of the server, and how the queue names it. */
function saveFor(api: NotebookApi, event: ConsoleEvent): (options: SaveOptions) => Promise<SaveResult<unknown>> {
  const p = event.payload as Record<string, string | undefined>;
  // An undo or redo acts on the item as it is now, so the version it was first made against no longer applies.
  const version = p.undoOf || p.redoOf ? undefined : p.version;
  switch (event.type) {
    case 'WorkspaceFolderCreated':
      return (o) => api.createFolder(p.path ?? '', o);
    case 'WorkspaceNotebookCreated':
      return (o) => api.saveFile(p.path ?? '', p.content ?? EMPTY_NOTEBOOK, { ...o, createOnly: true });
    case 'WorkspaceItemRenamed':
      return (o) => api.rename(p.oldPath ?? '', p.newPath ?? '', { ...o, ifMatch: version });
    case 'WorkspaceItemDeleted':
      return (o) => api.remove(p.path ?? '', { ...o, ifMatch: version });
    case 'WorkspaceItemRestored':
      return (o) => api.restore(p.path ?? '', o);
    default:
      throw new Error(`No save for event ${event.type}`);
  }
}

export function labelFor(event: ConsoleEvent): string {
  const p = event.payload as Record<string, string | undefined>;
  switch (event.type) {
    case 'WorkspaceFolderCreated':
      return `Create folder ${p.path}`;
    case 'WorkspaceNotebookCreated':
      return `Create notebook ${p.path}`;
    case 'WorkspaceItemRenamed':
      return `Rename ${p.oldPath} to ${baseName(p.newPath ?? '')}`;
    case 'WorkspaceItemDeleted':
      return `Delete ${p.path}`;
    case 'WorkspaceItemRestored':
      return `Restore ${p.path}`;
    default:
      return event.type;
  }
}

/**
 * Workspace changes: each is an event in the log first (so it is never lost), then a save to the
 * server carrying the event id as its Idempotency-Key. The service worker queues saves the server
 * cannot take now and replays them in order.
 */
export function createWorkspaceCommands(deps: { db: ConsoleDb; identity: Identity; api: NotebookApi; onSaved?: () => void }) {
  const { db, identity, api } = deps;

  async function send(event: ConsoleEvent): Promise<ChangeOutcome> {
    try {
      const result = await saveFor(api, event)({ key: event.id, changeId: event.id, label: labelFor(event) });
      const outcome: ChangeOutcome = result.queued ? { kind: 'queued' } : { kind: 'applied' };
      await recordSaveOutcome(db, identity, event.id, outcome);
      if (!result.queued) deps.onSaved?.();
      return outcome;
    } catch (error) {
      // Without a service worker (first load, dev) a network failure reaches us: the change stays
      // 'sending' in the log and resendUnconfirmed() sends it again when the server is back.
      if (isNetworkError(error)) return { kind: 'queued' };
      const outcome = { kind: 'failed' as const, status: httpStatus(error) ?? 0, message: serverMessage(error) ?? 'The save failed.' };
      await recordSaveOutcome(db, identity, event.id, outcome);
      return outcome;
    }
  }

  async function change(type: string, payload: Record<string, unknown>): Promise<ChangeOutcome> {
    const [event] = await append(db, [newEvent(identity, { type, aggregateId: WORKSPACE_AGGREGATE, payload })]);
    return send(event);
  }

  /**
   * Sends again every change still 'sending' that the service worker does not hold: its save never
   * got an answer. The server's idempotency store makes a repeat of one that did arrive harmless.
   */
  async function resendUnconfirmed(olderThanMs = 5000): Promise<number> {
    const cutoff = Date.now() - olderThanMs;
    const rows = await db.workspaceChanges.where('state').equals('sending').filter((r) => r.at < cutoff).toArray();
    const held = new Set((await db.outbox.toArray()).map((e) => e.changeId));
    const events = await db.events.where('id').anyOf(rows.filter((r) => !held.has(r.id)).map((r) => r.id)).sortBy('seq');
    for (const event of events) await send(event);
    return events.length;
  }

  return {
    resendUnconfirmed,
    createFolder: (path: string) => change('WorkspaceFolderCreated', { path }),
    createNotebook: (path: string, content = EMPTY_NOTEBOOK) => change('WorkspaceNotebookCreated', { path, content }),
    rename: (oldPath: string, newPath: string, version?: string) => change('WorkspaceItemRenamed', { oldPath, newPath, version }),
    remove: (path: string, version?: string) => change('WorkspaceItemDeleted', { path, version }),
    restore: (path: string) => change('WorkspaceItemRestored', { path }),
    async undo(): Promise<ChangeOutcome | null> {
      const event = await undo(db, identity, WORKSPACE_AGGREGATE, workspaceInverse);
      return event ? send(event) : null;
    },
    async redo(): Promise<ChangeOutcome | null> {
      const event = await redo(db, identity, WORKSPACE_AGGREGATE, workspaceInverse);
      return event ? send(event) : null;
    },
  };
}

export type WorkspaceCommands = ReturnType<typeof createWorkspaceCommands>;
