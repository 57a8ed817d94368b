import Dexie from 'dexie';
import type { SavedQuery } from '../../contracts/bi';
import { SAVED_QUERIES_AGGREGATE } from './events';
import type { ConsoleDb, SaveRow } from './schema';
import { savedQueryView, type SavedQueryItem } from './savedQueryView';

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

/** Saves still open (pending or refused): what marks the queries in the list. */
async function openSaves(db: ConsoleDb): Promise<SaveRow[]> {
  const inState = (state: SaveRow['state']) => db.saves.where('[state+seq]').between([state, Dexie.minKey], [state, Dexie.maxKey]).toArray();
  const rows = [...(await inState('pending')), ...(await inState('failed'))];
  return rows.filter((row) => row.aggregateId === SAVED_QUERIES_AGGREGATE);
}

/** The saved queries as the Queries page shows them (read-only: runs in a live query), and the list's age. */
export async function readSavedQueries(db: ConsoleDb): Promise<{ items: SavedQueryItem[]; fetchedAt: number | undefined; error: string | undefined }> {
  const [cache, overlay, saves, meta, databases] = await Promise.all([
    db.savedQueryCache.toArray(),
    db.savedQueries.toArray(),
    openSaves(db),
    db.cacheMeta.get(SAVED_QUERIES_META),
    db.biMetadata.get('databases'),
  ]);
  const names = new Map(((databases?.value ?? []) as { id: number; database_name: string }[]).map((d) => [d.id, d.database_name]));
  const items = savedQueryView({ cache, overlay, saves, fetchedAt: meta?.fetchedAt, databases: names });
  return { items, fetchedAt: meta?.fetchedAt, error: meta?.error };
}
