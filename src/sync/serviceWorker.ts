import { Workbox } from 'workbox-window';

/** Lets the waiting worker take over, then reloads into the new version. */
async function reloadIntoUpdate(workbox: Workbox): Promise<void> {
  const registration = await navigator.serviceWorker.getRegistration();
  // Another tab may have taken the update already: then only this page is old.
  if (!registration?.waiting) return window.location.reload();
  workbox.addEventListener('controlling', () => window.location.reload());
  workbox.messageSkipWaiting(); // posts {type: 'SKIP_WAITING'} to the waiting worker
}

/**
 * Registers /sw.js (production builds only: the app shell and the runtime config for offline
 * boots). A new version waits until the user accepts `offerUpdate`'s offer, so no page runs against
 * a newer worker unasked. Call once, from the composition root (main.tsx).
 */
export function registerServiceWorker(offerUpdate: (reload: () => void) => void): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const workbox = new Workbox('/sw.js');
  workbox.addEventListener('waiting', () => offerUpdate(() => void reloadIntoUpdate(workbox)));
  void workbox.register();
}
