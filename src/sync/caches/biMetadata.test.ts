import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import type { BiDatabase, TableMetadata, TableOption } from '../../../contracts/biCatalog';
import { freshDbs } from '../../db/testing/db';
import type { BiApi } from '../api/bi.api';
import { fakeBiApi } from '../api/testing/fakeBiApi';
import { httpError, networkError } from '../api/testing/httpErrors';
import { createBiMetadata } from './biMetadata';

const freshDb = freshDbs('biMetadata');
const MINUTE = 60 * 1000;

const databases = [{ id: 1, database_name: 'examples' }] as BiDatabase[];
const tables: TableOption[] = [
  { value: 'bets', type: 'table', extra: {} },
  { value: 'players_v', type: 'view', extra: {} },
];
const betsMetadata = { name: 'bets', columns: [{ name: 'id', type: 'BIGINT', longType: 'BIGINT', comment: null }] } as TableMetadata;

/** An API with only the metadata reads; anything else fails the test. */
function fakeApi(overrides: Partial<BiApi> = {}): BiApi {
  return fakeBiApi({
    databases: vi.fn(async () => databases),
    schemas: vi.fn(async () => ['main', 'gaming']),
    tables: vi.fn(async () => tables),
    tableMetadata: vi.fn(async () => betsMetadata),
    ...overrides,
  });
}

/** The cache on a fresh database with a clock the test moves (`clock.now`). */
function setup(api = fakeApi()) {
  const db = freshDb();
  const clock = { now: 1_000_000 };
  return { db, api, clock, metadata: createBiMetadata(db, api, () => clock.now) };
}

describe('read-through', () => {
  it('fetches on first use and keeps the answer with its fetchedAt', async () => {
    const { db, api, metadata } = setup();
    expect(await metadata.databases()).toEqual({ value: databases, fetchedAt: 1_000_000, stale: false });
    expect(api.databases).toHaveBeenCalledOnce();
    expect(await db.biMetadata.get('databases')).toEqual({ key: 'databases', value: databases, fetchedAt: 1_000_000 });
  });

  it('keys each read by what it asks and passes the arguments to the API', async () => {
    const { db, api, metadata } = setup();
    await metadata.schemas(1);
    await metadata.tables(1, 'gaming');
    await metadata.table(1, 'gaming', 'bets');
    expect(api.schemas).toHaveBeenCalledWith(1);
    expect(api.tables).toHaveBeenCalledWith(1, 'gaming');
    expect(api.tableMetadata).toHaveBeenCalledWith(1, 'gaming', 'bets');
    expect((await db.biMetadata.toArray()).map((row) => row.key).sort()).toEqual(['schemas/1', 'table/1/gaming/bets', 'tables/1/gaming']);
  });

  it('answers from the cache without asking the server while it is younger than 5 minutes', async () => {
    const { api, clock, metadata } = setup();
    await metadata.tables(1, 'gaming');
    clock.now += 5 * MINUTE - 1;
    expect(await metadata.tables(1, 'gaming')).toEqual({ value: tables, fetchedAt: 1_000_000, stale: false });
    expect(api.tables).toHaveBeenCalledOnce();
  });

  it('asks the server again once the kept answer is 5 minutes old, and keeps the new one', async () => {
    const api = fakeApi();
    const { db, clock, metadata } = setup(api);
    await metadata.schemas(1);
    vi.mocked(api.schemas).mockResolvedValueOnce(['main']);
    clock.now += 5 * MINUTE;
    expect(await metadata.schemas(1)).toEqual({ value: ['main'], fetchedAt: clock.now, stale: false });
    expect(api.schemas).toHaveBeenCalledTimes(2);
    expect(await db.biMetadata.get('schemas/1')).toMatchObject({ value: ['main'], fetchedAt: clock.now });
  });

  it('keeps databases apart: another id is another entry', async () => {
    const { api, metadata } = setup();
    await metadata.schemas(1);
    await metadata.schemas(2);
    expect(api.schemas).toHaveBeenCalledTimes(2);
  });
});

describe('when the server cannot be reached', () => {
  it('answers the kept value, marked stale with its old fetchedAt, and leaves the row alone', async () => {
    const api = fakeApi();
    const { db, clock, metadata } = setup(api);
    await metadata.table(1, 'gaming', 'bets');
    clock.now += 10 * MINUTE;
    vi.mocked(api.tableMetadata).mockRejectedValueOnce(networkError());
    expect(await metadata.table(1, 'gaming', 'bets')).toEqual({ value: betsMetadata, fetchedAt: 1_000_000, stale: true });
    expect(await db.biMetadata.get('table/1/gaming/bets')).toMatchObject({ fetchedAt: 1_000_000 });
  });

  it('a gateway error (503) counts as unreachable', async () => {
    const api = fakeApi();
    const { clock, metadata } = setup(api);
    await metadata.schemas(1);
    clock.now += 10 * MINUTE;
    vi.mocked(api.schemas).mockRejectedValueOnce(httpError(503));
    expect(await metadata.schemas(1)).toMatchObject({ value: ['main', 'gaming'], stale: true });
  });

  it('with nothing kept, the network error propagates and nothing is written', async () => {
    const error = networkError();
    const { db, metadata } = setup(fakeApi({ databases: vi.fn(async () => Promise.reject(error)) }));
    await expect(metadata.databases()).rejects.toBe(error);
    expect(await db.biMetadata.count()).toBe(0);
  });

  it('an answer that is an error (not unreachable) propagates even with a kept value', async () => {
    const api = fakeApi();
    const { clock, metadata } = setup(api);
    await metadata.tables(1, 'gaming');
    clock.now += 10 * MINUTE;
    const refused = httpError(404, { message: 'Schema not found' });
    vi.mocked(api.tables).mockRejectedValueOnce(refused);
    await expect(metadata.tables(1, 'gaming')).rejects.toBe(refused);
  });
});

describe('keptFor', () => {
  it('gathers the kept schemas, tables (with their schema) and columns of one database without the network', async () => {
    const api = fakeApi();
    const { metadata } = setup(api);
    await metadata.schemas(1);
    await metadata.tables(1, 'gaming');
    await metadata.table(1, 'gaming', 'bets');
    await metadata.schemas(10);
    await metadata.tables(10, 'other');
    const callsBefore = vi.mocked(api.tables).mock.calls.length;
    expect(await metadata.keptFor(1)).toEqual({
      schemas: ['main', 'gaming'],
      tables: [
        { schema: 'gaming', name: 'bets' },
        { schema: 'gaming', name: 'players_v' },
      ],
      columns: [betsMetadata],
    });
    expect(vi.mocked(api.tables).mock.calls.length).toBe(callsBefore);
  });

  it('keeps a schema whose name holds a slash whole', async () => {
    const { metadata } = setup();
    await metadata.tables(1, 'odd/schema');
    expect((await metadata.keptFor(1)).tables.map((t) => t.schema)).toEqual(['odd/schema', 'odd/schema']);
  });

  it('is empty for a database with nothing kept', async () => {
    const { metadata } = setup();
    expect(await metadata.keptFor(7)).toEqual({ schemas: [], tables: [], columns: [] });
  });
});
