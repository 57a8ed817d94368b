import type { BiDatabase, TableMetadata, TableOption } from '../../contracts/biCatalog';
import type { CatalogCache } from '../model/catalog/types';
import type { ConsoleDb } from './schema';

/** The cached metadata with the age of what is kept, for a "cached N minutes ago" note. */
export interface CachedCatalog extends CatalogCache {
  /** When the oldest and the newest kept answers were fetched; null when nothing is kept. */
  oldestFetchedAt: number | null;
  newestFetchedAt: number | null;
}

/**
 * Everything the BI metadata cache (biMetadata) keeps, as CatalogCache's maps: its keys are
 * `<kind>/<key>` where `<key>` is cacheKeys' key (`schemas/1`, `tables/1/gaming`,
 * `table/1/gaming/bets`). Read it in a live query: every tab's tree follows the cache.
 */
export async function readCache(db: ConsoleDb): Promise<CachedCatalog> {
  const schemas = new Map<number, string[]>();
  const tables = new Map<string, TableOption[]>();
  const tableMetadata = new Map<string, TableMetadata>();
  let databases: BiDatabase[] | undefined;
  let oldestFetchedAt: number | null = null;
  let newestFetchedAt: number | null = null;
  for (const { key, value, fetchedAt } of await db.biMetadata.toArray()) {
    if (value === undefined || fetchedAt === undefined) continue; // asked for, not answered yet
    const slash = key.indexOf('/');
    const kind = slash < 0 ? key : key.slice(0, slash);
    const rest = key.slice(slash + 1);
    if (kind === 'databases') databases = value as BiDatabase[];
    else if (kind === 'schemas') schemas.set(Number(rest), value as string[]);
    else if (kind === 'tables') tables.set(rest, value as TableOption[]);
    else if (kind === 'table') tableMetadata.set(rest, value as TableMetadata);
    else continue; // another feature's entry
    oldestFetchedAt = Math.min(oldestFetchedAt ?? fetchedAt, fetchedAt);
    newestFetchedAt = Math.max(newestFetchedAt ?? fetchedAt, fetchedAt);
  }
  return { databases, schemas, tables, tableMetadata, oldestFetchedAt, newestFetchedAt };
}

