import { ulid } from 'ulid';
import type { ExecuteResponse } from '../../contracts/bi';
import type { ConsoleDb } from './schema';
import type { SqlLocalHistoryRow, SqlResultMetaRow } from '../model/cacheRows';

/**
 * The cache of SQL results: server data, not events. One result per tab (its last run), kept for
 * offline viewing and for a reopened tab, within a total size; the least recently stored or shown
 * results go first.
 */

export const DEFAULT_RESULTS_CAP_BYTES = 50 * 1024 * 1024;

export interface PutResultsOutcome {
  /** False when the result alone is bigger than the cap: the UI says it is not kept offline. */
  stored: boolean;
  bytes: number;
  /** Tabs whose results were evicted to make room. */
  evicted: string[];
}

export interface CachedResults extends SqlResultMetaRow {
  response: ExecuteResponse;
}

/**
 * About what a value takes in IndexedDB: strings as UTF-16, numbers as doubles, and every key of
 * every row (structured clone stores them per object). Walks the value instead of stringifying it,
 * so 100,000 rows do not make one huge string.
 */
export function estimateBytes(value: unknown): number {
  let total = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (typeof item === 'string') total += 2 * item.length;
    else if (typeof item === 'number') total += 8;
    else if (typeof item === 'boolean' || item === null || item === undefined) total += 4;
    else if (Array.isArray(item)) {
      total += 8;
      for (const element of item) stack.push(element);
    } else if (typeof item === 'object') {
      for (const [key, field] of Object.entries(item)) {
        total += 2 * key.length;
        stack.push(field);
      }
    }
  }
  return total;
}

/** Which cached results to drop (least recently used first) so `incoming` bytes fit under the cap. */
export function pickEvictions(entries: readonly SqlResultMetaRow[], incoming: number, capBytes: number): string[] {
  let total = incoming + entries.reduce((sum, e) => sum + e.bytes, 0);
  const evicted: string[] = [];
  for (const entry of [...entries].sort((a, b) => a.lastUsedAt - b.lastUsedAt)) {
    if (total <= capBytes) break;
    evicted.push(entry.tabId);
    total -= entry.bytes;
  }
  return evicted;
}

/**
 * Stores a tab's result, replacing its previous one, and evicts what no longer fits. The cache is
 * the one home of a result (the screens read it live): one bigger than the whole cap is stored
 * too, marked not kept (`stored: false`), so it shows now but is the first to go, and does not
 * survive a reload (dropUnkeptResults).
 */
export function putResults(
  db: ConsoleDb,
  tabId: string,
  response: ExecuteResponse,
  options: { capBytes?: number; now?: number } = {},
): Promise<PutResultsOutcome> {
  const { capBytes = DEFAULT_RESULTS_CAP_BYTES, now = Date.now() } = options;
  const bytes = estimateBytes(response);
  const kept = bytes <= capBytes;
  return db.transaction('rw', db.sqlResultsMeta, db.sqlResults, async () => {
    const others = (await db.sqlResultsMeta.toArray()).filter((e) => e.tabId !== tabId);
    const unkept = others.filter((e) => e.kept === false).map((e) => e.tabId);
    const evicted = [...unkept, ...(kept ? pickEvictions(others.filter((e) => e.kept !== false), bytes, capBytes) : [])];
    await db.sqlResultsMeta.bulkDelete(evicted);
    await db.sqlResults.bulkDelete(evicted);
    await db.sqlResultsMeta.put({ tabId, bytes, rowCount: response.data.length, storedAt: now, lastUsedAt: now, kept });
    await db.sqlResults.put({ tabId, response });
    return { stored: kept, bytes, evicted };
  });
}

/** Results too large to keep offline last one page load: a new session drops what an earlier one left. */
export async function dropUnkeptResults(db: ConsoleDb): Promise<void> {
  await db.transaction('rw', db.sqlResultsMeta, db.sqlResults, async () => {
    const unkept = (await db.sqlResultsMeta.toArray()).filter((e) => e.kept === false).map((e) => e.tabId);
    await db.sqlResultsMeta.bulkDelete(unkept);
    await db.sqlResults.bulkDelete(unkept);
  });
}

/** A tab's cached result, or undefined. Read-only, so it can run in a live query. */
export function getResults(db: ConsoleDb, tabId: string): Promise<CachedResults | undefined> {
  return db.transaction('r', db.sqlResultsMeta, db.sqlResults, async () => {
    const [meta, row] = await Promise.all([db.sqlResultsMeta.get(tabId), db.sqlResults.get(tabId)]);
    return meta && row ? { ...meta, response: row.response } : undefined;
  });
}

/** Marks a tab's result as just shown, so it is evicted after ones not looked at since. */
export async function markResultsUsed(db: ConsoleDb, tabId: string, now = Date.now()): Promise<void> {
  await db.sqlResultsMeta.update(tabId, { lastUsedAt: now });
}

export async function deleteResults(db: ConsoleDb, tabId: string): Promise<void> {
  await db.transaction('rw', db.sqlResultsMeta, db.sqlResults, async () => {
    await db.sqlResultsMeta.delete(tabId);
    await db.sqlResults.delete(tabId);
  });
}

// ---- Queries run while offline -----------------------------------------------------------------

export const LOCAL_HISTORY_KEPT = 500;
export const LOCAL_RUN_FAILED_MESSAGE = 'The query failed.';

export type LocalRun = Pick<SqlLocalHistoryRow, 'sql' | 'tabName' | 'databaseId' | 'schema'>;

/** The local run rule: a query whose text contains "error" (any case) fails; any other succeeds. */
export function localRunStatus(sql: string): SqlLocalHistoryRow['status'] {
  return /error/i.test(sql) ? 'failed' : 'success';
}

/** The history entry of a local run, with its outcome. */
export function localRunEntry(run: LocalRun, startedAt: number, id: string = ulid()): SqlLocalHistoryRow {
  const status = localRunStatus(run.sql);
  return { id, ...run, startedAt, status, error: status === 'failed' ? LOCAL_RUN_FAILED_MESSAGE : null };
}

/** Records one offline run and keeps the newest `keep` entries. Returns the entry. */
export async function recordLocalRun(
  db: ConsoleDb,
  run: LocalRun,
  options: { now?: number; id?: string; keep?: number } = {},
): Promise<SqlLocalHistoryRow> {
  const { now = Date.now(), id, keep = LOCAL_HISTORY_KEPT } = options;
  const entry = localRunEntry(run, now, id);
  await db.transaction('rw', db.sqlLocalHistory, async () => {
    await db.sqlLocalHistory.put(entry);
    const stale = await db.sqlLocalHistory.orderBy('startedAt').reverse().offset(keep).primaryKeys();
    await db.sqlLocalHistory.bulkDelete(stale);
  });
  return entry;
}

/** Offline runs, newest first. */
export function localHistory(db: ConsoleDb, limit = 100): Promise<SqlLocalHistoryRow[]> {
  return db.sqlLocalHistory.orderBy('startedAt').reverse().limit(limit).toArray();
}
