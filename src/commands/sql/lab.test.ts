import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from 'xstate';
import type { ExecuteResponse } from '../../../contracts/bi';
import type { QueryCostEstimate } from '../../../contracts/biSqlLab';
import type { Identity } from '../../db/identity';
import type { ConsoleDb } from '../../db/schema';
import { DEFAULT_RESULTS_CAP_BYTES, getResults, localHistory, putResults } from '../../db/sqlResults';
import { closedTabs, openTabs } from '../../db/sqlTabs';
import { freshDbs } from '../../db/testing/db';
import { CANCELLED_MESSAGE, EXECUTE_SUCCESS_MESSAGE, type SqlTabQuery } from '../../machines/sqlTab.machine';
import type { BiApi } from '../../sync/api/bi.api';
import { fakeBiApi } from '../../sync/api/testing/fakeBiApi';
import { cancelledError, httpError, networkError } from '../../sync/api/testing/httpErrors';
import { createBiMetadata } from '../../sync/caches/biMetadata';
import { metadataWorker } from '../../sync/caches/testing/metadataWorker';
import type { Notice } from '../core';
import { createSqlLab, estimateFigures, executeBody, OFFLINE_RUN_MESSAGE, RESULTS_NOT_KEPT_MESSAGE, type SqlLab, type SqlTabActor } from './lab';

const freshDb = freshDbs('sqlLab');
const identity: Identity = { clientId: 'client', tabId: 'page' };

const response = {
  status: 'success',
  query_id: 7,
  columns: [{ column_name: 'n', name: 'n', type: 'INTEGER', is_dttm: false }],
  selected_columns: [],
  expanded_columns: [],
  data: [{ n: 1 }, { n: 2 }],
  query: { id: 'c', queryId: 7 },
} as unknown as ExecuteResponse;
const cost: QueryCostEstimate = { 'Output count': 2, 'CPU cost': 3, 'Output size': 16 };

/** A BI API whose SQL Lab calls are vi.fn fakes; the rest fail the test. */
function fakeApi(overrides: Partial<BiApi> = {}): BiApi {
  return fakeBiApi({
    databases: vi.fn(async () => []),
    execute: vi.fn(async () => response),
    stop: vi.fn(async () => {}),
    estimate: vi.fn(async () => cost),
    format: vi.fn(async (sql: string) => sql.toUpperCase()),
    ...overrides,
  });
}

const labs: SqlLab[] = [];
afterEach(() => {
  for (const lab of labs.splice(0)) lab.stop();
});

/** A SQL Lab on a fresh database with one tab `report` (database 1, schema gaming) open and active. */
async function setup(api = fakeApi()) {
  const db = freshDb();
  const notices: Notice[] = [];
  const lab = createSqlLab({ db, identity, username: 'admin', api, metadata: createBiMetadata({ db, wake: metadataWorker(db, api).wake, searchTables: api.searchTables }), refreshMetadata: () => {}, notify: (notice) => notices.push(notice) });
  labs.push(lab);
  await lab.tabs.openTab({ id: 'report', name: 'Report', sql: 'select n from t', databaseId: 1, schema: 'gaming', catalog: null });
  return { db, api, lab, notices };
}

const query: SqlTabQuery = { sql: 'select n from t', databaseId: 1, catalog: null, schema: 'gaming', tabName: 'Report', queryLimit: 1000 };
const settled = (actor: SqlTabActor) => waitFor(actor, (s) => s.matches({ query: 'idle', estimate: 'idle', format: 'idle' }));
const getTab = (db: ConsoleDb, id: string) => db.sqlTabs.get(id);

describe('tabs', () => {
  it('opening, renaming, closing and reopening are events that show in the projection', async () => {
    const { db, lab } = await setup();
    await lab.tabs.openTab({ id: 'scratch', name: 'Scratch' });
    expect(await lab.tabs.rename('scratch', 'Scratch pad')).toMatchObject({ ok: true, events: [{ type: 'SqlTabRenamed' }] });
    expect((await openTabs(db)).map((t) => [t.id, t.name])).toEqual([
      ['report', 'Report'],
      ['scratch', 'Scratch pad'],
    ]);
    await lab.tabs.close('scratch');
    expect((await openTabs(db)).map((t) => t.id)).toEqual(['report']);
    expect((await closedTabs(db)).map((t) => t.id)).toEqual(['scratch']);
    await lab.tabs.reopen();
    expect(await getTab(db, 'scratch')).toMatchObject({ isClosed: false, name: 'Scratch pad' });
    const types = (await db.events.where('aggregateId').equals('scratch').toArray()).map((e) => e.type);
    expect(types).toEqual(['SqlTabOpened', 'SqlTabActivated', 'SqlTabRenamed', 'SqlTabClosed', 'SqlTabReopened']);
  });

  it('a new tab starts in the location of the active one and is written by this identity', async () => {
    const { db, lab } = await setup();
    const opened = await lab.tabs.openTab();
    expect(opened.ok).toBe(true);
    const id = opened.ok ? opened.tabId : '';
    expect(await getTab(db, id)).toMatchObject({ name: 'Untitled 1', databaseId: 1, schema: 'gaming', createdBy: 'admin' });
    expect(await db.events.where('aggregateId').equals(id).first()).toMatchObject({ clientId: 'client', tabId: 'page', origin: 'local' });
  });

  it('keeps one actor per tab until stopped', async () => {
    const { lab } = await setup();
    const actor = lab.actorFor('report');
    expect(lab.actorFor('report')).toBe(actor);
    expect(lab.actorFor('other')).not.toBe(actor);
    lab.stop();
    expect(actor.getSnapshot().status).toBe('stopped');
    expect(lab.actorFor('report')).not.toBe(actor);
  });
});

describe('executing a tab', () => {
  it('sends the SQL Lab execute body of the tab with a new 11-character client id', async () => {
    const { api, lab } = await setup();
    const actor = lab.actorFor('report');
    lab.execute('report', query);
    await settled(actor);
    expect(api.execute).toHaveBeenCalledOnce();
    const [body, options] = vi.mocked(api.execute).mock.calls[0]!;
    expect(body).toMatchObject({
      database_id: 1,
      sql: 'select n from t',
      schema: 'gaming',
      catalog: null,
      sql_editor_id: 'report',
      tab: 'Report',
      queryLimit: 1000,
      runAsync: false,
      select_as_cta: false,
    });
    expect(body.client_id).toMatch(/^[0-9A-Z]{11}$/);
    expect(options?.signal).toBeInstanceOf(AbortSignal);
  });

  it('keeps the results in the results cache under the tab', async () => {
    const { db, lab } = await setup();
    const actor = lab.actorFor('report');
    lab.execute('report', query);
    await settled(actor);
    await vi.waitFor(async () => expect(await getResults(db, 'report')).toMatchObject({ tabId: 'report', rowCount: 2, response }));
  });

  it('then estimates the query and keeps the estimate on the tab, and says it succeeded', async () => {
    const { db, api, lab, notices } = await setup();
    const actor = lab.actorFor('report');
    lab.execute('report', query);
    await settled(actor);
    expect(api.estimate).toHaveBeenCalledWith({ database_id: 1, sql: 'select n from t', schema: 'gaming', catalog: null });
    await vi.waitFor(async () => expect((await getTab(db, 'report'))?.estimate).toMatchObject({ totalRows: 2, cpuCost: 3, outputSize: 16 }));
    expect(notices).toEqual([{ kind: 'success', message: EXECUTE_SUCCESS_MESSAGE }]);
  });

  it('estimateFigures: DuckDB’s three as numbers, another engine’s (PostgreSQL) under its own names', () => {
    expect(estimateFigures({ 'Output count': 2, 'CPU cost': 3, 'Output size': 16 })).toEqual({ totalRows: 2, cpuCost: 3, outputSize: 16 });
    expect(estimateFigures({ 'Start-up cost': '0.0', 'Total cost': '0.01' })).toEqual({
      totalRows: 0,
      cpuCost: 0,
      outputSize: 0,
      figures: [
        { name: 'Start-up cost', value: '0.0' },
        { name: 'Total cost', value: '0.01' },
      ],
    });
  });

  it('executeBody sends only the fields Superset 6.1’s ExecutePayloadSchema knows (it refuses others, e.g. json)', () => {
    const known = ['database_id', 'sql', 'client_id', 'queryLimit', 'sql_editor_id', 'catalog', 'schema', 'tab', 'ctas_method', 'templateParams', 'tmp_table_name', 'select_as_cta', 'runAsync', 'expand_data'];
    const body = executeBody({ ...query, tabId: 'report', clientId: 'c1' });
    expect(Object.keys(body).filter((key) => !known.includes(key))).toEqual([]);
  });

  it('without a database sends nothing and says to choose one', async () => {
    const { api, lab, notices } = await setup();
    const actor = lab.actorFor('report');
    lab.execute('report', { ...query, databaseId: null });
    await settled(actor);
    expect(api.execute).not.toHaveBeenCalled();
    expect(notices).toEqual([{ kind: 'error', message: 'Choose a database first.' }]);
  });

  it('keeps the results in the cache, their one home, marked kept', async () => {
    const { db, lab } = await setup();
    const actor = lab.actorFor('report');
    lab.execute('report', query);
    await settled(actor);
    await vi.waitFor(async () => expect(await getResults(db, 'report')).toMatchObject({ response, kept: true }));
    expect(JSON.stringify(actor.getSnapshot().context)).not.toContain('"data"'); // the actor holds status, not rows
  });

  it('results too large to keep offline are in the cache to show, marked not kept, with a warning', async () => {
    const huge = { ...response, data: [{ text: 'x'.repeat(DEFAULT_RESULTS_CAP_BYTES / 2 + 1024) }] } as ExecuteResponse;
    const { db, lab, notices } = await setup(fakeApi({ execute: vi.fn(async () => huge) }));
    await putResults(db, 'report', response);
    const actor = lab.actorFor('report');
    lab.execute('report', query);
    await settled(actor);
    await vi.waitFor(() => expect(notices).toContainEqual({ kind: 'warning', message: RESULTS_NOT_KEPT_MESSAGE }));
    expect(notices).toContainEqual({ kind: 'success', message: EXECUTE_SUCCESS_MESSAGE });
    expect(await getResults(db, 'report')).toMatchObject({ response: huge, kept: false });
  });

  it('a cancel drops the tab’s results from the cache', async () => {
    const { db, lab } = await setup();
    const actor = lab.actorFor('report');
    lab.execute('report', query);
    await settled(actor);
    await vi.waitFor(async () => expect(await getResults(db, 'report')).toBeDefined());
    lab.execute('report', query);
    lab.cancel('report');
    await vi.waitFor(async () => expect(await getResults(db, 'report')).toBeUndefined());
  });
});

describe('the results cache keeps what is shown', () => {
  it('bringing a tab to the front marks its results used, so the cache evicts another one first', async () => {
    const { db, lab } = await setup();
    await lab.tabs.openTab({ id: 'other', name: 'Other' });
    await putResults(db, 'report', response, { now: 1 });
    await putResults(db, 'other', response, { now: 2 });
    await lab.tabs.activate('report');
    await vi.waitFor(async () => expect((await db.sqlResultsMeta.get('report'))?.lastUsedAt).toBeGreaterThan(2));
    const size = (await db.sqlResultsMeta.get('report'))?.bytes ?? 0;
    // A third result that leaves room for only one more: the one not shown since goes.
    expect(await putResults(db, 'third', response, { capBytes: 2 * size, now: Date.now() + 1 })).toMatchObject({ evicted: ['other'] });
  });
});

describe('a run while the server cannot be reached', () => {
  it('is kept in the local history and the user is told so', async () => {
    const { db, api, lab, notices } = await setup(fakeApi({ execute: vi.fn(async () => Promise.reject(networkError())) }));
    const actor = lab.actorFor('report');
    lab.execute('report', query);
    await settled(actor);
    expect(await localHistory(db)).toEqual([
      expect.objectContaining({ sql: 'select n from t', tabName: 'Report', databaseId: 1, schema: 'gaming', status: 'success', error: null }),
    ]);
    expect(actor.getSnapshot().context.error).toBe(OFFLINE_RUN_MESSAGE);
    expect(notices).toEqual([{ kind: 'error', message: OFFLINE_RUN_MESSAGE }]);
    // The run never reaches the server's history: the message must not promise it does.
    expect(OFFLINE_RUN_MESSAGE).toContain('did not run there');
    expect(OFFLINE_RUN_MESSAGE).toContain('this browser’s Query history only');
    expect(api.estimate).not.toHaveBeenCalled();
    expect(await getResults(db, 'report')).toBeUndefined();
  });

  it('records the local outcome: text with "error" is a failed run', async () => {
    const { db, lab } = await setup(fakeApi({ execute: vi.fn(async () => Promise.reject(httpError(504))) }));
    const actor = lab.actorFor('report');
    lab.execute('report', { ...query, sql: 'select raise_error()' });
    await settled(actor);
    expect(await localHistory(db)).toEqual([expect.objectContaining({ sql: 'select raise_error()', status: 'failed' })]);
  });

  it('a server refusal is not an offline run: nothing is kept and the server words are shown', async () => {
    const refused = httpError(400, { message: 'Parser Error', error: 'syntax error at or near "selec"' });
    const { db, lab, notices } = await setup(fakeApi({ execute: vi.fn(async () => Promise.reject(refused)) }));
    const actor = lab.actorFor('report');
    lab.execute('report', { ...query, sql: 'selec 1' });
    await settled(actor);
    expect(await localHistory(db)).toEqual([]);
    expect(notices).toEqual([{ kind: 'error', message: 'syntax error at or near "selec"' }]);
  });
});

describe('cancelling a run', () => {
  /** An execute that only ends when its request is aborted. */
  const hangingExecute = () =>
    vi.fn(
      (_body: unknown, options?: { signal?: AbortSignal }) =>
        new Promise<ExecuteResponse>((_, reject) => options?.signal?.addEventListener('abort', () => reject(cancelledError()))),
    );

  it('stops the query on the server by the client id it was sent with', async () => {
    const { api, lab, notices } = await setup(fakeApi({ execute: hangingExecute() }));
    const actor = lab.actorFor('report');
    lab.execute('report', query);
    lab.cancel('report');
    await settled(actor);
    const [body, options] = vi.mocked(api.execute).mock.calls[0]!;
    expect(api.stop).toHaveBeenCalledExactlyOnceWith(body.client_id);
    expect(options?.signal?.aborted).toBe(true);
    expect(notices).toEqual([{ kind: 'warning', message: CANCELLED_MESSAGE }]);
    expect(api.estimate).not.toHaveBeenCalled();
  });

  it('is not kept as a run made offline (its aborted request never reached the network)', async () => {
    const { db, lab } = await setup(fakeApi({ execute: hangingExecute() }));
    const actor = lab.actorFor('report');
    lab.execute('report', query);
    lab.cancel('report');
    await settled(actor);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await localHistory(db)).toEqual([]);
  });

  it('clears the results and the estimate the tab had', async () => {
    const { db, lab } = await setup(fakeApi({ execute: hangingExecute() }));
    await putResults(db, 'report', response);
    await lab.tabs.recordEstimate('report', { startDttm: 1, endDttm: 2, totalRows: 3, cpuCost: 4, outputSize: 5 });
    const actor = lab.actorFor('report');
    lab.execute('report', query);
    lab.cancel('report');
    await settled(actor);
    await vi.waitFor(async () => {
      expect(await getResults(db, 'report')).toBeUndefined();
      expect((await getTab(db, 'report'))?.estimate).toBeNull();
    });
  });
});

describe('formatting', () => {
  it('replaces the tab text with what the server formats', async () => {
    const { db, api, lab } = await setup();
    const actor = lab.actorFor('report');
    lab.format('report', 'select n from t', 1);
    await settled(actor);
    expect(api.format).toHaveBeenCalledWith('select n from t', 1);
    await vi.waitFor(async () => expect((await getTab(db, 'report'))?.sql).toBe('SELECT N FROM T'));
  });
});

describe('metadata', () => {
  it('is answered by the sync worker’s task, through the same API into the same database', async () => {
    const { db, api, lab } = await setup();
    await lab.metadata.databases();
    expect(api.databases).toHaveBeenCalledOnce();
    expect(await db.biMetadata.get('databases')).toMatchObject({ value: [] });
  });
});
