import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConsoleDb } from '../db/schema';
import type { WorkspaceFile } from '../sync/api/notebook.api';
import { httpError, networkError } from '../sync/api/testing/httpErrors';
import { serverFile } from '../sync/testing/serverFile';
import { createSyncEngine, METADATA_INTERVAL_MS, WORKFLOW_INTERVAL_MS, WORKSPACE_INTERVAL_MS } from './syncEngine';
import { wantMetadata } from '../db/metadataCache';
import type { BiDatabase } from '../../contracts/biCatalog';
import type { WorkflowService } from '../../contracts/workflow';
import { readWorkflowView, touchWorkflowView } from '../db/workflowViews';
import type { SyncConditions, SyncWorkerEvent } from '../sync/syncWorkerApi';

/** Timers the test fires by hand, so Dexie (fake-indexeddb) keeps the real event loop. */
function manualTimers() {
  const timers: Array<{ run: () => void; ms: number; cleared: boolean }> = [];
  return {
    setTimer: (run: () => void, ms: number) => timers.push({ run, ms, cleared: false }) - 1,
    clearTimer: (handle: unknown) => {
      const timer = timers[handle as number];
      if (timer) timer.cleared = true;
    },
    pending: () => timers.filter((t) => !t.cleared),
    /** Fires the one pending timer and returns its delay. */
    fire() {
      const timer = timers.find((t) => !t.cleared);
      if (!timer) throw new Error('no pending timer');
      timer.cleared = true;
      timer.run();
      return timer.ms;
    },
  };
}

let n = 0;
const dbs: ConsoleDb[] = [];
afterEach(async () => {
  await Promise.all(dbs.splice(0).map((db) => db.delete()));
});

function setup(conditions: SyncConditions = { online: true, anyTabVisible: true }) {
  const db = new ConsoleDb(`engine-test-${n++}`);
  dbs.push(db);
  const listWorkspace = vi.fn<(bucket?: string) => Promise<WorkspaceFile[]>>(async () => [serverFile('a.ipynb')]);
  const events: SyncWorkerEvent[] = [];
  const timers = manualTimers();
  const clock = { now: 5000 };
  const engine = createSyncEngine({
    db,
    api: { listWorkspace },
    bucket: 'workspace',
    report: (e) => events.push(e),
    conditions,
    now: () => clock.now,
    ...timers,
  });
  return { db, listWorkspace, events, timers, clock, engine };
}

describe('sync engine', () => {
  it('polls the workspace listing into the cache at once, then every 30 s', async () => {
    const { db, listWorkspace, events, timers, clock, engine } = setup();
    engine.start();
    expect(timers.fire()).toBe(0);
    await vi.waitFor(() => expect(events).toContainEqual({ type: 'status', polling: true, lastFetchedAt: 5000, error: undefined }));
    expect(listWorkspace).toHaveBeenCalledWith('workspace', expect.objectContaining({ signal: expect.any(AbortSignal) }));
    expect(await db.workspaceFiles.toArray()).toEqual([expect.objectContaining({ path: 'a.ipynb', bucket: 'workspace', fetchedAt: 5000 })]);
    expect(await db.cacheMeta.get('workspace:workspace')).toEqual({ key: 'workspace:workspace', fetchedAt: 5000 });

    listWorkspace.mockResolvedValueOnce([serverFile('b.ipynb')]);
    clock.now = 35_000;
    expect(timers.fire()).toBe(WORKSPACE_INTERVAL_MS);
    await vi.waitFor(async () => expect((await db.workspaceFiles.toArray()).map((r) => r.path)).toEqual(['b.ipynb']));
    engine.stop();
  });

  it('a failure keeps the cached listing, notes the error and backs off', async () => {
    const { db, listWorkspace, events, timers, engine } = setup();
    engine.start();
    timers.fire();
    await vi.waitFor(() => expect(events).toHaveLength(1));
    listWorkspace.mockRejectedValueOnce(httpError(500));
    timers.fire();
    await vi.waitFor(() => expect(events.at(-1)).toMatchObject({ type: 'status', error: 'HTTP 500', lastFetchedAt: 5000 }));
    expect(await db.cacheMeta.get('workspace:workspace')).toMatchObject({ fetchedAt: 5000, error: 'HTTP 500' });
    expect(await db.workspaceFiles.count()).toBe(1);
    await vi.waitFor(() => expect(timers.pending()).toHaveLength(1));
    const wait = timers.pending()[0]?.ms ?? 0;
    expect(wait).toBeGreaterThanOrEqual(2500);
    expect(wait).toBeLessThan(5000);
    engine.stop();
  });

  it('a 401 stops polling and reports it once', async () => {
    const { listWorkspace, events, timers, engine } = setup();
    listWorkspace.mockRejectedValue(httpError(401));
    engine.start();
    timers.fire();
    await vi.waitFor(() => expect(events).toEqual([{ type: 'unauthorized' }]));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(timers.pending()).toHaveLength(0);
    engine.refreshNow('workspace');
    engine.setConditions({ online: true, anyTabVisible: true });
    expect(timers.pending()).toHaveLength(0);
    expect(events.at(-1)).toMatchObject({ type: 'status', polling: false });
  });

  it('does not poll while offline or while no tab is visible; resumes when told', async () => {
    const { listWorkspace, events, timers, engine } = setup({ online: false, anyTabVisible: true });
    engine.start();
    expect(timers.pending()).toHaveLength(0);
    engine.setConditions({ online: true, anyTabVisible: false });
    expect(timers.pending()).toHaveLength(0);
    expect(events.at(-1)).toMatchObject({ type: 'status', polling: false });
    engine.setConditions({ online: true, anyTabVisible: true });
    expect(events.at(-1)).toMatchObject({ type: 'status', polling: true });
    expect(timers.fire()).toBe(0);
    await vi.waitFor(() => expect(listWorkspace).toHaveBeenCalledOnce());
    engine.stop();
  });

  it('a poll that failed as the network went away is retried as soon as the browser is back online', async () => {
    const { listWorkspace, timers, engine } = setup();
    listWorkspace.mockRejectedValueOnce(networkError());
    engine.start();
    timers.fire();
    await vi.waitFor(() => expect(timers.pending()).toHaveLength(1)); // the backoff timer
    engine.setConditions({ online: false, anyTabVisible: true });
    expect(timers.pending()).toHaveLength(0);
    engine.setConditions({ online: true, anyTabVisible: true });
    expect(timers.fire()).toBe(0);
    await vi.waitFor(() => expect(listWorkspace).toHaveBeenCalledTimes(2));
    engine.stop();
  });

  it('refreshNow polls at once', async () => {
    const { listWorkspace, timers, engine } = setup();
    engine.start();
    timers.fire();
    await vi.waitFor(() => expect(timers.pending()).toHaveLength(1));
    engine.refreshNow('workspace');
    expect(timers.fire()).toBe(0);
    await vi.waitFor(() => expect(listWorkspace).toHaveBeenCalledTimes(2));
    engine.stop();
  });
});

describe('sync engine: workflow views', () => {
  it('refreshes every few seconds the workflow views a tab looked at lately, for all tabs', async () => {
    const db = new ConsoleDb(`engine-test-${n++}`);
    dbs.push(db);
    const timers = manualTimers();
    const listDags = vi.fn<WorkflowService['listDags']>().mockResolvedValue({ items: [], total: 7 });
    const view = { kind: 'dags' as const, query: { limit: 10, offset: 0 } };
    await touchWorkflowView(db, view, 5000, 0);
    const engine = createSyncEngine({
      db, api: { listWorkspace: async () => [] }, workflows: { listDags } as unknown as WorkflowService, bucket: 'workspace',
      report: () => undefined, now: () => 6000, ...timers,
    });
    engine.start();
    // Both pollers start at once; the workflow one comes back every WORKFLOW_INTERVAL_MS.
    timers.fire();
    timers.fire();
    await vi.waitFor(async () => expect((await readWorkflowView(db, view)).value).toEqual({ items: [], total: 7 }));
    await vi.waitFor(() => expect(timers.pending().map((t) => t.ms)).toContain(WORKFLOW_INTERVAL_MS));
    engine.stop();
  });
});

describe('sync engine: BI metadata', () => {
  it('fetches the metadata a screen wants when asked (refreshNow), and a 401 there ends the session', async () => {
    const db = new ConsoleDb(`engine-test-${n++}`);
    dbs.push(db);
    const timers = manualTimers();
    const events: SyncWorkerEvent[] = [];
    const databases = vi.fn(async () => [{ id: 1, database_name: 'lakehouse' }] as BiDatabase[]);
    const metadata = { databases, schemas: vi.fn(async () => Promise.reject(httpError(401))), tables: vi.fn(), tableMetadata: vi.fn() };
    const engine = createSyncEngine({ db, api: { listWorkspace: async () => [] }, metadata, bucket: 'workspace', report: (e) => events.push(e), now: () => 6000, ...timers });
    engine.start();
    timers.fire();
    timers.fire();
    await vi.waitFor(() => expect(timers.pending().map((t) => t.ms)).toContain(METADATA_INTERVAL_MS));
    await wantMetadata(db, ['databases'], 6000);
    engine.refreshNow('metadata');
    while (timers.pending().some((t) => t.ms === 0)) timers.fire();
    await vi.waitFor(async () => expect((await db.biMetadata.get('databases'))?.value).toEqual([{ id: 1, database_name: 'lakehouse' }]));
    await wantMetadata(db, ['schemas/1'], 6000);
    engine.refreshNow('metadata');
    while (timers.pending().some((t) => t.ms === 0)) timers.fire();
    await vi.waitFor(() => expect(events).toContainEqual({ type: 'unauthorized' }));
    engine.stop();
  });
});
