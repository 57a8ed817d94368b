import { describe, expect, it, vi } from 'vitest';
import type { SyncWorkerEvent } from './syncWorkerApi';
import { defaultRuntimeConfig } from './api/types';
import type { PageSignals } from './tabs/pageSignals';
import { startSync } from './syncClient';
import type { SyncMessage } from './syncMessages';
import type { SyncWorkerConnection } from './syncWorkerConnection';
import { createFakeBroadcastBus } from './testing/fakeBroadcastBus';
import { createFakeLockManager } from './testing/fakeLockManager';

const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 5));

function fakeWorker() {
  const listeners = new Set<(event: SyncWorkerEvent) => void>();
  const calls = {
    start: vi.fn(async () => {}),
    setConditions: vi.fn(async () => {}),
    refreshNow: vi.fn(async () => {}),
    stop: vi.fn(async () => {}),
  };
  const terminate = vi.fn();
  const connection: SyncWorkerConnection = {
    api: calls as unknown as SyncWorkerConnection['api'],
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    terminate,
  };
  return { connection, calls, terminate, emit: (event: SyncWorkerEvent) => listeners.forEach((l) => l(event)) };
}

function fakePage(visible: boolean) {
  const listeners = new Set<() => void>();
  const now = { visible, online: true };
  const page: PageSignals = {
    isVisible: () => now.visible,
    isOnline: () => now.online,
    subscribe(onChange) {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
  };
  const change = (next: Partial<typeof now>) => {
    Object.assign(now, next);
    listeners.forEach((l) => l());
  };
  return { page, change };
}

/** A browser with tabs sharing one lock manager and one broadcast channel. */
function browser() {
  const locks = createFakeLockManager();
  const bus = createFakeBroadcastBus<SyncMessage>();
  const listen = () => {
    const seen: SyncMessage[] = [];
    bus.open().subscribe((m) => seen.push(m));
    return seen;
  };
  const openTab = (tabId: string, { visible = true, workerFails = false } = {}) => {
    const workers: Array<ReturnType<typeof fakeWorker>> = [];
    const { page, change } = fakePage(visible);
    const onUnauthorized = vi.fn();
    const client = startSync({
      config: defaultRuntimeConfig,
      onUnauthorized,
      broadcast: bus.open(),
      tabId,
      locks,
      page,
      connectWorker: () => {
        const worker = fakeWorker();
        if (workerFails) worker.calls.start.mockRejectedValue(new Error('worker failed to start'));
        workers.push(worker);
        return worker.connection;
      },
    });
    return { client, workers, change, onUnauthorized, worker: () => workers.at(-1) };
  };
  return { openTab, listen };
}

describe('startSync', () => {
  it('only the leader tab starts a worker, with the notebook API and bucket', async () => {
    const { openTab } = browser();
    const a = openTab('a');
    const b = openTab('b');
    await settle();
    expect(a.workers).toHaveLength(1);
    expect(b.workers).toHaveLength(0);
    expect(a.worker()?.calls.start).toHaveBeenCalledWith({ apis: defaultRuntimeConfig.apis, bucket: 'workspace', features: defaultRuntimeConfig.features, workflowApiVersion: undefined });
    expect(a.worker()?.calls.setConditions).toHaveBeenLastCalledWith({ online: true, anyTabVisible: true });
    a.client.stop();
    b.client.stop();
  });

  it('when the leader tab closes, the next tab starts its worker at once', async () => {
    const { openTab, listen } = browser();
    const seen = listen();
    const a = openTab('a');
    const b = openTab('b');
    await settle();
    a.client.stop();
    await settle();
    expect(a.worker()?.terminate).toHaveBeenCalledOnce();
    expect(b.workers).toHaveLength(1);
    expect(b.worker()?.calls.start).toHaveBeenCalledOnce();
    expect(seen).toContainEqual({ type: 'leader-changed', tabId: 'b' });
    b.client.stop();
  });

  it('pauses polling only when no tab is visible', async () => {
    const { openTab } = browser();
    const leader = openTab('a', { visible: false });
    const other = openTab('b', { visible: true });
    await settle();
    const conditions = leader.worker()?.calls.setConditions;
    expect(conditions).toHaveBeenLastCalledWith({ online: true, anyTabVisible: true });
    other.change({ visible: false });
    await settle();
    expect(conditions).toHaveBeenLastCalledWith({ online: true, anyTabVisible: false });
    leader.change({ visible: true });
    await settle();
    expect(conditions).toHaveBeenLastCalledWith({ online: true, anyTabVisible: true });
    leader.change({ visible: false });
    other.change({ visible: true });
    await settle();
    expect(conditions).toHaveBeenLastCalledWith({ online: true, anyTabVisible: true });
    other.client.stop(); // a closing tab no longer counts as visible
    await settle();
    expect(conditions).toHaveBeenLastCalledWith({ online: true, anyTabVisible: false });
    leader.client.stop();
  });

  it('a new leader learns which tabs are visible', async () => {
    const { openTab } = browser();
    const a = openTab('a');
    const b = openTab('b', { visible: false });
    const c = openTab('c', { visible: true });
    await settle();
    a.client.stop();
    await settle();
    expect(b.worker()?.calls.setConditions).toHaveBeenLastCalledWith({ online: true, anyTabVisible: true });
    b.client.stop();
    c.client.stop();
  });

  it('tells the worker when the browser goes offline and back', async () => {
    const { openTab } = browser();
    const a = openTab('a');
    await settle();
    a.change({ online: false });
    expect(a.worker()?.calls.setConditions).toHaveBeenLastCalledWith({ online: false, anyTabVisible: true });
    a.change({ online: true });
    expect(a.worker()?.calls.setConditions).toHaveBeenLastCalledWith({ online: true, anyTabVisible: true });
    a.client.stop();
  });

  it('refreshNow goes to the leader’s worker from any tab', async () => {
    const { openTab } = browser();
    const a = openTab('a');
    const b = openTab('b');
    await settle();
    b.client.refreshNow('workspace');
    a.client.refreshNow('workspace');
    await settle();
    expect(a.worker()?.calls.refreshNow).toHaveBeenCalledTimes(2);
    expect(a.worker()?.calls.refreshNow).toHaveBeenCalledWith('workspace');
    a.client.stop();
    b.client.stop();
  });

  it('a 401 seen by the worker ends the session in every tab', async () => {
    const { openTab } = browser();
    const a = openTab('a');
    const b = openTab('b');
    await settle();
    a.worker()?.emit({ type: 'unauthorized' });
    await settle();
    expect(a.onUnauthorized).toHaveBeenCalledOnce();
    expect(b.onUnauthorized).toHaveBeenCalledOnce();
    a.client.stop();
    b.client.stop();
  });

  it('shares the worker’s status with every tab', async () => {
    const { openTab, listen } = browser();
    const seen = listen();
    const a = openTab('a');
    await settle();
    a.worker()?.emit({ type: 'status', polling: true, lastFetchedAt: 1234 });
    await settle();
    expect(seen).toContainEqual({ type: 'sync-status', online: true, polling: true, lastFetchedAt: 1234, error: undefined });
    a.client.stop();
  });

  it('a worker that fails to start is ended and leadership goes to the next tab', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { openTab } = browser();
    const a = openTab('a', { workerFails: true });
    const b = openTab('b');
    await settle();
    expect(a.worker()?.terminate).toHaveBeenCalledOnce();
    expect(b.workers).toHaveLength(1);
    expect(b.worker()?.calls.start).toHaveBeenCalledOnce();
    a.client.stop();
    b.client.stop();
    error.mockRestore();
  });
});
