import { WORKSPACE_AGGREGATE, WORKSPACE_CHANGE_TYPES, type ConsoleEvent, type WorkspaceChangeType } from '../../model/events';
import { workspaceInversion } from '../../model/workspace/inverse';
import { readWorkspace } from '../../db/reads';
import type { ConsoleDb } from '../../db/schema';
import { applySavedFile, type SavedFileChange } from '../../db/workspaceFiles';
import { newNotebook } from '../../model/nbformat/create';
import { serializeNotebook } from '../../model/nbformat/serialize';
import { exportUrl, fileFrom, notebookSaves, type NotebookApi, type WorkspaceFile } from '../../sync/api/notebook.api';
import { isRefusal, mutator, saved, undoable, type CommandContext, type Decision, type Refusal, type Result } from '../core';
import { importLimit } from '../notebook/importLimit';
import { createNotebookFiles } from '../notebook/files';
import type { ImportSource } from '../notebook/import';
import { once } from '../once';
import type { SaveRoute, SaveVerdict, Sender } from '../../sync/outbox/sender';
import { notebookSaveAnswer, notebookSaveRequest } from '../../sync/outbox/notebookSave';
import { itemDetails } from './details';
import { decideFavorite, decideMove, decidePurge } from './items';

/** A new notebook's file: nbformat 4.5, Python 3, one code cell that prints. */
export const newNotebookFile = () => serializeNotebook(newNotebook());

export const WAITING_MESSAGE = 'Saved on this device. It syncs when the server is back.';

type Payload = { path?: string; oldPath?: string; newPath?: string; content?: string; version?: string; isFavorite?: boolean; id?: string; undoOf?: string; redoOf?: string };

function cacheChange(change: ConsoleEvent): SavedFileChange {
  const p = change.payload as Payload;
  switch (change.type as WorkspaceChangeType) {
    case 'WorkspaceItemRenamed':
      return { kind: 'renamed', path: p.oldPath ?? '' };
    case 'WorkspaceItemDeleted':
      return { kind: 'deleted', path: p.path ?? '' };
    case 'WorkspaceItemRestored':
      return { kind: 'restored', path: p.path ?? '' };
    case 'WorkspaceItemFavorited':
      return { kind: 'updated', path: p.path ?? '' };
    case 'WorkspaceItemPurged':
      return { kind: 'purged', path: p.path ?? '' };
    default:
      return { kind: 'created', path: p.path ?? '' };
  }
}

/** How workspace changes are saved (the notebook API at `mount`), and their answers applied to the cached listing. */
export function workspaceRoute({ db, mount, bucket, now = Date.now }: { db: ConsoleDb; mount: string; bucket: string; now?: () => number }): SaveRoute {
  const saves = notebookSaves(mount);
  return {
    types: WORKSPACE_CHANGE_TYPES,
    request(change, round) {
      const { key, label, overwrite } = round;
      const p = change.payload as Payload;
      // An undo or redo acts on the item as it is now, so the version it was first made against no
      // longer applies; overwriting after a conflict drops the check on purpose.
      const ifMatch = p.undoOf || p.redoOf || overwrite ? undefined : p.version;
      const headers = { key, label, ifMatch };
      switch (change.type as WorkspaceChangeType) {
        case 'WorkspaceFolderCreated':
          return saves.createFolder(p.path ?? '', headers);
        case 'WorkspaceNotebookCreated':
          return saves.saveFile(p.path ?? '', p.content ?? newNotebookFile(), { ...headers, createOnly: !overwrite });
        case 'WorkspaceItemRenamed':
          return saves.rename(p.oldPath ?? '', p.newPath ?? '', headers);
        case 'WorkspaceItemDeleted':
          return saves.remove(p.path ?? '', headers);
        case 'WorkspaceItemRestored':
          return saves.restore(p.path ?? '', headers);
        case 'WorkspaceItemFavorited':
          return saves.favorite(p.path ?? '', p.isFavorite ?? false, headers);
        case 'WorkspaceItemPurged':
          return saves.purge(p.path ?? '', headers, p.id);
        case 'WorkspaceNotebookSaved':
          return notebookSaveRequest(db, saves, change, round);
      }
    },
    answer: (change, body) => (change.type === 'WorkspaceNotebookSaved' ? { ...notebookSaveAnswer(change, body) } : undefined),
    async apply(change, body) {
      const file = fileFrom(body);
      if (file) await applySavedFile(db, bucket, cacheChange(change), file, now());
    },
    tables: [db.workspaceFiles],
  };
}

export interface WorkspaceDeps extends CommandContext {
  sender: Pick<Sender, 'wake' | 'settled'>;
  /** Fresh listing from the server now (the sync worker of the leader tab polls). */
  refresh: () => void;
  /** Where notebook files are read from (downloads, the read-only view), and items' details. */
  notebooks: Pick<NotebookApi, 'getLocalFile' | 'getDetails' | 'searchFiles'>;
  /** The notebook API's mount (config.apis.notebook), for export links. */
  mount: string;
  /** The server's per-file upload limit from /config.json, when it states one. */
  uploadMaxBytes?: number;
}

const nameOf = (path: string) => path.split('/').pop() ?? path;

/**
 * The server's live items whose name holds `q` (for Ctrl+K, when the cache has none), less those
 * this device deleted and has not told the server yet. Offline, or when the server fails: none.
 */
async function searchFiles(db: ConsoleDb, api: Pick<NotebookApi, 'searchFiles'>, q: string, limit: number, signal?: AbortSignal): Promise<WorkspaceFile[]> {
  let files: WorkspaceFile[];
  try {
    files = await api.searchFiles(q, limit, { signal });
  } catch {
    return [];
  }
  const deleted = new Set((await readWorkspace(db)).items.filter((item) => item.isDeleted).map((item) => item.path));
  return files.filter((file) => !file.isDeleted && !deleted.has(file.path));
}

/**
 * Workspace changes: each is an event in the log first (so it is never lost), then a save the
 * sender sends under the event id as Idempotency-Key. Undo and redo are events too.
 */
export function createWorkspaceCommands(deps: WorkspaceDeps) {
  const history = undoable(deps, WORKSPACE_AGGREGATE, workspaceInversion);
  const change = <A extends unknown[]>(type: WorkspaceChangeType, payload: (...args: A) => Record<string, unknown>) =>
    mutator<A, object>(deps, (...args: A) => ({ events: [{ type, aggregateId: WORKSPACE_AGGREGATE, payload: payload(...args) }] }));
  // The importer parses and validates notebooks (a 60 KB validator): loaded with the first import.
  const maxBytes = importLimit(deps.uploadMaxBytes);
  const importer = once(async () => (await import('../notebook/import')).createNotebookImport({ ...deps, waitingMessage: WAITING_MESSAGE, maxBytes }));
  const files = createNotebookFiles({ ...deps, api: deps.notebooks });
  const save = <A extends unknown[]>(handler: (...args: A) => Promise<Result>, what: (args: A) => string) =>
    saved(deps, { waiting: WAITING_MESSAGE, failed: (verdict, args) => `${what(args)} was not saved: ${verdict.message}` }, handler);
  // Decided on the workspace as the user sees it (the cache is outside the log's transaction), then
  // saved; a refusal is told (a toast) and answered, and nothing is written.
  const checked =
    <A extends unknown[]>(decide: (...args: A) => Promise<Decision | Refusal>, what: (args: A) => string) =>
    async (...args: A): Promise<SaveVerdict | Refusal | null> => {
      const decision = await decide(...args);
      if (isRefusal(decision)) {
        deps.notify({ kind: 'error', message: decision.message });
        return decision;
      }
      return save((..._args: A) => mutator(deps, () => decision)(), what)(...args);
    };

  return {
    createFolder: save(change('WorkspaceFolderCreated', (path: string) => ({ path })), ([path]) => `Folder ${nameOf(path)}`),
    createNotebook: save(
      change('WorkspaceNotebookCreated', (path: string, content: string = newNotebookFile()) => ({ path, content })),
      ([path]) => `Notebook ${nameOf(path)}`,
    ),
    rename: save(
      change('WorkspaceItemRenamed', (oldPath: string, newPath: string, version?: string) => ({ oldPath, newPath, version })),
      ([oldPath]) => `Rename of ${nameOf(oldPath)}`,
    ),
    remove: save(change('WorkspaceItemDeleted', (path: string, version?: string) => ({ path, version })), ([path]) => `Delete of ${nameOf(path)}`),
    restore: save(change('WorkspaceItemRestored', (path: string) => ({ path })), ([path]) => `Restore of ${nameOf(path)}`),
    /** Stars or unstars an item (undoable). */
    setFavorite: checked(
      (path: string, isFavorite: boolean) => decideFavorite(deps.db, path, isFavorite),
      ([path, isFavorite]) => `${isFavorite ? 'Favourite' : 'Unfavourite'} of ${nameOf(path)}`,
    ),
    /** Deletes a trashed item for good: not undoable. */
    purge: checked(
      (path: string) => decidePurge(deps.db, path),
      ([path]) => `Permanent delete of ${nameOf(path)}`,
    ),
    /** Renames each item into `folder` ('' is the root): one undo step; refused whole when any cannot go. */
    move: checked(
      (paths: readonly string[], folder: string) => decideMove(deps.db, paths, folder),
      ([paths]) => (paths.length === 1 ? `Move of ${nameOf(paths[0])}` : `Move of ${paths.length} items`),
    ),
    /** Size, kernel, cell count, items: from the server, offline from what this device knows. */
    details: (path: string) => itemDetails(deps.db, deps.notebooks, path),
    /** Notebooks and folders by name from the server (Ctrl+K when the cache has none); none when it cannot answer. */
    searchFiles: (q: string, limit: number, signal?: AbortSignal) => searchFiles(deps.db, deps.notebooks, q, limit, signal),
    /** A plain link: the browser streams the notebook or the folder's zip to disk. */
    exportUrl: (path: string) => exportUrl(deps.mount, path),
    undo: save(() => history.undo(), () => 'Undo'),
    redo: save(() => history.redo(), () => 'Redo'),
    refresh: deps.refresh,
    /** .ipynb files into a folder, as new notebooks (src/commands/notebookImport.ts). */
    /** The largest file an import takes, in bytes (files over it are refused by name before they are read). */
    importLimit: maxBytes,
    importNotebooks: async (folder: string, files: readonly ImportSource[], showDetails?: () => void) => (await importer())(folder, files, showDetails),
    /** A notebook's file as stored, from the server or, offline, this browser's log. */
    readNotebook: files.read,
    /** The same for a download: when it cannot be had, the user is told why. */
    downloadNotebook: files.download,
  };
}

export type WorkspaceCommands = ReturnType<typeof createWorkspaceCommands>;
