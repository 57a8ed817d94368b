/// <reference lib="webworker" />
/**
 * The console's service worker: precached app shell, the last runtime config for offline
 * boots, and the queue of saves replayed when the network returns. Only wiring lives here;
 * the logic is in src/sw/.
 */
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { ConsoleDb } from './db/schema';
import { isPageMessage, SAVES_SYNC_TAG, type SavesReplayedMessage } from './sw/messages';
import { handleSave } from './sw/outbox';
import { createOutcomeRecorder, createOutcomesRecorder } from './sw/outcomes';
import { replayPass, type ReplayResult } from './sw/replay';
import { createReplayQueue } from './sw/replayQueue';
import { CONFIG_CACHE, CONFIG_NETWORK_TIMEOUT_SECONDS, isConfigRequest, NOT_APP_NAVIGATIONS, warmConfigCache } from './sw/routes';
import { isSaveRequest, SAVE_METHODS } from './sw/saves';

declare const self: ServiceWorkerGlobalScope;

/** Background Sync is Chromium-only and not in TypeScript's lib. */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}
type SyncRegistration = ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } };

// ---- App shell ------------------------------------------------------------------------------

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [...NOT_APP_NAVIGATIONS] }));
registerRoute(
  ({ request }) => isConfigRequest(request, self.location.origin),
  new NetworkFirst({ cacheName: CONFIG_CACHE, networkTimeoutSeconds: CONFIG_NETWORK_TIMEOUT_SECONDS }),
);
// Other /api/ GETs are not cached here: the app keeps server data in its Dexie caches.

// ---- Saves ----------------------------------------------------------------------------------

const db = new ConsoleDb();
const record = createOutcomeRecorder(db);
const recordAll = createOutcomesRecorder(db);
const fetchFromNetwork = (request: Request) => fetch(request);
const replays = createReplayQueue(() => replayPass({ db, fetch: fetchFromNetwork, record, recordAll, origin: self.location.origin }), announce);

async function announce({ applied, failed, remaining }: ReplayResult): Promise<void> {
  const message: SavesReplayedMessage = { type: 'SAVES_REPLAYED', applied, failed, remaining };
  const clients = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const client of clients) client.postMessage(message);
}

/** Lets the browser replay when connectivity returns, even with no console tab open. */
async function registerBackgroundSync(): Promise<void> {
  try {
    await (self.registration as SyncRegistration).sync?.register(SAVES_SYNC_TAG);
  } catch (error) {
    console.warn('Background Sync registration failed', error);
  }
}

const afterQueued = (behindBacklog: boolean) =>
  Promise.all([registerBackgroundSync(), behindBacklog ? replays.replay() : undefined]);

for (const method of SAVE_METHODS) {
  registerRoute(
    ({ request }) => isSaveRequest(request, self.location.origin),
    ({ request, event }) =>
      handleSave(request, { db, fetch: fetchFromNetwork, record, onQueued: (behind) => event.waitUntil(afterQueued(behind)) }),
    method as 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  );
}

// ---- Lifecycle and messages -----------------------------------------------------------------

// No skipWaiting on install: a new version waits until the page asks (the update toast).
self.addEventListener('install', (event) => {
  event.waitUntil(warmConfigCache({ caches: self.caches, fetch: fetchFromNetwork, origin: self.location.origin }));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
  // Not in waitUntil: fetches wait for activation to finish, and a replay can take a while.
  void replays.replay();
});

self.addEventListener('message', (event) => {
  if (!isPageMessage(event.data)) return;
  if (event.data.type === 'SKIP_WAITING') event.waitUntil(self.skipWaiting());
  else event.waitUntil(replays.replay());
});

self.addEventListener('sync', (event) => {
  const sync = event as SyncEvent;
  if (sync.tag !== SAVES_SYNC_TAG) return;
  // Rejecting asks the browser to try the sync again later (with its own backoff).
  sync.waitUntil(
    replays.replay().then((result) => {
      if (result.remaining > 0 && result.stopped !== 'unauthorized') throw new Error(`${result.remaining} saves still queued`);
    }),
  );
});
