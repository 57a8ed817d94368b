import type { SyncResource } from './syncWorkerApi';

/** The broadcast channel the sync layer shares between tabs. */
export const SYNC_CHANNEL = 'console-sync';

/** Ephemeral cross-tab signals of the sync layer. */
export type SyncMessage =
  /** A tab became the leader that polls for everyone. */
  | { type: 'leader-changed'; tabId: string }
  /** The leader's polling state, after each poll and each change of conditions. */
  | { type: 'sync-status'; online: boolean; lastFetchedAt?: number; polling: boolean; error?: string }
  /** A tab's visibility, so the leader can pause when no tab is visible. */
  | { type: 'tab-visibility'; tabId: string; visible: boolean }
  /** A new leader asks every tab to say again whether it is visible. */
  | { type: 'visibility-query' }
  /** A tab that is not the leader asks for fresh data. */
  | { type: 'refresh-request'; resource: SyncResource }
  /** The server ended the session: every tab goes to sign-in. */
  | { type: 'unauthorized' };

const TYPES = new Set<string>(['leader-changed', 'sync-status', 'tab-visibility', 'visibility-query', 'refresh-request', 'unauthorized']);

export function isSyncMessage(data: unknown): data is SyncMessage {
  const type = (data as { type?: unknown } | null)?.type;
  return typeof type === 'string' && TYPES.has(type);
}
