import { conflict, notFound } from './errors';
import { newRow } from './files';
import { items } from './items';
import { toWorkspaceFile, type WorkspaceFile } from './model';
import { parentOf } from './paths';
import { present, stageFolder } from './staging';
import type { Workspace, WriteContext } from './workspace';

/** Creates one folder; its parent must exist and nothing may be at its path yet. */
export async function createFolder(workspace: Workspace, context: WriteContext, relative: string): Promise<WorkspaceFile> {
  await workspace.requireFolder(parentOf(relative));
  const { absolute, found } = await workspace.locate(relative);
  if (found) throw conflict(`${relative} already exists`, toWorkspaceFile(found.row));
  // Something the workspace does not show (say a .csv file) may still hold the name; the
  // final rename would replace an empty folder there without a word.
  if (await present(absolute)) throw conflict(`${relative} already exists`);
  const row = newRow(workspace, relative, 'folder', context.username, workspace.clock());
  const file = toWorkspaceFile(row);
  const staged = await stageFolder(absolute, row.id);
  await workspace.commitStaged(staged, absolute, context, file, (tx) => items.insert(tx, row));
  return file;
}

/** Favourites are metadata: they change neither updatedAt nor the version. */
export async function setFavorite(workspace: Workspace, context: WriteContext, relative: string, isFavorite: boolean): Promise<WorkspaceFile> {
  const found = await workspace.find(relative);
  if (!found) throw notFound(`Not found: ${relative}`);
  const file = toWorkspaceFile({ ...found.row, isFavorite });
  await workspace.commit(context, file, (tx) => items.update(tx, found.row.id, { isFavorite }));
  return file;
}
