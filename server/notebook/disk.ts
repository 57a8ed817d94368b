import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { ItemType } from './model';
import { isNotebookPath, isWorkspacePath } from './paths';

/** What the disk holds at a workspace path. */
export interface DiskEntry {
  type: ItemType;
  mtimeMs: number;
  size: number;
}

/**
 * The item at an already confined absolute path: a folder, a notebook (.ipynb file), or
 * null for nothing (or anything else, e.g. a .csv, which the workspace does not show).
 */
export async function entryAt(absolute: string): Promise<DiskEntry | null> {
  try {
    const info = await stat(absolute);
    if (info.isDirectory()) return { type: 'folder', mtimeMs: info.mtimeMs, size: 0 };
    if (info.isFile() && isNotebookPath(absolute)) return { type: 'notebook', mtimeMs: info.mtimeMs, size: info.size };
    return null;
  } catch {
    return null;
  }
}

/**
 * Every folder and notebook under the root, by relative path. Symlinks are not followed
 * here (they could loop), though reads and writes through ones that stay inside work.
 */
export async function scanWorkspace(root: string): Promise<Map<string, DiskEntry>> {
  const found = new Map<string, DiskEntry>();
  const pending = [''];
  for (let folder = pending.pop(); folder !== undefined; folder = pending.pop()) {
    const entries = await readdir(path.join(root, folder), { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      if (entry.isSymbolicLink()) continue;
      const relative = folder === '' ? entry.name : `${folder}/${entry.name}`;
      // Hidden entries (staged writes, .ipynb_checkpoints) and names the API
      // would refuse (control characters, over-long) cannot be opened, so are not listed.
      if (!isWorkspacePath(relative)) continue;
      if (!entry.isDirectory() && !(entry.isFile() && isNotebookPath(entry.name))) continue;
      const disk = await entryAt(path.join(root, relative));
      if (!disk) continue;
      found.set(relative, disk);
      if (disk.type === 'folder') pending.push(relative);
    }
  }
  return found;
}
