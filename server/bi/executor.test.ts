import { afterEach, describe, expect, it, vi } from 'vitest';
import { openStore, type Store } from '../store/db';
import { manualClock, useFixture } from '../testing/harness';
import { BiHttpError } from './errors';
import { newClientId, queryLimitOf, SqlLabExecutor, type Runner } from './executor';
import { QueryHistoryStore } from './history.store';
import { SqlTableParser } from './sqlTables';
import { FakeWarehouse } from './testing/fakeWarehouse';
import { JsonRows } from '../warehouse/jsonRows';

const fixture = useFixture();
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

const ADMIN: Runner = { username: 'admin', admin: true, user: { id: 1, firstName: 'Admin', lastName: 'User' } };

async function setup(timeoutMs = 60_000) {
  const store: Store = await openStore(await fixture.tempDir());
  const parser = await SqlTableParser.open();
  closers.push(() => parser.close(), () => store.close());
  const clock = manualClock(1_700_000_000_000);
  const warehouse = new FakeWarehouse();
  const history = await QueryHistoryStore.open(store, clock.now());
  const log = { error: vi.fn() };
  const executor = new SqlLabExecutor({ warehouse, history, parser, clock: clock.now, timeoutMs, log });
  return { store, warehouse, history, executor, clock, log };
}

async function statusOf(run: () => Promise<unknown>): Promise<number> {
  try {
    await run();
  } catch (error) {
    if (error instanceof BiHttpError) return error.statusCode;
    throw error;
  }
  return 200;
}

describe('SqlLabExecutor', () => {
  it('records a run as running, then success with its rows, tables and times', async () => {
    const { executor, history, warehouse, clock } = await setup();
    warehouse.behaviour = async () => {
      // Recorded while it runs (the insert goes on beside the warehouse's work).
      await vi.waitFor(async () => expect((await history.byClientId('c1', ADMIN))?.status).toBe('running'));
      clock.advance(250);
      return { columns: [{ name: 'd', type: 'DATE' }], rows: JsonRows.of([{ d: '2024-01-01' }, { d: '2024-01-02' }]), limited: true, truncatedAtBytes: null };
    };
    const outcome = await executor.execute(ADMIN, { database_id: 1, sql: 'select d from gaming.bets', client_id: 'c1', queryLimit: 2, schema: 'main', tab: 'Tab 1' });
    expect(outcome.status).toBe(200);
    if (outcome.status !== 200) return;
    expect(outcome.body.columns).toEqual([{ column_name: 'd', name: 'd', type: 'DATE', is_dttm: true, type_generic: 2 }]);
    expect(outcome.body.query).toMatchObject({ id: 'c1', state: 'success', rows: 2, limit: 2, limitingFactor: 'DROPDOWN', tab: 'Tab 1' });
    expect(outcome.body.query.endDttm - outcome.body.query.startDttm).toBe(250);
    expect(warehouse.requests[0]).toEqual({ databaseId: 1, schema: 'main', sql: 'select d from gaming.bets', limit: 2, queryId: 'c1' });
    const entry = await history.byClientId('c1', ADMIN);
    expect(entry).toMatchObject({ status: 'success', rows: 2, sqlTables: [{ table: 'bets', schema: 'gaming', catalog: null }] });
  });

  it('answers a SQL error with DuckDB text (400) and records it failed', async () => {
    const { executor, history, warehouse } = await setup();
    warehouse.failWith('Catalog Error: Table with name nope does not exist!');
    const outcome = await executor.execute(ADMIN, { database_id: 1, sql: 'select * from nope', client_id: 'c2' });
    expect(outcome.status).toBe(400);
    expect(outcome.body).toMatchObject({
      message: 'Catalog Error: Table with name nope does not exist!',
      error: 'Catalog Error: Table with name nope does not exist!',
      errors: [{ error_type: 'TABLE_DOES_NOT_EXIST_ERROR', level: 'error' }],
      status: 'failed',
    });
    expect((await history.byClientId('c2', ADMIN))?.errorMessage).toMatch(/^Catalog Error/);
  });

  it('stops a running query: 400 "The query was stopped", history stopped', async () => {
    const { executor, history, warehouse } = await setup();
    const { started } = warehouse.runUntilCancelled();
    const running = executor.execute(ADMIN, { database_id: 1, sql: 'select 1', client_id: 'c3' });
    await started;
    await executor.stop(ADMIN, 'c3');
    const outcome = await running;
    expect(outcome.status).toBe(400);
    expect(outcome.body).toMatchObject({ message: 'The query was stopped', status: 'stopped', query: { state: 'stopped' } });
    expect(warehouse.cancelled).toEqual(['c3']);
    expect((await history.byClientId('c3', ADMIN))?.status).toBe('stopped');
  });

  it('a stop that comes before the warehouse started the query retries until it interrupts it', async () => {
    const { executor, history, warehouse } = await setup();
    const { started } = warehouse.runUntilCancelled(100);
    const running = executor.execute(ADMIN, { database_id: 1, sql: 'select 1', client_id: 'early' });
    await expect.poll(async () => (await history.byClientId('early', ADMIN))?.status).toBe('running');
    await executor.stop(ADMIN, 'early');
    await started;
    expect((await running).status).toBe(400);
    expect(warehouse.cancelled).toEqual(['early']);
    expect((await history.byClientId('early', ADMIN))?.status).toBe('stopped');
  });

  it('answers what the history says when a stop comes as the query completes anyway', async () => {
    const { executor, history, warehouse } = await setup();
    const { started } = warehouse.completesDespiteCancel();
    const running = executor.execute(ADMIN, { database_id: 1, sql: 'select 1', client_id: 'c4' });
    await started;
    await executor.stop(ADMIN, 'c4');
    const outcome = await running;
    const entry = await history.byClientId('c4', ADMIN);
    expect(warehouse.cancelled).toEqual(['c4']);
    expect(outcome.status === 200 ? 'success' : outcome.body.status).toBe(entry?.status);
    expect(outcome.body.query).toMatchObject({ state: entry?.status });
  });

  it('answers a success before its history update commits; the next read sees it, a failed update is logged', async () => {
    const { executor, history, log } = await setup();
    const outcome = await executor.execute(ADMIN, { database_id: 1, sql: 'select 1', client_id: 'quick' });
    expect(outcome.status).toBe(200);
    expect(await history.byClientId('quick', ADMIN)).toMatchObject({ status: 'success', rows: 1 });
    expect(log.error).not.toHaveBeenCalled();

    vi.spyOn(history, 'finish').mockRejectedValueOnce(new Error('disk full'));
    const unrecorded = await executor.execute(ADMIN, { database_id: 1, sql: 'select 1', client_id: 'unrecorded' });
    expect(unrecorded.status).toBe(200);
    await vi.waitFor(() => expect(log.error).toHaveBeenCalledWith(expect.objectContaining({ clientId: 'unrecorded' }), expect.stringMatching(/history/)));
    expect((await history.byClientId('unrecorded', ADMIN))?.status).toBe('running');
  });

  it('times out a query that runs too long: 408, history timed_out', async () => {
    const { executor, history, warehouse } = await setup(50);
    warehouse.runUntilCancelled();
    const outcome = await executor.execute(ADMIN, { database_id: 1, sql: 'select 1', client_id: 'c5' });
    expect(outcome.status).toBe(408);
    expect(outcome.body).toMatchObject({
      status: 'timed_out',
      message: 'The query exceeded the 0.05 seconds timeout.',
      errors: [{ error_type: 'SQLLAB_TIMEOUT_ERROR' }],
      query: { state: 'timed_out' },
    });
    expect((await history.byClientId('c5', ADMIN))?.status).toBe('timed_out');
  });

  it('records a warehouse crash as failed and lets the error through (5xx)', async () => {
    const { executor, history, warehouse } = await setup();
    warehouse.behaviour = async () => {
      throw new Error('disk on fire');
    };
    await expect(executor.execute(ADMIN, { database_id: 1, sql: 'select 1', client_id: 'c6' })).rejects.toThrow('disk on fire');
    expect(await history.byClientId('c6', ADMIN)).toMatchObject({ status: 'failed', errorMessage: 'The warehouse could not run the query' });
  });

  it('refuses what cannot run before recording it', async () => {
    const { executor, history, warehouse } = await setup();
    expect(await statusOf(() => executor.execute(ADMIN, { database_id: 9, sql: 'select 1' }))).toBe(404);
    expect(await statusOf(() => executor.execute(ADMIN, { database_id: 1, sql: 'select 1', catalog: 'other' }))).toBe(404);
    expect(await statusOf(() => executor.execute(ADMIN, { database_id: 1, sql: 'select 1', select_as_cta: true }))).toBe(400);
    expect(await statusOf(() => executor.execute(ADMIN, { database_id: 1, sql: 'select 1', queryLimit: 0 }))).toBe(400);
    expect(await statusOf(() => executor.execute(ADMIN, { database_id: 1, sql: 'select 1', client_id: 'dup' }))).toBe(200);
    expect(await statusOf(() => executor.execute(ADMIN, { database_id: 1, sql: 'select 2', client_id: 'dup' }))).toBe(400);
    expect(warehouse.requests.map((request) => request.sql)).toEqual(['select 1']); // the reused id's SQL never ran
    expect((await history.statuses(ADMIN))).toEqual(['success']);
  });

  it('a client_id that is running now is refused without running the SQL again', async () => {
    const { executor, warehouse } = await setup();
    const { started } = warehouse.runUntilCancelled();
    const first = executor.execute(ADMIN, { database_id: 1, sql: 'select 1', client_id: 'busy' });
    await started;
    expect(await statusOf(() => executor.execute(ADMIN, { database_id: 1, sql: 'select 2', client_id: 'busy' }))).toBe(400);
    expect(warehouse.requests.map((request) => request.sql)).toEqual(['select 1']);
    expect(await statusOf(() => executor.stop({ ...ADMIN, username: 'someone', admin: false }, 'busy'))).toBe(404);
    await executor.stop(ADMIN, 'busy');
    expect((await first).status).toBe(400);
  });

  it('a history insert that fails interrupts the run it was recording', async () => {
    const { executor, history, warehouse } = await setup();
    warehouse.runUntilCancelled(20);
    vi.spyOn(history, 'start').mockRejectedValueOnce(new Error('disk full'));
    await expect(executor.execute(ADMIN, { database_id: 1, sql: 'select 1', client_id: 'lost' })).rejects.toThrow('disk full');
    expect(warehouse.cancelled).toEqual(['lost']);
  });

  it('stop: 404 for an unknown client_id, OK and unchanged for a finished query', async () => {
    const { executor, history } = await setup();
    expect(await statusOf(() => executor.stop(ADMIN, 'unknown'))).toBe(404);
    await executor.execute(ADMIN, { database_id: 1, sql: 'select 1', client_id: 'done' });
    await executor.stop(ADMIN, 'done');
    expect((await history.byClientId('done', ADMIN))?.status).toBe('success');
    expect(await statusOf(() => executor.stop({ ...ADMIN, username: 'someone', admin: false }, 'done'))).toBe(404);
  });

  it('marks queries left running by a previous process as failed when the history opens', async () => {
    const { store, executor, warehouse } = await setup();
    warehouse.runUntilCancelled();
    void executor.execute(ADMIN, { database_id: 1, sql: 'select 1', client_id: 'orphan' }).catch(() => undefined);
    await expect.poll(async () => (await store.all('SELECT 1 FROM bi_queries WHERE client_id = $1', ['orphan'])).length).toBe(1);
    const reopened = await QueryHistoryStore.open(store, 1);
    expect(await reopened.byClientId('orphan', ADMIN)).toMatchObject({ status: 'failed', errorMessage: 'The console server restarted while the query ran' });
    warehouse.cancel('orphan');
  });
});

describe('execute helpers', () => {
  it('queryLimit: default 1000, up to 100,000, positive integers only', () => {
    expect(queryLimitOf(undefined)).toBe(1000);
    expect(queryLimitOf(null)).toBe(1000);
    expect(queryLimitOf(5)).toBe(5);
    expect(queryLimitOf(100_000)).toBe(100_000);
    expect(queryLimitOf(250_000)).toBe(100_000);
    for (const bad of [0, -1, 1.5, '10', true, Number.NaN]) expect(() => queryLimitOf(bad)).toThrow(BiHttpError);
  });

  it('client ids are 11 URL-safe characters', () => {
    const ids = new Set(Array.from({ length: 50 }, newClientId));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{11}$/);
  });
});
