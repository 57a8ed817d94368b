import type { BiDatabase, TableMetadata, TableOption, TableSearchHit } from '../../../contracts/biCatalog';
import { liveQuery } from 'dexie';
import type { ConsoleDb } from '../../db/schema';
import type { BiMetadataRow } from '../../model/cacheRows';
import {
  keptMetadataFor,
  metadataKey,
  METADATA_FRESH_MS,
  requestOf,
  UNREACHABLE_MESSAGE,
  wantedMetadata,
  wantMetadata,
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

/** A metadata answer and when it was fetched; `stale` when it is not fresh (the server could not be asked, or a new answer is on its way). */
export interface Cached<T> {
  value: T;
  fetchedAt: number;
  stale: boolean;
}

/** How long a caller waits for the sync worker's answer to a key nothing is kept for. */
export const METADATA_WAIT_MS = 10_000;

export interface BiMetadataDeps {
  db: ConsoleDb;
  /** Wakes the sync worker (in whichever tab leads): it fetches the keys wanted and writes the answers. */
  wake: () => void;
  /** The server's table search across every catalog and schema; not kept (each typed prefix is its own question). */
  searchTables: (text: string, limit: number) => Promise<TableSearchHit[]>;
  now?: () => number;
  waitMs?: number;
}

const keptAnswer = <T>(row: BiMetadataRow | undefined): Cached<T> | null =>
  row?.value !== undefined && row.fetchedAt !== undefined ? { value: row.value as T, fetchedAt: row.fetchedAt, stale: true } : null;

/** The worker's outcome for a row it was asked for: its answer, else (unreachable) the kept one, else its failure. */
function outcomeOf<T>(row: BiMetadataRow): Cached<T> {
  const kept = keptAnswer<T>(row);
  if (kept && row.error === undefined) return { ...kept, stale: false };
  if (kept && row.error === UNREACHABLE_MESSAGE) return kept;
  throw new Error(row.error ?? UNREACHABLE_MESSAGE);
}

/**
 * Waits for the sync worker to answer a wanted key: the live row once no one wants it any more
 * (every tab's writes wake the live query). Past `ms`, a clear error: offline the worker is paused.
 */
export function waitForMetadata<T>(db: ConsoleDb, key: string, ms: number): Promise<Cached<T>> {
  return new Promise((resolve, reject) => {
    const live: { subscription?: { unsubscribe(): void } } = {};
    let done = false;
    const settle = (outcome: () => Cached<T>) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      live.subscription?.unsubscribe();
      try {
        resolve(outcome());
      } catch (error) {
        reject(error);
      }
    };
    const timer = setTimeout(
      () =>
        settle(() => {
          throw new Error(`No answer for the metadata "${key}" within ${ms / 1000} s: the server may be unreachable. Try again later.`);
        }),
      ms,
    );
    live.subscription = liveQuery(() => db.biMetadata.get(key)).subscribe({
      next: (row) => {
        if (row && row.wantedAt === undefined && (row.value !== undefined || row.error !== undefined)) settle(() => outcomeOf<T>(row));
      },
      error: (error: unknown) =>
        settle(() => {
          throw error;
        }),
    });
    if (done) live.subscription.unsubscribe(); // answered at once, before subscribe returned
  });
}

/**
 * Metadata for callers that must await an answer as the user types (the editor's completion, a
 * notebook's SQL cell), over the same cache the screens read live. The sync worker is its one
 * writer: a fresh kept answer comes at once; an older one comes at once too, marked stale, while
 * the worker is asked for a new one; with nothing kept, the key is marked wanted and the worker's
 * answer awaited (a clear error past the wait).
 */
export function createBiMetadata({ db, wake, searchTables, now = Date.now, waitMs = METADATA_WAIT_MS }: BiMetadataDeps) {
  async function read<T>(key: string): Promise<Cached<T>> {
    const kept = keptAnswer<T>(await db.biMetadata.get(key));
    if (kept && now() - kept.fetchedAt < METADATA_FRESH_MS) return { ...kept, stale: false };
    await wantMetadata(db, [key], now());
    wake(); // even when another caller wanted it first: the worker may not have heard
    return kept ?? waitForMetadata<T>(db, key, waitMs);
  }
  return {
    databases: () => read<BiDatabase[]>(metadataKey('databases')),
    schemas: (databaseId: number) => read<string[]>(metadataKey('schemas', databaseId)),
    tables: (databaseId: number, schema: string) => read<TableOption[]>(metadataKey('tables', databaseId, schema)),
    table: (databaseId: number, schema: string, table: string) => read<TableMetadata>(metadataKey('table', databaseId, schema, table)),
    searchTables,
    /** Everything kept for a database, for autocomplete (no network). */
    keptFor: (databaseId: number) => keptMetadataFor(db, databaseId),
  };
}

export type BiMetadata = ReturnType<typeof createBiMetadata>;
