import { ulid } from 'ulid';
import { WORKSPACE_AGGREGATE, type NewEventSpec } from '../../model/events';
import { readWorkspace } from '../../db/reads';
import type { ConsoleDb } from '../../db/schema';
import type { WorkspaceItem } from '../../model/workspace/view';
import { refuse, type Decision, type Refusal } from '../core';

/**
 * What favourites, permanent deletes and moves decide, from the workspace as the user sees it
 * (the cache with their changes laid over it): the events to write, or why not.
 */

const nameOf = (path: string) => path.slice(path.lastIndexOf('/') + 1);
const joined = (folder: string, name: string) => (folder === '' ? name : `${folder}/${name}`);
const isWithin = (path: string, root: string) => path === root || path.startsWith(`${root}/`);
const folderName = (folder: string) => (folder === '' ? 'Workspace' : nameOf(folder));

type Spec = NewEventSpec<object>;
const spec = (type: string, payload: object): Spec => ({ type, aggregateId: WORKSPACE_AGGREGATE, payload });

async function itemsByPath(db: ConsoleDb): Promise<Map<string, WorkspaceItem>> {
  return new Map((await readWorkspace(db)).items.map((item) => [item.path, item]));
}

export async function decideFavorite(db: ConsoleDb, path: string, isFavorite: boolean): Promise<Decision | Refusal> {
  const item = (await itemsByPath(db)).get(path);
  if (!item || item.isDeleted) return refuse('not-found', `${nameOf(path)} is not in the workspace.`);
  if (item.isFavorite === isFavorite) return { events: [] };
  return { events: [spec('WorkspaceItemFavorited', { path, isFavorite, version: item.version })] };
}

export async function decidePurge(db: ConsoleDb, path: string): Promise<Decision | Refusal> {
  const item = (await itemsByPath(db)).get(path);
  if (!item?.isDeleted) return refuse('not-trashed', `${nameOf(path)} is not in the trash.`);
  // The server's id says which trashed copy: several can have been deleted from the same path.
  const cached = await db.workspaceFiles.get(path);
  const id = cached?.isDeleted ? cached.id : undefined;
  return { events: [spec('WorkspaceItemPurged', id ? { path, id } : { path })] };
}

/** Why `paths` cannot go into `folder`, or null when they can. */
function moveRefusal(items: Map<string, WorkspaceItem>, paths: readonly string[], folder: string): Refusal | null {
  const target = items.get(folder);
  if (folder !== '' && (!target || target.isDeleted || target.type !== 'folder')) return refuse('no-folder', `The folder ${folder} does not exist.`);
  const names = new Set<string>();
  for (const path of paths) {
    const item = items.get(path);
    if (!item || item.isDeleted) return refuse('not-found', `${nameOf(path)} is not in the workspace.`);
    if (item.type === 'folder' && isWithin(folder, path)) return refuse('into-itself', `The folder ${item.name} cannot be moved into itself.`);
    if (item.parentPath === folder) continue;
    const clash = items.get(joined(folder, item.name));
    if ((clash && !clash.isDeleted) || names.has(item.name)) return refuse('clash', `${folderName(folder)} already holds an item named ${item.name}.`);
    names.add(item.name);
  }
  return null;
}

/**
 * A move is a rename of each item into `folder`, all under one group (one undo step). Checked
 * whole before anything is written: a folder into itself or below, a name already taken there.
 * Items already in the folder are left as they are.
 */
export async function decideMove(db: ConsoleDb, paths: readonly string[], folder: string): Promise<Decision | Refusal> {
  const items = await itemsByPath(db);
  const refusal = moveRefusal(items, paths, folder);
  if (refusal) return refusal;
  const group = ulid();
  const moving = [...new Set(paths)].map((path) => items.get(path) as WorkspaceItem).filter((item) => item.parentPath !== folder);
  return { events: moving.map((item) => spec('WorkspaceItemRenamed', { oldPath: item.path, newPath: joined(folder, item.name), version: item.version, group })) };
}
