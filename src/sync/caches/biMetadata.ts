import type { BiDatabase, TableMetadata, TableOption, TableSearchHit } from '../../../contracts/biCatalog';
import type { ConsoleDb } from '../../db/schema';
import type { BiMetadataRow } from '../../model/cacheRows';
import type { BiApi } from '../api/bi.api';
import { isNetworkError } from '../api/http';

/** A metadata answer and when it was fetched; `stale` when the server could not be asked now. */
export interface Cached<T> {
  value: T;
  fetchedAt: number;
  stale: boolean;
}

export interface MetadataReadOptions {
  /** Ask the server even when the kept answer is fresh. */
  force?: boolean;
  /**
   * Collect the new answer here instead of writing it at once: a background refresh writes all
   * its answers in one transaction, so the views that read the whole cache rebuild once.
   */
  batch?: BiMetadataRow[];
}

/**
 * Read-through cache of the BI metadata (server data, so a cache, not events): answers come from
 * the server and are kept in Dexie; when the server cannot be reached, the kept answer is used.
 */
export function createBiMetadata(db: ConsoleDb, api: BiApi, now: () => number = Date.now) {
  async function read<T>(key: string, fetch: () => Promise<T>, { force = false, batch }: MetadataReadOptions = {}): Promise<Cached<T>> {
    const kept = await db.biMetadata.get(key);
    if (kept && !force && now() - kept.fetchedAt < FRESH_MS) return { value: kept.value as T, fetchedAt: kept.fetchedAt, stale: false };
    try {
      const value = await fetch();
      const fetchedAt = now();
      if (batch) batch.push({ key, value, fetchedAt });
      else await db.biMetadata.put({ key, value, fetchedAt });
      return { value, fetchedAt, stale: false };
    } catch (error) {
      if (kept && isNetworkError(error)) return { value: kept.value as T, fetchedAt: kept.fetchedAt, stale: true };
      throw error;
    }
  }
  return {
    databases: (options?: MetadataReadOptions) => read<BiDatabase[]>('databases', () => api.databases(), options),
    schemas: (databaseId: number, options?: MetadataReadOptions) => read<string[]>(`schemas/${databaseId}`, () => api.schemas(databaseId), options),
    tables: (databaseId: number, schema: string, options?: MetadataReadOptions) =>
      read<TableOption[]>(keyOf('tables', databaseId, schema), () => api.tables(databaseId, schema), options),
    table: (databaseId: number, schema: string, table: string, options?: MetadataReadOptions) =>
      read<TableMetadata>(keyOf('table', databaseId, schema, table), () => api.tableMetadata(databaseId, schema, table), options),
    /** The server's table search across every catalog and schema; not kept (each typed prefix is its own question). */
    searchTables: (text: string, limit: number): Promise<TableSearchHit[]> => api.searchTables(text, limit),
    /** Everything kept for a database, for autocomplete (no network). */
    async keptFor(databaseId: number): Promise<{ schemas: string[]; tables: { schema: string; name: string }[]; columns: TableMetadata[] }> {
      const schemas = await db.biMetadata.get(`schemas/${databaseId}`);
      const tables = await db.biMetadata.where('key').startsWith(`tables/${databaseId}/`).toArray();
      const columns = await db.biMetadata.where('key').startsWith(`table/${databaseId}/`).toArray();
      return {
        schemas: (schemas?.value as string[] | undefined) ?? [],
        tables: tables.flatMap((row) => (row.value as TableOption[]).map((t) => ({ schema: decodeURIComponent(row.key.split('/')[2] ?? ''), name: t.value }))),
        columns: columns.map((row) => row.value as TableMetadata),
      };
    },
  };
}

/** Names may hold '/', so each part is encoded: keys split back into the names they were made of. */
function keyOf(kind: string, databaseId: number, ...names: string[]): string {
  return [kind, databaseId, ...names.map(encodeURIComponent)].join('/');
}

/** Metadata younger than this is used without asking the server again. */
const FRESH_MS = 5 * 60 * 1000;

export type BiMetadata = ReturnType<typeof createBiMetadata>;
