import { toast } from 'sonner';
import { Workbox } from 'workbox-window';
import { isSavesReplayed, type PageMessage, type SavesReplayedMessage } from '../../sw/messages';
import type { ServiceWorkerLink } from '../services';

/** A link that does nothing: dev server, tests, browsers without service workers. */
const NO_WORKER: ServiceWorkerLink = { requestReplay: () => {}, onReplayed: () => () => {} };

function postToActiveWorker(message: PageMessage): void {
  void navigator.serviceWorker.ready.then((registration) => registration.active?.postMessage(message));
}

/** Lets the waiting worker take over, then reloads into the new version. */
async function reloadIntoUpdate(workbox: Workbox): Promise<void> {
  const registration = await navigator.serviceWorker.getRegistration();
  // Another tab may have taken the update already: then only this page is old.
  if (!registration?.waiting) return window.location.reload();
  workbox.addEventListener('controlling', () => window.location.reload());
  workbox.messageSkipWaiting(); // posts {type: 'SKIP_WAITING'} to the waiting worker
}

/** A new version waits until the user reloads into it, so no page runs against a newer worker unasked. */
function offerUpdate(workbox: Workbox): void {
  toast('New version available', {
    duration: Infinity,
    action: { label: 'Reload', onClick: () => void reloadIntoUpdate(workbox) },
  });
}

/**
 * Registers /sw.js (production builds only) and returns the page's line to it. Call once, in
 * the composition root (main.tsx), and hand the result to <App services={{ serviceWorker }}>.
 */
export function registerServiceWorker(): ServiceWorkerLink {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return NO_WORKER;
  const workbox = new Workbox('/sw.js');
  workbox.addEventListener('waiting', () => offerUpdate(workbox));
  void workbox.register();
  navigator.serviceWorker.startMessages();
  return {
    requestReplay: () => postToActiveWorker({ type: 'REPLAY_SAVES' }),
    onReplayed(listener: (result: SavesReplayedMessage) => void) {
      const onMessage = (event: MessageEvent) => {
        if (isSavesReplayed(event.data)) listener(event.data);
      };
      navigator.serviceWorker.addEventListener('message', onMessage);
      return () => navigator.serviceWorker.removeEventListener('message', onMessage);
    },
  };
}
