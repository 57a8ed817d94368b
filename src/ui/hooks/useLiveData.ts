import { useLive } from './live';

/** The workspace as the user should see it: the cached server listing with pending changes laid over it. */
export function useWorkspaceItems() {
  return useLive((reads) => reads.workspace(), []);
}

/** Saves waiting for the server and those it refused, oldest first. */
export function useOpenSaves() {
  return useLive((reads) => reads.openSaves(), []) ?? [];
}

/** The newest fetch of any cached server data. */
export function useLastFetched() {
  return useLive((reads) => reads.lastFetched(), []);
}

/** Whether the sync worker's last try found the console server down (the browser may still say it is online). */
export function useServerUnreachable() {
  return useLive((reads) => reads.serverUnreachable(), []) ?? false;
}
