import { rm } from 'node:fs/promises';
import path from 'node:path';
import { storageProblem } from '../http/storageErrors';
import { conflict, notFound } from './errors';
import { items } from './items';
import { compareFiles, toWorkspaceFile, type ItemRow, type WorkspaceFile } from './model';
import { trashLocation } from './moves';
import { isWorkspacePath, nameOf } from './paths';
import type { Workspace, WriteContext } from './workspace';

/** Deleted on its own (not along with a deleted folder): it owns <trash>/<id>/<name>. */
function isTrashRoot(row: ItemRow): boolean {
  return row.trashPath === `${row.id}/${nameOf(row.path)}`;
}

/**
 * The Trash view: items deleted on their own, most recently deleted first. Children deleted
 * with a folder come back with it, so they are not listed apart.
 */
export async function listTrash(workspace: Workspace): Promise<WorkspaceFile[]> {
  const rows = (await items.all(workspace.store)).filter((row) => row.isDeleted && isTrashRoot(row) && isWorkspacePath(row.path));
  rows.sort((a, b) => (b.deletedAt ?? 0) - (a.deletedAt ?? 0) || compareFiles(toWorkspaceFile(a), toWorkspaceFile(b)));
  return rows.map(toWorkspaceFile);
}

/**
 * Deletes a trashed item for good (the given id, or the most recently deleted at that path):
 * its rows (a folder's children's too) and its files in the trash. The rows go first: should
 * removing the files fail, what stays is unreachable bytes, never an item whose content is gone
 * (unless the disk is full: see below).
 */
export async function purgeItem(workspace: Workspace, context: WriteContext, relative: string, id?: string): Promise<WorkspaceFile> {
  const deleted = await items.deleted(workspace.store, relative, id);
  if (!deleted) {
    // Only the trash is ever purged: a live item must be deleted (and so be restorable) first.
    const live = await workspace.find(relative);
    if (live) throw conflict(`${relative} is not in the trash: delete it first`, toWorkspaceFile(live.row));
    throw notFound(`No deleted item at ${relative}`);
  }
  const trashPath = deleted.trashPath ?? '';
  const file = toWorkspaceFile(deleted);
  const removeRows = () =>
    workspace.commit(context, file, async (tx) => {
      const children = deleted.type === 'folder' && trashPath !== '' ? await items.trashedWith(tx, trashPath) : [];
      for (const row of [deleted, ...children]) await items.remove(tx, row.id);
    });
  const owned = trashPath === '' ? null : isTrashRoot(deleted) ? path.join(workspace.trashRoot, deleted.id) : trashLocation(workspace, trashPath);
  try {
    await removeRows();
  } catch (error) {
    // A full disk cannot take the database's record of the purge: the files go first to make
    // room (emptying the trash is how a user frees space), then the rows.
    if (owned === null || storageProblem(error)?.statusCode !== 507) throw error;
    await rm(owned, { recursive: true, force: true });
    await removeRows();
    return file;
  }
  if (owned !== null) await rm(owned, { recursive: true, force: true });
  return file;
}
