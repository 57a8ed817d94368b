import { randomBytes } from 'node:crypto';
import { lstat, mkdir, readdir, readFile, realpath, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Queryable } from '../store/db';
import { items } from './items';
import { contentVersion, type ItemRow } from './model';

/**
 * Writes that appear only once recorded. A new or changed item is first staged beside its
 * path under a hidden name (.<item id>.<random>.tmp: short, so any name fits, and hidden, so
 * neither listed nor reachable by a path), then its record commits (with the request's
 * idempotent answer), then the staged entry is renamed into place. A crash before the commit
 * leaves only the staged entry, so a resent create finds its path free; a crash after it
 * leaves a record and its staged entry, which recoverStaged puts in place on the next start.
 */
const STAGED = /^\.([0-9A-HJKMNP-TV-Z]{26})\.[0-9a-f]{12}\.tmp$/;

export interface StagedFile {
  path: string;
  /** The file's, kept by the rename: the row caches them. */
  mtimeMs: number;
  size: number;
}

function stagedPath(absolute: string, id: string): string {
  return path.join(path.dirname(absolute), `.${id}.${randomBytes(6).toString('hex')}.tmp`);
}

/** Writes a notebook's content where `absolute` will take it from (a new name: `wx`). */
export async function stageFile(absolute: string, id: string, content: string): Promise<StagedFile> {
  const staged = stagedPath(absolute, id);
  try {
    await writeFile(staged, content, { flag: 'wx' });
    const info = await stat(staged);
    return { path: staged, mtimeMs: info.mtimeMs, size: info.size };
  } catch (error) {
    await discardStaged(staged);
    throw error;
  }
}

/** Makes an empty folder where `absolute` will take it from. */
export async function stageFolder(absolute: string, id: string): Promise<string> {
  const staged = stagedPath(absolute, id);
  await mkdir(staged);
  return staged;
}

export async function discardStaged(staged: string): Promise<void> {
  await rm(staged, { recursive: true, force: true });
}

/**
 * Finishes or drops what a crash left staged, before the workspace serves anything. An entry
 * whose item has a live record at that place, recorded with this content, committed: its
 * answer was stored and the client was (or will be, on a resend) told it succeeded, so it
 * goes in place. Any other entry never committed and no answer was stored: the client still
 * holds the content and resends it, so removing the entry loses nothing.
 */
export async function recoverStaged(root: string, store: Queryable): Promise<void> {
  const staged = await findStaged(root);
  if (staged.length === 0) return;
  const rows = new Map((await items.all(store)).filter((row) => !row.isDeleted).map((row) => [row.id, row]));
  for (const { folder, name, id } of staged) {
    const entry = path.join(folder, name);
    const row = rows.get(id);
    const target = row ? path.join(root, ...row.path.split('/')) : null;
    if (row && target && (await belongsAt(row, entry, folder, target))) await rename(entry, target);
    else await discardStaged(entry);
  }
}

async function belongsAt(row: ItemRow, entry: string, folder: string, target: string): Promise<boolean> {
  try {
    // The staged entry sits beside its target, which may be reached through a symlink inside.
    if ((await realpath(path.dirname(target))) !== folder) return false;
    if (row.type === 'folder') return !(await present(target));
    return contentVersion(await readFile(entry)) === row.contentVersion;
  } catch {
    return false;
  }
}

/** Staged entries under the (real) root; symlinks are not followed, as in the listing scan. */
async function findStaged(root: string): Promise<{ folder: string; name: string; id: string }[]> {
  const found: { folder: string; name: string; id: string }[] = [];
  const pending = [root];
  for (let folder = pending.pop(); folder !== undefined; folder = pending.pop()) {
    for (const entry of await readdir(folder, { withFileTypes: true }).catch(() => [])) {
      const id = STAGED.exec(entry.name)?.[1];
      if (id) found.push({ folder, name: entry.name, id });
      else if (entry.isDirectory() && !entry.name.startsWith('.')) pending.push(path.join(folder, entry.name));
    }
  }
  return found;
}

export async function present(absolute: string): Promise<boolean> {
  try {
    await lstat(absolute);
    return true;
  } catch {
    return false;
  }
}
