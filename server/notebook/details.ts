import { normalizeName } from '../../contracts/names';
import type { ItemDetails } from '../../contracts/workspace';
import { scanWorkspace } from './disk';
import { notFound } from './errors';
import { listFiles } from './files';
import { items } from './items';
import { toWorkspaceFile, type WorkspaceFile } from './model';
import type { Workspace } from './workspace';

/**
 * An item's details. A notebook's facts come from the cache, by the file's mtime and size (as
 * the listing's versions do); the bytes behind them have the final word on the version.
 */
export async function itemDetails(workspace: Workspace, relative: string): Promise<ItemDetails> {
  const found = await workspace.find(relative);
  if (!found) throw notFound(`Not found: ${relative}`);
  const { row } = found;
  const file = toWorkspaceFile(row);
  if (row.type === 'folder') {
    // Read from the disk, under the folder only: trashed items are elsewhere, so never counted.
    const inside = [...(await scanWorkspace(found.absolute)).values()];
    const size = inside.reduce((sum, entry) => sum + (entry.type === 'notebook' ? entry.size : 0), 0);
    return { file, size, kernel: null, cellCount: null, items: inside.length };
  }
  const { version, ...facts } = await workspace.facts.of(found.absolute, row.contentMtime ?? 0, row.contentSize ?? 0);
  if (version !== row.contentVersion) await items.update(workspace.store, row.id, { contentVersion: version });
  return { file: toWorkspaceFile({ ...row, contentVersion: version }), ...facts, items: null };
}

/** Search's answer size when the client names none, and the most it may ask for. */
export const SEARCH_LIMIT = { default: 20, max: 200 } as const;

/**
 * Live items whose name contains `query` (case-insensitive, both in NFC), folders first, then
 * by name (ignoring case) and path; at most `limit`.
 */
export async function searchFiles(workspace: Workspace, query: string, limit: number): Promise<WorkspaceFile[]> {
  const needle = normalizeName(query).toLowerCase();
  const hits = (await listFiles(workspace)).filter((file) => !file.isDeleted && normalizeName(file.name).toLowerCase().includes(needle));
  hits.sort((a, b) => (a.type === b.type ? 0 : a.type === 'folder' ? -1 : 1) || compareText(a.name.toLowerCase(), b.name.toLowerCase()) || compareText(a.path, b.path));
  return hits.slice(0, limit);
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
