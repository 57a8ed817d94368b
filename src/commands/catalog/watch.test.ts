import 'fake-indexeddb/auto';
import { liveQuery } from 'dexie';
import { describe, expect, it, vi } from 'vitest';
import type { BiDatabase } from '../../../contracts/biCatalog';
import { createReads } from '../../db/reads';
import { ConsoleDb } from '../../db/schema';
import { ROOT_TARGET, UNREACHABLE_MESSAGE, type NodeLoadState } from '../../db/metadataCache';
import { freshDbs } from '../../db/testing/db';
import { httpError, networkError } from '../../sync/api/testing/httpErrors';
import { refreshWantedMetadata, type MetadataApi } from '../../sync/caches/biMetadata';
import { createMetadataWatch } from './watch';

const freshDb = freshDbs('metadataWatch');
const lakehouse = [{ id: 1, database_name: 'lakehouse' }] as BiDatabase[];
const catalog = { id: 'lakehouse', pk: 1, created: false };

function fakeApi(): MetadataApi & { [K in keyof MetadataApi]: ReturnType<typeof vi.fn> } {
  return {
    databases: vi.fn(async () => lakehouse),
    schemas: vi.fn(async () => ['gaming']),
    tables: vi.fn(async () => []),
    tableMetadata: vi.fn(async () => Promise.reject(new Error('not asked'))),
  };
}

/** A screen's watch command and the worker's task on one database; `refreshes` counts the worker's wake-ups. */
function setup() {
  const db = freshDb();
  const api = fakeApi();
  const clock = { now: 1_000_000 };
  const refreshes = { count: 0 };
  const watch = createMetadataWatch({ db, refresh: () => void refreshes.count++, now: () => clock.now });
  const worker = () => refreshWantedMetadata(db, api, () => clock.now, new AbortController().signal);
  return { db, api, clock, refreshes, watch, worker, reads: createReads(db) };
}

/** What a live query over the reads answers, as it answers (the screens' road). */
function follow<T>(query: () => Promise<T>) {
  const seen: T[] = [];
  const subscription = liveQuery(query).subscribe({ next: (value) => seen.push(value) });
  return { seen, last: () => seen.at(-1), stop: () => subscription.unsubscribe() };
}

describe('asking for metadata (screens) and fetching it (the sync worker)', () => {
  it('a key a screen watches is fetched by the worker, and the answer shows through the live query', async () => {
    const { api, refreshes, watch, worker, reads } = setup();
    const tree = follow(() => reads.catalogCache());
    const loads = follow(() => reads.catalogLoads([ROOT_TARGET]));
    await watch.watchNodes([ROOT_TARGET]);
    expect(refreshes.count).toBe(1); // the worker is woken; the screen calls no server
    expect(api.databases).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(loads.last()?.get('')?.status).toBe('loading'));
    expect(await worker()).toBe(1);
    await vi.waitFor(() => expect(tree.last()?.databases).toEqual(lakehouse));
    expect(loads.last()?.get('')).toMatchObject<Partial<NodeLoadState>>({ status: 'loaded', refreshing: false, fetchedAt: 1_000_000, error: null });
    tree.stop();
    loads.stop();
  });

  it('a failed refresh keeps the last rows, with the error beside them; a Retry asks again', async () => {
    const { api, clock, watch, worker, reads } = setup();
    await watch.watchNodes([catalog]);
    await worker();
    api.schemas.mockRejectedValueOnce(httpError(500, { message: 'schemas exploded' }));
    clock.now += 1000;
    await watch.watchNodes([catalog], { force: true });
    const loads = follow(() => reads.catalogLoads([catalog]));
    await worker();
    await vi.waitFor(() => expect(loads.last()?.get('lakehouse')).toMatchObject({ status: 'loaded', error: 'schemas exploded', fetchedAt: 1_000_000 }));
    expect((await reads.catalogCache()).schemas.get(1)).toEqual(['gaming']);
    await watch.watchNodes([catalog], { force: true });
    await worker();
    await vi.waitFor(() => expect(loads.last()?.get('lakehouse')).toMatchObject({ status: 'loaded', error: null, fetchedAt: 1_001_000 }));
    loads.stop();
  });

  it('unreachable with an answer kept: the answer stays, marked stale', async () => {
    const { api, watch, worker, reads } = setup();
    await watch.watchNodes([ROOT_TARGET]);
    await worker();
    api.databases.mockRejectedValueOnce(networkError());
    await watch.watchNodes([ROOT_TARGET], { force: true });
    await worker();
    expect((await reads.catalogLoads([ROOT_TARGET])).get('')).toMatchObject({ status: 'loaded', stale: true, error: UNREACHABLE_MESSAGE });
    expect((await reads.catalogCache()).databases).toEqual(lakehouse);
  });

  it('a node that never loaded shows its failure, and is not asked again until its Retry', async () => {
    const { api, refreshes, watch, worker, reads } = setup();
    api.schemas.mockRejectedValueOnce(httpError(500, { message: 'no' }));
    await watch.watchNodes([catalog]);
    await worker();
    expect((await reads.catalogLoads([catalog])).get('lakehouse')).toMatchObject({ status: 'error', error: 'no' });
    await watch.watchNodes([catalog]); // the tree changed elsewhere: the same node is shown again
    expect(refreshes.count).toBe(1);
    expect(await worker()).toBe(0);
    await watch.watchNodes([catalog], { force: true });
    expect((await reads.catalogLoads([catalog])).get('lakehouse')?.status).toBe('loading');
    await worker();
    expect((await reads.catalogLoads([catalog])).get('lakehouse')).toMatchObject({ status: 'loaded', error: null });
    expect(api.schemas).toHaveBeenCalledTimes(2);
  });

  it('a kept answer younger than 5 minutes is not asked for again; local and column nodes are never asked', async () => {
    const { api, watch, worker, db } = setup();
    await watch.watchNodes([catalog]);
    await worker();
    const nextSession = createMetadataWatch({ db, refresh: () => {}, now: () => 1_000_000 + 5 * 60 * 1000 - 1 });
    await nextSession.watchNodes([catalog]);
    await watch.watchNodes([{ id: 'mine', pk: null, created: true }, { id: 'lakehouse/gaming/bets/id', pk: 1, created: false }]);
    expect(await worker()).toBe(0);
    expect(api.schemas).toHaveBeenCalledOnce();
  });

  it('a request made while the worker fetches stays wanted for its next run', async () => {
    const { api, clock, watch, worker, db } = setup();
    await watch.watchNodes([ROOT_TARGET]);
    api.databases.mockImplementationOnce(async () => {
      clock.now += 10;
      await watch.watchNodes([ROOT_TARGET], { force: true });
      return lakehouse;
    });
    await worker();
    expect((await db.biMetadata.get('databases'))?.wantedAt).toBe(1_000_010);
    await worker();
    expect((await db.biMetadata.get('databases'))?.wantedAt).toBeUndefined();
  });

  it('a 401 is thrown (the engine ends the session); nothing is written', async () => {
    const { api, watch, worker, db } = setup();
    api.databases.mockRejectedValueOnce(httpError(401));
    await watch.watchNodes([ROOT_TARGET]);
    await expect(worker()).rejects.toMatchObject({ response: { status: 401 } });
    expect(await db.biMetadata.get('databases')).toMatchObject({ wantedAt: 1_000_000 });
  });

  it('two browser tabs on the catalog both see the worker’s refresh (one database, two connections)', async () => {
    const { db, watch, worker } = setup();
    const otherTab = new ConsoleDb(db.name);
    const other = follow(() => createReads(otherTab).catalogCache());
    await vi.waitFor(() => expect(other.seen).toHaveLength(1));
    expect(other.last()?.databases).toBeUndefined();
    await watch.watchNodes([ROOT_TARGET]);
    await worker();
    await vi.waitFor(() => expect(other.last()?.databases).toEqual(lakehouse));
    other.stop();
    otherTab.close();
  });
});
