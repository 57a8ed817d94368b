import type { SavedQuery } from '../../contracts/biSqlLab';
import { SAVED_QUERIES_AGGREGATE } from '../model/events';
import { openSaves } from './saveOutcome';
import type { ConsoleDb } from './schema';
import { savedQueryView, type SavedQueryItem } from '../model/savedQuery/view';

/** The cacheMeta key of the server's list of saved queries. */
export const SAVED_QUERIES_META = 'savedQueries';

/** Replaces the cached list with the server's, in one transaction (every tab sees the old list or the new one). */
export async function writeSavedQueryCache(db: ConsoleDb, queries: readonly SavedQuery[], favorites: ReadonlyMap<number, boolean>, fetchedAt: number): Promise<void> {
  await db.transaction('rw', db.savedQueryCache, db.cacheMeta, async () => {
    await db.savedQueryCache.clear();
    await db.savedQueryCache.bulkPut(queries.map((query) => ({ ...query, isFavorite: favorites.get(query.id) ?? false, fetchedAt })));
    await db.cacheMeta.put({ key: SAVED_QUERIES_META, fetchedAt });
  });
}

/** Notes a failed refresh beside the list it leaves in place. */
export async function recordSavedQueryError(db: ConsoleDb, message: string): Promise<void> {
  await db.cacheMeta.update(SAVED_QUERIES_META, { error: message });
}

/** The saved queries as the Queries page shows them (read-only: runs in a live query), and the list's age. */
export async function readSavedQueries(db: ConsoleDb): Promise<{ items: SavedQueryItem[]; fetchedAt: number | undefined; error: string | undefined }> {
  const [cache, overlay, saves, meta, databases] = await Promise.all([
    db.savedQueryCache.toArray(),
    db.savedQueries.toArray(),
    openSaves(db).then((saves) => saves.filter((save) => save.aggregateId === SAVED_QUERIES_AGGREGATE)),
    db.cacheMeta.get(SAVED_QUERIES_META),
    db.biMetadata.get('databases'),
  ]);
  const names = new Map(((databases?.value ?? []) as { id: number; database_name: string }[]).map((d) => [d.id, d.database_name]));
  const items = savedQueryView({ cache, overlay, saves, fetchedAt: meta?.fetchedAt, databases: names });
  return { items, fetchedAt: meta?.fetchedAt, error: meta?.error };
}
