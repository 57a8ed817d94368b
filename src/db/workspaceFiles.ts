import type { WorkspaceFile } from '../../contracts/workspace';
import type { ConsoleDb } from './schema';
import type { WorkspaceFileRow } from '../model/cacheRows';

/** The workspace listing cache: the sync worker writes the server's listing, the sender the answers to saves. */

/** The cacheMeta key of a bucket's listing (the UI reads the same key). */
export const workspaceMetaKey = (bucket: string) => `workspace:${bucket}`;

function toRow(file: WorkspaceFile, bucket: string, fetchedAt: number): WorkspaceFileRow {
  return {
    path: file.path,
    id: file.id,
    name: file.name,
    type: file.type,
    owner: file.owner,
    createdAt: file.createdAt,
    updatedAt: file.updatedAt,
    isFavorite: file.isFavorite,
    isDeleted: file.isDeleted,
    deletedAt: file.deletedAt,
    version: file.version,
    bucket,
    fetchedAt,
  };
}

/** Whether `a` should be the cached row for a path rather than `b`: the live item, else the newest deleted one. */
function preferred(a: WorkspaceFile, b: WorkspaceFile): boolean {
  if (a.isDeleted !== b.isDeleted) return !a.isDeleted;
  return a.updatedAt > b.updatedAt;
}

/**
 * The server lists deleted items at the path they had, so a path can appear twice (deleted and
 * recreated). The cache is keyed by path: keep the row the workspace view needs most.
 */
export function onePerPath(files: WorkspaceFile[]): WorkspaceFile[] {
  const byPath = new Map<string, WorkspaceFile>();
  for (const file of files) {
    const kept = byPath.get(file.path);
    if (!kept || preferred(file, kept)) byPath.set(file.path, file);
  }
  return [...byPath.values()];
}

/**
 * Replaces a bucket's cached listing with the server's, in one transaction: live queries in every
 * tab see either the old listing or the new one, never half of each, and items gone from the
 * server go from the cache too.
 */
export async function writeWorkspaceListing(db: ConsoleDb, bucket: string, files: WorkspaceFile[], fetchedAt: number): Promise<void> {
  await db.transaction('rw', db.workspaceFiles, db.cacheMeta, async () => {
    await db.workspaceFiles.where('bucket').equals(bucket).delete();
    await db.workspaceFiles.bulkPut(onePerPath(files).map((file) => toRow(file, bucket, fetchedAt)));
    await db.cacheMeta.put({ key: workspaceMetaKey(bucket), fetchedAt });
  });
}

/** Notes a failed refresh next to the listing it leaves in place (the UI shows its age and the error). */
export async function recordWorkspaceError(db: ConsoleDb, bucket: string, message: string): Promise<void> {
  // update() changes nothing when no listing was ever fetched: there is no fetchedAt to show yet.
  await db.cacheMeta.update(workspaceMetaKey(bucket), { error: message });
}

/** What a saved change did, as far as the cache is concerned. */
export interface SavedFileChange {
  /** 'updated': the item's fields changed in place (a favourite); 'purged': deleted for good. */
  kind: 'created' | 'updated' | 'renamed' | 'deleted' | 'restored' | 'purged';
  /** The item's path before the change. */
  path: string;
}

const within = (root: string) => (row: WorkspaceFileRow) => row.path === root || row.path.startsWith(`${root}/`);

/**
 * Applies a save's answer (`{file}`, the item as the server has it now) to the cached listing at
 * once, instead of fetching the whole listing again: a rename moves the item and everything under
 * it, a delete or restore marks them, a create or an update puts the item, a purge removes the
 * trashed item (the one the answer names) and what it held.
 */
export async function applySavedFile(db: ConsoleDb, bucket: string, change: SavedFileChange, file: WorkspaceFile, at: number): Promise<void> {
  await db.transaction('rw', db.workspaceFiles, async () => {
    if (change.kind === 'purged') return removePurged(db, bucket, change.path, file);
    const under = change.kind === 'created' || change.kind === 'updated' ? [] : await db.workspaceFiles.where('bucket').equals(bucket).filter(within(change.path)).toArray();
    const children = under.filter((row) => row.path !== change.path);
    if (change.kind === 'renamed') {
      await db.workspaceFiles.bulkDelete(under.map((row) => row.path));
      const moved = children.map((row) => ({ ...row, path: file.path + row.path.slice(change.path.length) }));
      await db.workspaceFiles.bulkPut(moved.map((row) => ({ ...row, name: row.path.split('/').pop() ?? row.name })));
    } else if (change.kind === 'deleted' || change.kind === 'restored') {
      await db.workspaceFiles.bulkPut(children.map((row) => ({ ...row, isDeleted: change.kind === 'deleted' })));
    }
    await db.workspaceFiles.put(toRow(file, bucket, at));
  });
}

async function removePurged(db: ConsoleDb, bucket: string, path: string, file: WorkspaceFile): Promise<void> {
  const root = await db.workspaceFiles.get(path);
  // The cache keeps one row per path: a live item made there since, or another trashed copy, stays.
  if (!root || root.bucket !== bucket || !root.isDeleted || root.id !== file.id) return;
  const under = await db.workspaceFiles.where('bucket').equals(bucket).filter(within(path)).toArray();
  await db.workspaceFiles.bulkDelete(under.filter((row) => row.isDeleted).map((row) => row.path));
}
