import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { Cell, ExecuteResponse } from '../../contracts/bi';
import type { SqlResultMetaRow } from '../model/cacheRows';
import {
  DEFAULT_RESULTS_CAP_BYTES,
  LOCAL_RUN_FAILED_MESSAGE,
  deleteResults,
  dropUnkeptResults,
  estimateBytes,
  getResults,
  localHistory,
  localRunEntry,
  localRunStatus,
  markResultsUsed,
  pickEvictions,
  putResults,
  recordLocalRun,
} from './sqlResults';
import { freshDbs } from './testing/db';

const freshDb = freshDbs('sqlResults');

/** A response of `rows` rows of one 10-character string column. */
function response(rows: number, value = 'abcdefghij'): ExecuteResponse {
  const column = { column_name: 'v', name: 'v', type: 'VARCHAR', is_dttm: false };
  const data: Record<string, Cell>[] = Array.from({ length: rows }, () => ({ v: value }));
  return { status: 'success', query_id: 1, columns: [column], selected_columns: [column], expanded_columns: [], data } as unknown as ExecuteResponse;
}

const size = (rows: number) => estimateBytes(response(rows));

describe('estimateBytes', () => {
  it.each([
    ['a string: UTF-16', 'abcd', 8],
    ['a number', 1.5, 8],
    ['a boolean', true, 4],
    ['null', null, 4],
    ['a row: keys and values', { ab: 'xyz' }, 4 + 6],
    ['an array of rows', [{ a: 1 }, { a: 2 }], 8 + 2 * (2 + 8)],
    ['nested cells', { a: [1, 'x'] }, 2 + 8 + 8 + 2],
  ])('%s', (_name, value, expected) => {
    expect(estimateBytes(value)).toBe(expected);
  });

  it('grows with the rows', () => {
    expect(size(200)).toBeGreaterThan(size(100));
    expect(size(200) - size(100)).toBe(size(300) - size(200));
  });
});

describe('pickEvictions', () => {
  const entry = (tabId: string, bytes: number, lastUsedAt: number): SqlResultMetaRow => ({ tabId, bytes, rowCount: 1, storedAt: lastUsedAt, lastUsedAt });
  it.each([
    ['everything fits', [entry('a', 10, 1), entry('b', 10, 2)], 10, 30, []],
    ['exactly at the cap', [entry('a', 10, 1), entry('b', 10, 2)], 10, 30, []],
    ['the least recently used goes first', [entry('b', 10, 5), entry('a', 10, 1), entry('c', 10, 3)], 10, 25, ['a', 'c']],
    ['as many as needed', [entry('a', 5, 1), entry('b', 5, 2), entry('c', 50, 3)], 50, 60, ['a', 'b', 'c']],
  ])('%s', (_name, entries, incoming, cap, expected) => {
    expect(pickEvictions(entries, incoming, cap)).toEqual(expected);
  });
});

describe('the results cache', () => {
  it('stores, reads and deletes a tab’s result', async () => {
    const db = freshDb();
    const outcome = await putResults(db, 'T1', response(3), { now: 100 });
    expect(outcome).toEqual({ stored: true, bytes: size(3), evicted: [] });
    expect(await getResults(db, 'T1')).toMatchObject({ tabId: 'T1', bytes: size(3), rowCount: 3, storedAt: 100, lastUsedAt: 100 });
    expect((await getResults(db, 'T1'))?.response.data).toHaveLength(3);
    await deleteResults(db, 'T1');
    expect(await getResults(db, 'T1')).toBeUndefined();
    expect(await db.sqlResults.count()).toBe(0);
  });

  it('replaces the tab’s previous result', async () => {
    const db = freshDb();
    await putResults(db, 'T1', response(3), { now: 100 });
    await putResults(db, 'T1', response(5), { now: 200 });
    expect(await getResults(db, 'T1')).toMatchObject({ rowCount: 5, storedAt: 200 });
    expect(await db.sqlResultsMeta.count()).toBe(1);
  });

  it('evicts the least recently stored first when over the cap', async () => {
    const db = freshDb();
    const cap = 3 * size(10);
    await putResults(db, 'A', response(10), { capBytes: cap, now: 1 });
    await putResults(db, 'B', response(10), { capBytes: cap, now: 2 });
    await putResults(db, 'C', response(10), { capBytes: cap, now: 3 });
    expect(await putResults(db, 'D', response(10), { capBytes: cap, now: 4 })).toMatchObject({ stored: true, evicted: ['A'] });
    expect(await putResults(db, 'E', response(20), { capBytes: cap, now: 5 })).toMatchObject({ stored: true, evicted: ['B', 'C'] });
    expect((await db.sqlResultsMeta.orderBy('lastUsedAt').toArray()).map((e) => e.tabId)).toEqual(['D', 'E']);
    expect(await db.sqlResults.count()).toBe(2); // the rows go with their entry
  });

  it('evicts the least recently used: showing a result keeps it', async () => {
    const db = freshDb();
    const cap = 2 * size(10);
    await putResults(db, 'A', response(10), { capBytes: cap, now: 1 });
    await putResults(db, 'B', response(10), { capBytes: cap, now: 2 });
    await markResultsUsed(db, 'A', 3);
    expect(await putResults(db, 'C', response(10), { capBytes: cap, now: 4 })).toMatchObject({ evicted: ['B'] });
    expect(await getResults(db, 'A')).toBeDefined();
  });

  it('never holds more than the cap', async () => {
    const db = freshDb();
    const cap = 5 * size(10);
    for (let i = 0; i < 12; i++) await putResults(db, `T${i}`, response(5 + ((i * 7) % 11)), { capBytes: cap, now: i });
    const total = (await db.sqlResultsMeta.orderBy('lastUsedAt').toArray()).reduce((sum, e) => sum + e.bytes, 0);
    expect(total).toBeLessThanOrEqual(cap);
    expect((await db.sqlResultsMeta.orderBy('lastUsedAt').toArray()).at(-1)?.tabId).toBe('T11');
  });

  it('a result bigger than the cap is still its tab’s one copy (to show now), marked not kept, and goes first', async () => {
    const db = freshDb();
    const cap = 3 * size(2);
    await putResults(db, 'A', response(2), { capBytes: cap, now: 1 });
    await putResults(db, 'T1', response(2), { capBytes: cap, now: 2 });
    expect(size(100)).toBeGreaterThan(cap);
    const outcome = await putResults(db, 'T1', response(100), { capBytes: cap, now: 3 });
    expect(outcome).toEqual({ stored: false, bytes: size(100), evicted: [] });
    expect(await getResults(db, 'T1')).toMatchObject({ kept: false, rowCount: 100 });
    expect(await getResults(db, 'A')).toBeDefined(); // nothing else was evicted for it
    // The next result evicts it, however recently it was shown.
    expect(await putResults(db, 'B', response(2), { capBytes: cap, now: 4 })).toMatchObject({ stored: true, evicted: ['T1'] });
  });

  it('a new session drops the results too large to keep, and only those', async () => {
    const db = freshDb();
    const cap = 3 * size(2);
    await putResults(db, 'A', response(2), { capBytes: cap, now: 1 });
    await putResults(db, 'T1', response(100), { capBytes: cap, now: 2 });
    await dropUnkeptResults(db);
    expect(await getResults(db, 'T1')).toBeUndefined();
    expect(await db.sqlResults.count()).toBe(1);
    expect(await getResults(db, 'A')).toMatchObject({ kept: true });
  });

  it('defaults to 50 MB', () => {
    expect(DEFAULT_RESULTS_CAP_BYTES).toBe(50 * 1024 * 1024);
  });
});

describe('local runs (offline history)', () => {
  it.each([
    ['select 1', 'success'],
    ['select error from t', 'failed'],
    ['SELECT * FROM ERRORS', 'failed'],
    ['select "Error"', 'failed'],
    ['select err or', 'success'],
    ['', 'success'],
  ])('%j → %s', (sql, status) => {
    expect(localRunStatus(sql)).toBe(status);
  });

  it('an entry carries its outcome', () => {
    const run = { sql: 'select error', tabName: 'Untitled 1', databaseId: 1, schema: 'main' };
    expect(localRunEntry(run, 5, 'H1')).toEqual({ id: 'H1', ...run, startedAt: 5, status: 'failed', error: LOCAL_RUN_FAILED_MESSAGE });
    expect(localRunEntry({ ...run, sql: 'select 1' }, 5, 'H2')).toMatchObject({ status: 'success', error: null });
  });

  it('records runs, newest first, keeping the newest ones', async () => {
    const db = freshDb();
    const run = (sql: string) => ({ sql, tabName: 't', databaseId: 1, schema: null });
    await recordLocalRun(db, run('select 1'), { now: 1, keep: 2 });
    await recordLocalRun(db, run('select error'), { now: 2, keep: 2 });
    const third = await recordLocalRun(db, run('select 3'), { now: 3, keep: 2 });
    expect(third.status).toBe('success');
    expect((await localHistory(db)).map((h) => [h.sql, h.status])).toEqual([
      ['select 3', 'success'],
      ['select error', 'failed'],
    ]);
  });
});
