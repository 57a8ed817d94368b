import type { ConsoleDb } from './schema';
import type { NotebookCacheRow } from '../model/cacheRows';

/** How many notebooks read from the server this browser keeps for offline reading (the least recently read go first). */
export const NOTEBOOK_CACHE_LIMIT = 50;

/** Keeps a notebook as the server gave it (with its version), and drops the least recently read beyond `limit`. */
export async function keepNotebook(db: ConsoleDb, file: Omit<NotebookCacheRow, 'readAt'>, readAt: number, limit = NOTEBOOK_CACHE_LIMIT): Promise<void> {
  await db.transaction('rw', db.notebookCache, async () => {
    await db.notebookCache.put({ ...file, readAt });
    const over = (await db.notebookCache.count()) - limit;
    if (over > 0) await db.notebookCache.orderBy('readAt').limit(over).delete();
  });
}

/** The notebook's file as the server last gave it here, or null. */
export async function keptNotebook(db: ConsoleDb, path: string): Promise<NotebookCacheRow | null> {
  return (await db.notebookCache.get(path)) ?? null;
}
