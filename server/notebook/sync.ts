import { readFile } from 'node:fs/promises';
import type { DiskEntry } from './disk';
import { contentVersion, type ItemRow } from './model';

/** Owner of items that appeared on disk without going through the API. */
export const SYSTEM_OWNER = 'system';

export interface RowChange {
  row: ItemRow;
  /** insert: a new row; replace: the live row had another type; update: cache refreshed. */
  action: 'none' | 'insert' | 'replace' | 'update';
}

/**
 * The row an item found on disk should have, given its live row (if any). Files copied in
 * by hand get a row owned by "system"; notebooks are re-hashed only when their mtime or
 * size moved (or when asked to rehash), and a hand edit that changed the content also
 * moves updatedAt.
 */
export async function rowForDisk(
  existing: ItemRow | null,
  relative: string,
  absolute: string,
  disk: DiskEntry,
  options: { newId: () => string; rehash?: boolean },
): Promise<RowChange> {
  const fresh = existing === null || existing.type !== disk.type;
  const base = fresh ? newSystemRow(relative, disk, options.newId()) : existing;
  const freshAction = existing ? 'replace' : 'insert';
  const cached = base.contentMtime === disk.mtimeMs && base.contentSize === disk.size;
  if (disk.type === 'folder' || (cached && !options.rehash)) return { row: base, action: fresh ? freshAction : 'none' };

  const version = contentVersion(await readFile(absolute));
  if (!fresh && cached && version === base.contentVersion) return { row: base, action: 'none' };
  const changed = !fresh && version !== base.contentVersion;
  const row: ItemRow = {
    ...base,
    contentVersion: version,
    contentMtime: disk.mtimeMs,
    contentSize: disk.size,
    updatedAt: changed ? Math.max(base.updatedAt, Math.round(disk.mtimeMs)) : base.updatedAt,
  };
  return { row, action: fresh ? freshAction : 'update' };
}

function newSystemRow(relative: string, disk: DiskEntry, id: string): ItemRow {
  const at = Math.round(disk.mtimeMs);
  return {
    id,
    path: relative,
    type: disk.type,
    owner: SYSTEM_OWNER,
    createdAt: at,
    updatedAt: at,
    isFavorite: false,
    isDeleted: false,
    deletedAt: null,
    trashPath: null,
    contentVersion: null,
    contentMtime: null,
    contentSize: null,
  };
}
