import { lstat, mkdir, rename, rmdir } from 'node:fs/promises';
import path from 'node:path';
import type { Queryable } from '../store/db';
import { badRequest, conflict, notFound } from './errors';
import { items } from './items';
import { toWorkspaceFile, type ItemRow, type WorkspaceFile } from './model';
import { isNotebookPath, isWithin, nameOf, parentOf } from './paths';
import { checkPreconditions, type Preconditions } from './preconditions';
import type { Workspace, WriteContext } from './workspace';

/** Renames or moves an item; a folder takes its children (and their rows) along. */
export async function renameItem(
  workspace: Workspace,
  context: WriteContext,
  oldPath: string,
  newPath: string,
  conditions: Preconditions,
): Promise<WorkspaceFile> {
  const source = await workspace.find(oldPath, true);
  if (!source) throw notFound(`Not found: ${oldPath}`);
  checkPreconditions(oldPath, toWorkspaceFile(source.row), conditions);
  const isFolder = source.row.type === 'folder';
  if (!isFolder && !isNotebookPath(newPath)) throw badRequest('Notebook names must end in .ipynb');
  const target = await workspace.find(newPath);
  if (target) throw conflict(`${newPath} already exists`, toWorkspaceFile(target.row));
  if (isFolder && isWithin(newPath, oldPath)) throw badRequest('A folder cannot be moved into itself');
  await workspace.requireFolder(parentOf(newPath));

  const destination = await workspace.confine(newPath);
  await ensureFree(destination, newPath);
  await rename(source.absolute, destination);
  const row: ItemRow = { ...source.row, path: newPath, updatedAt: workspace.clock() };
  const file = toWorkspaceFile(row);
  await workspace.commit(context, file, async (tx) => {
    await items.update(tx, row.id, { path: row.path, updatedAt: row.updatedAt });
    if (!isFolder) return;
    await dropStaleRowsUnder(tx, newPath);
    for (const child of await items.liveChildren(tx, oldPath)) {
      await items.update(tx, child.id, { path: newPath + child.path.slice(oldPath.length) });
    }
  });
  return file;
}

/**
 * Soft delete: the item moves to <data>/workspace-trash/<id>/<name> and its row (and the
 * rows of a folder's children) are marked deleted, remembering where in the trash they are.
 */
export async function deleteItem(workspace: Workspace, context: WriteContext, relative: string, conditions: Preconditions): Promise<WorkspaceFile> {
  const found = await workspace.find(relative, true);
  if (!found) throw notFound(`Not found: ${relative}`);
  checkPreconditions(relative, toWorkspaceFile(found.row), conditions);

  const trashPath = `${found.row.id}/${nameOf(relative)}`;
  await mkdir(path.join(workspace.trashRoot, found.row.id), { recursive: true });
  await rename(found.absolute, trashLocation(workspace, trashPath));
  const row: ItemRow = { ...found.row, isDeleted: true, deletedAt: workspace.clock(), trashPath };
  const file = toWorkspaceFile(row);
  await workspace.commit(context, file, async (tx) => {
    await items.update(tx, row.id, { isDeleted: true, deletedAt: row.deletedAt, trashPath });
    if (row.type !== 'folder') return;
    for (const child of await items.liveChildren(tx, relative)) {
      const childTrashPath = trashPath + child.path.slice(relative.length);
      await items.update(tx, child.id, { isDeleted: true, deletedAt: row.deletedAt, trashPath: childTrashPath });
    }
  });
  return file;
}

/**
 * Moves a deleted item back to its path (the given id, or the most recently deleted item
 * there). A folder brings back the children that were deleted with it.
 */
export async function restoreItem(workspace: Workspace, context: WriteContext, relative: string, id?: string): Promise<WorkspaceFile> {
  const deleted = await items.deleted(workspace.store, relative, id);
  const live = await workspace.find(relative);
  if (!deleted) {
    if (live) throw conflict(`${relative} is not deleted`, toWorkspaceFile(live.row));
    throw notFound(`No deleted item at ${relative}`);
  }
  if (live) throw conflict(`${relative} is taken by another item`, toWorkspaceFile(live.row));
  await workspace.requireFolder(parentOf(relative));
  const trashPath = deleted.trashPath ?? '';
  const source = trashLocation(workspace, trashPath);
  if (!(await present(source))) throw notFound(`The deleted item ${relative} is no longer in the trash`);

  const destination = await workspace.confine(relative);
  await ensureFree(destination, relative);
  await rename(source, destination);
  // Only an item deleted on its own owns its <id> folder in the trash; it is empty now.
  if (trashPath === `${deleted.id}/${nameOf(relative)}`) await rmdir(path.join(workspace.trashRoot, deleted.id)).catch(() => undefined);
  const row: ItemRow = { ...deleted, isDeleted: false, deletedAt: null, trashPath: null };
  const file = toWorkspaceFile(row);
  await workspace.commit(context, file, async (tx) => {
    await items.update(tx, row.id, { isDeleted: false, deletedAt: null, trashPath: null });
    if (row.type !== 'folder') return;
    await dropStaleRowsUnder(tx, relative);
    for (const child of await items.trashedWith(tx, trashPath)) {
      const childPath = relative + (child.trashPath ?? '').slice(trashPath.length);
      await items.update(tx, child.id, { path: childPath, isDeleted: false, deletedAt: null, trashPath: null });
    }
  });
  return file;
}

export function trashLocation(workspace: Workspace, trashPath: string): string {
  return path.join(workspace.trashRoot, ...trashPath.split('/'));
}

/** Live rows under a folder path that did not exist on disk describe nothing any more. */
async function dropStaleRowsUnder(tx: Queryable, folder: string): Promise<void> {
  for (const stale of await items.liveChildren(tx, folder)) await items.remove(tx, stale.id);
}

/** rename(2) silently replaces files and empty folders; something unlisted may be there. */
async function ensureFree(absolute: string, relative: string): Promise<void> {
  if (await present(absolute)) throw conflict(`${relative} already exists`);
}

async function present(absolute: string): Promise<boolean> {
  try {
    await lstat(absolute);
    return true;
  } catch {
    return false;
  }
}
