import { createHash } from 'node:crypto';
import type { ItemType, WorkspaceFile } from '../../contracts/workspace';
import { nameOf } from './paths';

export type { ItemType, WorkspaceFile };


/** A row of workspace_items (times in epoch ms). */
export interface ItemRow {
  id: string;
  path: string;
  type: ItemType;
  owner: string;
  createdAt: number;
  updatedAt: number;
  isFavorite: boolean;
  isDeleted: boolean;
  deletedAt: number | null;
  /** Where a deleted item sits, relative to the trash root: "<id>/<name>[/<child path>]". */
  trashPath: string | null;
  contentVersion: string | null;
  contentMtime: number | null;
  contentSize: number | null;
}

export function contentVersion(content: string | Buffer): string {
  return createHash('sha256').update(content).digest('hex').slice(0, 16);
}

export function versionOf(row: ItemRow): string {
  return row.type === 'folder' ? `d-${row.updatedAt}` : (row.contentVersion ?? '');
}

export function toWorkspaceFile(row: ItemRow): WorkspaceFile {
  return {
    id: row.id,
    name: nameOf(row.path),
    path: row.path,
    type: row.type,
    owner: row.owner,
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
    isFavorite: row.isFavorite,
    isDeleted: row.isDeleted,
    ...(row.isDeleted && row.deletedAt !== null ? { deletedAt: new Date(row.deletedAt).toISOString() } : {}),
    version: versionOf(row),
  };
}

/** Folders first, then by path (code-point order, the same on every platform). */
export function compareFiles(a: WorkspaceFile, b: WorkspaceFile): number {
  if (a.type !== b.type) return a.type === 'folder' ? -1 : 1;
  if (a.path !== b.path) return a.path < b.path ? -1 : 1;
  return a.isDeleted === b.isDeleted ? 0 : a.isDeleted ? 1 : -1;
}
