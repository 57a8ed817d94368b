import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { entryAt, scanWorkspace, type DiskEntry } from './disk';
import { badRequest, conflict, notFound } from './errors';
import { items } from './items';
import { compareFiles, contentVersion, toWorkspaceFile, type ItemRow, type WorkspaceFile } from './model';
import { isNotebookPath, isWorkspacePath, parentOf } from './paths';
import { checkPreconditions, type Preconditions } from './preconditions';
import { stageFile } from './staging';
import { rowForDisk, type RowChange } from './sync';
import { mapLimited } from '../util/mapLimited';
import { applyRowChange, type Workspace, type WriteContext } from './workspace';

const READS_IN_FLIGHT = 16;

/**
 * Every item, deleted ones included, after bringing the rows in line with the disk:
 * rows for items copied in by hand, fresh versions for notebooks edited by hand, no rows
 * for items removed by hand. Files are read first; the rows change in one transaction.
 */
export async function listFiles(workspace: Workspace): Promise<WorkspaceFile[]> {
  const disk = await scanWorkspace(workspace.root);
  // Rows for names the API now refuses (made before the rule) stay, unlisted, like such files.
  const rows = (await items.all(workspace.store)).filter((row) => isWorkspacePath(row.path));
  const live = new Map(rows.filter((row) => !row.isDeleted).map((row) => [row.path, row]));
  const vanished: ItemRow[] = [];
  for (const row of live.values()) {
    if (disk.has(row.path)) continue;
    // The scan skips symlinks; an item reached through one that stays inside still counts.
    const entry = await entryThroughLinks(workspace, row.path);
    if (entry) disk.set(row.path, entry);
    else vanished.push(row);
  }
  // Notebooks not seen before are read and hashed, several at a time (a first scan of 10,000 files).
  const changes = await mapLimited([...disk], READS_IN_FLIGHT, async ([relative, entry]) => {
    const existing = live.get(relative) ?? null;
    const absolute = path.join(workspace.root, ...relative.split('/'));
    const change: RowChange = await rowForDisk(existing, relative, absolute, entry, { newId: () => workspace.newId() });
    return { existing, change };
  });
  const pending = changes.filter(({ change }) => change.action !== 'none');
  if (vanished.length > 0 || pending.length > 0) {
    await workspace.store.transaction(async (tx) => {
      for (const row of vanished) await items.remove(tx, row.id);
      for (const { existing, change } of pending) await applyRowChange(tx, existing, change);
    });
  }
  const deleted = rows.filter((row) => row.isDeleted);
  return [...changes.map(({ change }) => change.row), ...deleted].map(toWorkspaceFile).sort(compareFiles);
}

async function entryThroughLinks(workspace: Workspace, relative: string): Promise<DiskEntry | null> {
  try {
    return await entryAt(await workspace.confine(relative));
  } catch {
    return null;
  }
}

/** A notebook's content (as stored, byte for byte) and its item. */
export async function readNotebook(workspace: Workspace, relative: string): Promise<{ content: string; file: WorkspaceFile }> {
  const found = await workspace.find(relative);
  if (!found || found.row.type !== 'notebook') throw notFound(`Notebook not found: ${relative}`);
  const content = await readFile(found.absolute, 'utf8');
  const version = contentVersion(content);
  // The cached version trusts mtime and size; the bytes just read are the final word.
  if (version !== found.row.contentVersion) await items.update(workspace.store, found.row.id, { contentVersion: version });
  return { content, file: toWorkspaceFile({ ...found.row, contentVersion: version }) };
}

/**
 * Creates or overwrites a notebook. If-Match must name the current version, If-None-Match: *
 * allows creating only; the parent folder must exist. The file is replaced atomically.
 */
export async function saveNotebook(
  workspace: Workspace,
  context: WriteContext,
  relative: string,
  content: string,
  conditions: Preconditions,
): Promise<WorkspaceFile> {
  if (!isNotebookPath(relative)) throw badRequest('Notebook names must end in .ipynb');
  checkNotebookJson(content);
  await workspace.requireFolder(parentOf(relative));
  const { absolute, found } = await workspace.locate(relative, true);
  if (found?.row.type === 'folder') throw conflict(`A folder already exists at ${relative}`, toWorkspaceFile(found.row));
  checkPreconditions(relative, found ? toWorkspaceFile(found.row) : null, conditions);

  const now = workspace.clock();
  const base = found?.row ?? newRow(workspace, relative, 'notebook', context.username, now);
  // Staged, recorded, then renamed into place: readers never see half a notebook, and a crash
  // never leaves a file without its record (see staging.ts).
  const staged = await stageFile(absolute, base.id, content);
  const cache = { contentVersion: contentVersion(content), contentMtime: staged.mtimeMs, contentSize: staged.size };
  const row: ItemRow = { ...base, ...cache, updatedAt: now };
  const file = toWorkspaceFile(row);
  await workspace.commitStaged(staged.path, absolute, context, file, async (tx) => {
    if (found) await items.update(tx, row.id, { ...cache, updatedAt: now });
    else await items.insert(tx, row);
  });
  return file;
}

function checkNotebookJson(content: string): void {
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch {
    throw badRequest('content is not valid JSON');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw badRequest('content must be a notebook (a JSON object)');
}

export function newRow(
  workspace: Workspace,
  relative: string,
  type: ItemRow['type'],
  owner: string,
  now: number,
  cache: Pick<ItemRow, 'contentVersion' | 'contentMtime' | 'contentSize'> = { contentVersion: null, contentMtime: null, contentSize: null },
): ItemRow {
  return {
    id: workspace.newId(),
    path: relative,
    type,
    owner,
    createdAt: now,
    updatedAt: now,
    isFavorite: false,
    isDeleted: false,
    deletedAt: null,
    trashPath: null,
    ...cache,
  };
}
