import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import type { BiDatabase, TableMetadata, TableOption, TableSearchHit } from '../../../contracts/biCatalog';
import { buildCatalogTree, findNode } from '../../model/catalog/tree';
import { freshDbs } from '../../db/testing/db';
import type { BiApi } from '../api/bi.api';
import { httpError, networkError } from '../api/testing/httpErrors';
import { createBiMetadata } from './biMetadata';
import { readCache } from '../../db/catalogCache';
import { createCatalogLoader, ROOT_TARGET, UNREACHABLE_MESSAGE, type LoadTarget, type NodeLoadState } from './catalog';

const freshDb = freshDbs('catalogLoader');

const databases = [{ id: 1, database_name: 'lakehouse' }] as BiDatabase[];
const tables: TableOption[] = [{ value: 'bets', type: 'table', extra: {} }];
const bets = { name: 'bets', columns: [{ name: 'id', type: 'BIGINT', longType: 'BIGINT', comment: null }], comment: null, rowCount: 3 } as TableMetadata;
const hit: TableSearchHit = { database_id: 1, database_name: 'lakehouse', catalog: 'lakehouse', schema: 'gaming', value: 'bets', type: 'table', extra: {} };

/** The metadata reads and the table search as vi.fn fakes; nothing else of the BI API is used. */
function fakeApi(overrides: Partial<BiApi> = {}) {
  return {
    databases: vi.fn(async () => databases),
    schemas: vi.fn(async () => ['gaming', 'odd/schema']),
    tables: vi.fn(async () => tables),
    tableMetadata: vi.fn(async () => bets),
    searchTables: vi.fn(async () => [hit]),
    ...overrides,
  } as BiApi & Record<'databases' | 'schemas' | 'tables' | 'tableMetadata' | 'searchTables', ReturnType<typeof vi.fn>>;
}

function setup(api = fakeApi()) {
  const db = freshDb();
  const clock = { now: 1_000_000 };
  const loader = createCatalogLoader({ db, api, metadata: createBiMetadata(db, api, () => clock.now) });
  return { db, api, clock, loader };
}

const catalog: LoadTarget = { id: 'lakehouse', pk: 1, created: false };
const schema: LoadTarget = { id: 'lakehouse/gaming', pk: 1, created: false };
const table: LoadTarget = { id: 'lakehouse/gaming/bets', pk: 1, created: false };

/** A promise the test settles. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

describe('loading children', () => {
  it('asks the metadata call that fits the node: root → databases, catalog → schemas, schema → tables, table → columns', async () => {
    const { api, loader } = setup();
    await loader.load(ROOT_TARGET);
    await loader.load(catalog);
    await loader.load({ id: 'lakehouse/odd%2Fschema', pk: 1, created: false });
    await loader.load(table);
    expect(api.databases).toHaveBeenCalledOnce();
    expect(api.schemas).toHaveBeenCalledWith(1);
    expect(api.tables).toHaveBeenCalledWith(1, 'odd/schema');
    expect(api.tableMetadata).toHaveBeenCalledWith(1, 'gaming', 'bets');
  });

  it('loads a node once: later loads answer the loaded state without asking', async () => {
    const { api, clock, loader } = setup();
    expect(await loader.load(schema)).toEqual({ status: 'loaded', refreshing: false, fetchedAt: 1_000_000, stale: false, error: null });
    clock.now += 60 * 60 * 1000; // even once the cache would be old
    await loader.load(schema);
    expect(api.tables).toHaveBeenCalledOnce();
  });

  it('concurrent loads of the same node share one request', async () => {
    const gate = deferred<TableOption[]>();
    const { api, loader } = setup(fakeApi({ tables: vi.fn(() => gate.promise) }));
    const first = loader.load(schema);
    const second = loader.load(schema);
    expect(second).toBe(first);
    expect(loader.stateOf(schema.id).status).toBe('loading');
    gate.resolve(tables);
    expect(await second).toMatchObject({ status: 'loaded' });
    expect(api.tables).toHaveBeenCalledOnce();
  });

  it('asks nothing for local nodes and columns', async () => {
    const { api, loader } = setup();
    await loader.load({ id: 'sandbox', pk: null, created: true });
    await loader.load({ id: 'lakehouse/new', pk: 1, created: true });
    await loader.load({ id: 'lakehouse/gaming/bets/id', pk: 1, created: false });
    for (const call of [api.databases, api.schemas, api.tables, api.tableMetadata]) expect(call).not.toHaveBeenCalled();
    expect(loader.stateOf('sandbox').status).toBe('idle');
  });

  it('what it loads is in the cache the tree is built from', async () => {
    const { db, loader } = setup();
    await loader.load(ROOT_TARGET);
    await loader.load(catalog);
    await loader.load(schema);
    const roots = buildCatalogTree(await readCache(db), []);
    expect(findNode(roots, 'lakehouse')).toMatchObject({ childrenLoaded: true });
    expect(findNode(roots, 'lakehouse/gaming')?.children.map((n) => n.name)).toEqual(['bets']);
    expect(findNode(roots, 'lakehouse/odd%2Fschema')).toMatchObject({ childrenLoaded: false });
  });
});

describe('failures', () => {
  it('an error is the node state, with the server message; retry loads it', async () => {
    const api = fakeApi();
    api.schemas.mockRejectedValueOnce(httpError(500, { message: 'DuckDB is busy' }));
    const { loader } = setup(api);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(await loader.load(catalog)).toEqual({ status: 'error', refreshing: false, fetchedAt: null, stale: false, error: 'DuckDB is busy' });
    expect(warn).toHaveBeenCalledWith('Catalog: loading the children of "lakehouse" failed', expect.anything());
    warn.mockRestore();
    expect(await loader.retry('lakehouse')).toMatchObject({ status: 'loaded', error: null });
    expect(api.schemas).toHaveBeenCalledTimes(2);
  });

  it('a load after an error asks again (errors are not "loaded")', async () => {
    const api = fakeApi();
    api.tables.mockRejectedValueOnce(networkError());
    const { loader } = setup(api);
    expect(await loader.load(schema)).toMatchObject({ status: 'error', error: UNREACHABLE_MESSAGE });
    expect(await loader.load(schema)).toMatchObject({ status: 'loaded' });
  });

  it('offline with something kept: loaded from the cache, marked stale', async () => {
    const api = fakeApi();
    const { clock, loader } = setup(api);
    await loader.load(schema);
    clock.now += 1000;
    api.tables.mockRejectedValueOnce(networkError());
    expect(await loader.load(schema, { refresh: true })).toMatchObject({ status: 'loaded', stale: true, fetchedAt: 1_000_000 });
  });

  it('retry of a node never loaded answers its state', async () => {
    const { loader } = setup();
    expect(await loader.retry('lakehouse')).toMatchObject({ status: 'idle' });
  });
});

describe('refresh', () => {
  it('refresh asks again even when loaded, keeping "loaded" (refreshing) meanwhile', async () => {
    const api = fakeApi();
    const { clock, loader } = setup(api);
    await loader.load(schema);
    const gate = deferred<TableOption[]>();
    api.tables.mockImplementationOnce(() => gate.promise);
    clock.now += 1000;
    const refreshing = loader.load(schema, { refresh: true });
    expect(loader.stateOf(schema.id)).toMatchObject({ status: 'loaded', refreshing: true });
    gate.resolve([...tables, { value: 'payouts', type: 'table', extra: {} }]);
    expect(await refreshing).toMatchObject({ status: 'loaded', refreshing: false, fetchedAt: 1_001_000 });
  });

  it('a failed refresh keeps the node loaded with the error; retry forces it again', async () => {
    const api = fakeApi();
    const { loader } = setup(api);
    await loader.load(catalog);
    api.schemas.mockRejectedValueOnce(httpError(403, { message: 'Forbidden' }));
    expect(await loader.load(catalog, { refresh: true })).toMatchObject({ status: 'loaded', error: 'Forbidden' });
    expect(await loader.retry('lakehouse')).toMatchObject({ status: 'loaded', error: null });
    expect(api.schemas).toHaveBeenCalledTimes(3);
  });

  it('refreshLoaded re-fetches every loaded node (forced), plus the ones given, and not failed or local ones', async () => {
    const api = fakeApi();
    api.tableMetadata.mockRejectedValueOnce(httpError(404));
    const { db, clock, loader } = setup(api);
    await loader.load(ROOT_TARGET);
    await loader.load(catalog);
    await loader.load(table); // fails
    clock.now += 1000;
    await loader.refreshLoaded([schema, { id: 'sandbox', pk: null, created: true }]);
    expect(api.databases).toHaveBeenCalledTimes(2);
    expect(api.schemas).toHaveBeenCalledTimes(2);
    expect(api.tables).toHaveBeenCalledOnce(); // the one given
    expect(api.tableMetadata).toHaveBeenCalledOnce();
    expect(await db.biMetadata.get('schemas/1')).toMatchObject({ fetchedAt: 1_001_000 });
    expect(loader.stateOf(schema.id)).toMatchObject({ status: 'loaded', fetchedAt: 1_001_000 });
  });

  it('refreshLoaded writes every answer in one go at the end (one change for the tree, not one per node)', async () => {
    const { db, clock, loader, api } = setup();
    await loader.load(ROOT_TARGET);
    await loader.load(catalog);
    await loader.load(schema);
    clock.now += 1000;
    let answerTables!: () => void;
    api.tables.mockImplementationOnce(() => new Promise((resolve) => (answerTables = () => resolve(tables))));
    const put = vi.spyOn(db.biMetadata, 'put');
    const bulkPut = vi.spyOn(db.biMetadata, 'bulkPut');
    const refreshing = loader.refreshLoaded();
    await vi.waitFor(() => expect(api.tables).toHaveBeenCalledTimes(2));
    expect(await db.biMetadata.get('databases')).toMatchObject({ fetchedAt: 1_000_000 }); // answered, not written yet
    answerTables();
    await refreshing;
    expect(put).not.toHaveBeenCalled();
    expect(bulkPut).toHaveBeenCalledOnce();
    expect(bulkPut.mock.calls[0][0].map((row) => row.key).sort()).toEqual(['databases', 'schemas/1', 'tables/1/gaming']);
    expect(await db.biMetadata.get('tables/1/gaming')).toMatchObject({ fetchedAt: 1_001_000 });
  });
});

describe('state store (for useSyncExternalStore)', () => {
  it('notifies subscribers on each change with a new snapshot, and stops after unsubscribe', async () => {
    const { loader } = setup();
    const seen: NodeLoadState['status'][] = [];
    const snapshots = new Set([loader.getSnapshot()]);
    const unsubscribe = loader.subscribe(() => {
      seen.push(loader.getSnapshot().get('lakehouse')!.status);
      snapshots.add(loader.getSnapshot());
    });
    await loader.load(catalog);
    expect(seen).toEqual(['loading', 'loaded']);
    expect(snapshots.size).toBe(3);
    unsubscribe();
    await loader.load(catalog, { refresh: true });
    expect(seen).toHaveLength(2);
  });
});

describe('searchServer', () => {
  it('asks the server table search with the trimmed text and answers its hits', async () => {
    const { api, loader } = setup();
    expect(await loader.searchServer(' bets ', { limit: 20 })).toEqual([hit]);
    expect(api.searchTables).toHaveBeenCalledWith('bets', 20, { signal: undefined });
  });

  it('answers nothing for blank text without asking', async () => {
    const { api, loader } = setup();
    expect(await loader.searchServer('  ')).toEqual([]);
    expect(api.searchTables).not.toHaveBeenCalled();
  });
});

describe('readCache', () => {
  it('is CatalogCache keyed like cacheKeys, with the oldest and newest fetch times; other entries are ignored', async () => {
    const { db, clock, loader } = setup();
    expect(await readCache(db)).toEqual({ databases: undefined, schemas: new Map(), tables: new Map(), tableMetadata: new Map(), oldestFetchedAt: null, newestFetchedAt: null });
    await loader.load(ROOT_TARGET);
    clock.now += 10;
    await loader.load(catalog);
    await loader.load({ id: 'lakehouse/odd%2Fschema', pk: 1, created: false });
    clock.now += 10;
    await loader.load({ id: 'lakehouse/odd%2Fschema/bets', pk: 1, created: false });
    await db.biMetadata.put({ key: 'preview/1/x', value: [], fetchedAt: 1 });
    const cached = await readCache(db);
    expect(cached.databases).toEqual(databases);
    expect([...cached.schemas]).toEqual([[1, ['gaming', 'odd/schema']]]);
    expect([...cached.tables.keys()]).toEqual(['1/odd%2Fschema']);
    expect([...cached.tableMetadata.keys()]).toEqual(['1/odd%2Fschema/bets']);
    expect(cached).toMatchObject({ oldestFetchedAt: 1_000_000, newestFetchedAt: 1_000_020 });
  });
});
