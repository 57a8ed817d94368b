import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import type { BiDatabase, TableMetadata, TableOption } from '../../../contracts/biCatalog';
import { freshDbs } from '../../db/testing/db';
import type { BiApi } from '../api/bi.api';
import { fakeBiApi } from '../api/testing/fakeBiApi';
import { httpError, networkError } from '../api/testing/httpErrors';
import { UNREACHABLE_MESSAGE, writeMetadataOutcomes } from '../../db/metadataCache';
import { createBiMetadata } from './biMetadata';
import { metadataWorker } from './testing/metadataWorker';

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

/** The page's metadata on a fresh database, answered by the sync worker's real task, with a clock the test moves (`clock.now`). */
function setup(api = fakeApi(), { waitMs = 2000, worker = true } = {}) {
  const db = freshDb();
  const clock = { now: 1_000_000 };
  const fetcher = metadataWorker(db, api, () => clock.now);
  const wake = vi.fn(worker ? fetcher.wake : () => {});
  const metadata = createBiMetadata({ db, wake, searchTables: api.searchTables, now: () => clock.now, waitMs });
  return { db, api, clock, wake, fetcher, metadata };
}

describe('waiting for the sync worker', () => {
  it('with nothing kept, marks the key wanted, wakes the worker and answers with what it wrote', async () => {
    const { db, api, wake, metadata } = setup();
    expect(await metadata.databases()).toEqual({ value: databases, fetchedAt: 1_000_000, stale: false });
    expect(wake).toHaveBeenCalledOnce();
    expect(api.databases).toHaveBeenCalledOnce();
    expect(await db.biMetadata.get('databases')).toMatchObject({ key: 'databases', value: databases, fetchedAt: 1_000_000 });
    expect((await db.biMetadata.get('databases'))?.wantedAt).toBeUndefined();
  });

  it('answers when the row arrives from any writer (another tab’s worker), not only its own wake', async () => {
    const { db, metadata } = setup(fakeApi(), { worker: false });
    const answer = metadata.schemas(1);
    await vi.waitFor(async () => expect((await db.biMetadata.get('schemas/1'))?.wantedAt).toBe(1_000_000));
    await writeMetadataOutcomes(db, [{ key: 'schemas/1', value: ['main'] }], 1_000_001, 1_000_002);
    expect(await answer).toEqual({ value: ['main'], fetchedAt: 1_000_002, stale: false });
  });

  it('keys each read by what it asks and the worker passes the arguments to the API', async () => {
    const { db, api, metadata } = setup();
    await metadata.schemas(1);
    await metadata.tables(1, 'gaming');
    await metadata.table(1, 'gaming', 'bets');
    expect(api.schemas).toHaveBeenCalledWith(1, expect.anything());
    expect(api.tables).toHaveBeenCalledWith(1, 'gaming', expect.anything());
    expect(api.tableMetadata).toHaveBeenCalledWith(1, 'gaming', 'bets', expect.anything());
    expect((await db.biMetadata.toArray()).map((row) => row.key).sort()).toEqual(['schemas/1', 'table/1/gaming/bets', 'tables/1/gaming']);
  });

  it('times out with a clear error when no answer comes (offline the worker is paused); the key stays wanted', async () => {
    const { db, metadata } = setup(fakeApi(), { waitMs: 50, worker: false });
    await expect(metadata.tables(1, 'gaming')).rejects.toThrow('No answer for the metadata "tables/1/gaming" within 0.05 s: the server may be unreachable. Try again later.');
    expect(await db.biMetadata.get('tables/1/gaming')).toMatchObject({ wantedAt: 1_000_000 });
  });

  it('with nothing kept, the worker’s failure is the error: unreachable, or the server’s message', async () => {
    const { metadata } = setup(fakeApi({ databases: vi.fn(async () => Promise.reject(networkError())), tables: vi.fn(async () => Promise.reject(httpError(404, { message: 'Schema not found' }))) }));
    await expect(metadata.databases()).rejects.toThrow(UNREACHABLE_MESSAGE);
    await expect(metadata.tables(1, 'nope')).rejects.toThrow('Schema not found');
  });
});

describe('kept answers', () => {
  it('a kept answer younger than 5 minutes answers at once: nothing wanted, the worker not woken', async () => {
    const { db, api, clock, wake, metadata } = setup();
    await writeMetadataOutcomes(db, [{ key: 'tables/1/gaming', value: tables }], clock.now, clock.now);
    clock.now += 5 * MINUTE - 1;
    expect(await metadata.tables(1, 'gaming')).toEqual({ value: tables, fetchedAt: 1_000_000, stale: false });
    expect(wake).not.toHaveBeenCalled();
    expect(api.tables).not.toHaveBeenCalled();
    expect((await db.biMetadata.get('tables/1/gaming'))?.wantedAt).toBeUndefined();
  });

  it('an older one answers at once, marked stale, and the worker is asked for a new one (the next read has it)', async () => {
    const api = fakeApi();
    const { db, clock, wake, fetcher, metadata } = setup(api);
    await writeMetadataOutcomes(db, [{ key: 'schemas/1', value: ['main'] }], clock.now, clock.now);
    clock.now += 5 * MINUTE;
    expect(await metadata.schemas(1)).toEqual({ value: ['main'], fetchedAt: 1_000_000, stale: true });
    expect(wake).toHaveBeenCalledOnce();
    await fetcher.settled();
    expect(await metadata.schemas(1)).toEqual({ value: ['main', 'gaming'], fetchedAt: clock.now, stale: false });
  });

  it('offline, an older one still answers at once (no wait for a paused worker)', async () => {
    const { db, clock, metadata } = setup(fakeApi(), { waitMs: 10_000, worker: false });
    await writeMetadataOutcomes(db, [{ key: 'table/1/gaming/bets', value: betsMetadata }], clock.now, clock.now);
    clock.now += 10 * MINUTE;
    expect(await metadata.table(1, 'gaming', 'bets')).toEqual({ value: betsMetadata, fetchedAt: 1_000_000, stale: true });
  });

  it('keeps databases apart: another id is another entry', async () => {
    const { api, metadata } = setup();
    await metadata.schemas(1);
    await metadata.schemas(2);
    expect(api.schemas).toHaveBeenCalledTimes(2);
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
