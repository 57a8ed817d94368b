import type { BiDatabase, TableMetadata, TableOption, TableSearchHit } from '../../../contracts/biCatalog';
import type { ConsoleDb } from '../../db/schema';
import {
  keptMetadataFor,
  metadataKey,
  METADATA_FRESH_MS,
  putMetadataValue,
  requestOf,
  UNREACHABLE_MESSAGE,
  wantedMetadata,
  writeMetadataOutcomes,
  type MetadataOutcome,
  type MetadataRequest,
} from '../../db/metadataCache';
import type { BiApi } from '../api/bi.api';
import { httpStatus, isNetworkError, serverMessage } from '../api/http';

/** What the metadata fetches need of the BI API. */
export type MetadataApi = Pick<BiApi, 'databases' | 'schemas' | 'tables' | 'tableMetadata'>;

/** How many keys the worker fetches at once: one browser should not flood the server. */
const FETCH_CONCURRENCY = 4;

export function describeMetadataError(error: unknown): string {
  if (isNetworkError(error)) return UNREACHABLE_MESSAGE;
  return serverMessage(error) ?? (error instanceof Error ? error.message : String(error));
}

/** The server call answering a key. */
function fetchRequest(api: MetadataApi, request: MetadataRequest, signal?: AbortSignal): Promise<unknown> {
  switch (request.kind) {
    case 'databases':
      return api.databases({ signal });
    case 'schemas':
      return api.schemas(request.databaseId, { signal });
    case 'tables':
      return api.tables(request.databaseId, request.schema, { signal });
    case 'table':
      return api.tableMetadata(request.databaseId, request.schema, request.table, { signal });
  }
}

/** Outer keys first (catalogs before schemas before tables): a tree opened to a table fills from the top. */
const depth = (key: string) => (key === 'databases' ? 0 : key.split('/').length);

/**
 * The sync worker's task: fetch every key a screen wants, a few at a time, and keep the answers
 * and failures in one write (each failure with its key: the screens show it, the last answer
 * stays). A 401 is thrown (the engine ends the session); other failures are not, so a failing key
 * waits for its Retry instead of making the poller back off for everyone.
 */
export async function refreshWantedMetadata(db: ConsoleDb, api: MetadataApi, now: () => number, signal: AbortSignal): Promise<number> {
  const triedAt = now();
  const queue = (await wantedMetadata(db)).map((row) => row.key).sort((a, b) => depth(a) - depth(b));
  const outcomes: MetadataOutcome[] = [];
  let unauthorized: unknown;
  const worker = async () => {
    for (let key = queue.shift(); key !== undefined && !signal.aborted; key = queue.shift()) {
      const request = requestOf(key);
      try {
        if (!request) throw new Error(`Unknown metadata key "${key}"`);
        outcomes.push({ key, value: await fetchRequest(api, request, signal) });
      } catch (error) {
        if (signal.aborted) return;
        if (httpStatus(error) === 401) unauthorized = error;
        outcomes.push({ key, error: describeMetadataError(error) });
      }
    }
  };
  await Promise.all(Array.from({ length: FETCH_CONCURRENCY }, worker));
  if (unauthorized) throw unauthorized;
  if (!signal.aborted) await writeMetadataOutcomes(db, outcomes, triedAt, now());
  return outcomes.length;
}

/** A metadata answer and when it was fetched; `stale` when the server could not be asked now. */
export interface Cached<T> {
  value: T;
  fetchedAt: number;
  stale: boolean;
}

/**
 * Read-through access to the same cache, for callers that must wait for an answer as the user
 * types (the editor's completion, a notebook's SQL cell): a fresh kept answer, else the server's
 * (kept for every tab), else, offline, the kept one. Screens do not use it: they ask for keys and
 * read them live (commands/catalog/watch.ts).
 */
export function createBiMetadata(db: ConsoleDb, api: BiApi, now: () => number = Date.now) {
  async function read<T>(key: string, fetch: () => Promise<T>): Promise<Cached<T>> {
    const kept = await db.biMetadata.get(key);
    const answered = kept?.value !== undefined && kept.fetchedAt !== undefined ? { value: kept.value as T, fetchedAt: kept.fetchedAt } : null;
    if (answered && now() - answered.fetchedAt < METADATA_FRESH_MS) return { ...answered, stale: false };
    try {
      const value = await fetch();
      const fetchedAt = now();
      await putMetadataValue(db, key, value, fetchedAt);
      return { value, fetchedAt, stale: false };
    } catch (error) {
      if (answered && isNetworkError(error)) return { ...answered, stale: true };
      throw error;
    }
  }
  return {
    databases: () => read<BiDatabase[]>(metadataKey('databases'), () => api.databases()),
    schemas: (databaseId: number) => read<string[]>(metadataKey('schemas', databaseId), () => api.schemas(databaseId)),
    tables: (databaseId: number, schema: string) => read<TableOption[]>(metadataKey('tables', databaseId, schema), () => api.tables(databaseId, schema)),
    table: (databaseId: number, schema: string, table: string) =>
      read<TableMetadata>(metadataKey('table', databaseId, schema, table), () => api.tableMetadata(databaseId, schema, table)),
    /** The server's table search across every catalog and schema; not kept (each typed prefix is its own question). */
    searchTables: (text: string, limit: number): Promise<TableSearchHit[]> => api.searchTables(text, limit),
    /** Everything kept for a database, for autocomplete (no network). */
    keptFor: (databaseId: number) => keptMetadataFor(db, databaseId),
  };
}

export type BiMetadata = ReturnType<typeof createBiMetadata>;
