/**
 * The messages between pages and the service worker, and the Background Sync tag. Shared by
 * src/sw.ts and the page's hook, so both sides spell them the same way.
 */

/** Background Sync tag registered when a save is queued; its `sync` event runs a replay. */
export const SAVES_SYNC_TAG = 'console-saves';

/** Page → worker: replay queued saves now (the server answered again). */
export interface ReplaySavesMessage {
  type: 'REPLAY_SAVES';
}

/** Page → worker: the user accepted the update; the waiting worker takes over. */
export interface SkipWaitingMessage {
  type: 'SKIP_WAITING';
}

export type PageMessage = ReplaySavesMessage | SkipWaitingMessage;

/** Worker → every page, after each replay pass. */
export interface SavesReplayedMessage {
  type: 'SAVES_REPLAYED';
  applied: number;
  failed: number;
  /** Saves still queued (waiting for the network, a sign-in or a server that answers 5xx). */
  remaining: number;
}

function typeOf(data: unknown): unknown {
  return typeof data === 'object' && data !== null ? (data as { type?: unknown }).type : undefined;
}

export function isPageMessage(data: unknown): data is PageMessage {
  const type = typeOf(data);
  return type === 'REPLAY_SAVES' || type === 'SKIP_WAITING';
}

export function isSavesReplayed(data: unknown): data is SavesReplayedMessage {
  return typeOf(data) === 'SAVES_REPLAYED';
}
