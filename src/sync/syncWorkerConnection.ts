import * as Comlink from 'comlink';
import { isSyncWorkerEvent, type SyncWorkerApi, type SyncWorkerEvent } from './syncWorkerApi';

/** The page's end of the sync worker: its Comlink proxy and its own (non-Comlink) events. */
export interface SyncWorkerConnection {
  api: Comlink.Remote<SyncWorkerApi>;
  subscribe(listener: (event: SyncWorkerEvent) => void): () => void;
  terminate(): void;
}

/** Starts the sync worker (Vite bundles it from this `new URL(…, import.meta.url)`). */
export function connectSyncWorker(): SyncWorkerConnection {
  const worker = new Worker(new URL('../workers/sync.worker.ts', import.meta.url), { type: 'module', name: 'console-sync' });
  const api = Comlink.wrap<SyncWorkerApi>(worker);
  return {
    api,
    subscribe(listener) {
      // Comlink's replies carry an id and no such type; only the worker's own events pass.
      const onMessage = (event: MessageEvent) => {
        if (isSyncWorkerEvent(event.data)) listener(event.data);
      };
      worker.addEventListener('message', onMessage);
      return () => worker.removeEventListener('message', onMessage);
    },
    terminate() {
      api[Comlink.releaseProxy]();
      worker.terminate();
    },
  };
}
