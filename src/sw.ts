/// <reference lib="webworker" />
/**
 * The console's service worker: the precached app shell and the last runtime config, so the
 * console opens offline after one visit. Saves do not pass through here: the event log is their
 * queue and the page's sender (src/sync/outbox/sender.ts) sends them. Only wiring lives here; the
 * logic is in src/sw/.
 */
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { CONFIG_CACHE, CONFIG_NETWORK_TIMEOUT_SECONDS, isConfigRequest, NOT_APP_NAVIGATIONS, warmConfigCache } from './sw/routes';

declare const self: ServiceWorkerGlobalScope;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [...NOT_APP_NAVIGATIONS] }));
registerRoute(
  ({ request }) => isConfigRequest(request, self.location.origin),
  new NetworkFirst({ cacheName: CONFIG_CACHE, networkTimeoutSeconds: CONFIG_NETWORK_TIMEOUT_SECONDS }),
);
// Other /api/ GETs are not cached here: the app keeps server data in its Dexie caches.

// No skipWaiting on install: a new version waits until the page asks (the update toast).
self.addEventListener('install', (event) => {
  event.waitUntil(warmConfigCache({ caches: self.caches, fetch: (request) => fetch(request), origin: self.location.origin }));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

// workbox-window's messageSkipWaiting(): the user accepted the update, the waiting worker takes over.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') event.waitUntil(self.skipWaiting());
});
