import type { RuntimeConfig } from './api/types';

/** The workspace bucket the console lists by default. */
export const DEFAULT_BUCKET = 'workspace';

/** What the sync worker can refresh on request. */
export type SyncResource = 'workspace' | 'workflows' | 'metadata';

export interface SyncWorkerConfig {
  apis: RuntimeConfig['apis'];
  /** The workspace bucket whose listing is cached. */
  bucket: string;
  /** Which Airflow API the workflow mount speaks (absent: v1). */
  workflowApiVersion?: RuntimeConfig['workflowApiVersion'];
  features: RuntimeConfig['features'];
}

/** What the leader tab knows and the worker cannot see: the network and every tab's visibility. */
export interface SyncConditions {
  online: boolean;
  anyTabVisible: boolean;
}

/** The sync worker's Comlink interface (src/workers/sync.worker.ts). */
export interface SyncWorkerApi {
  start(config: SyncWorkerConfig): void;
  setConditions(conditions: SyncConditions): void;
  refreshNow(resource: SyncResource): void;
  stop(): void;
}

/** Plain messages the worker posts to its page besides Comlink's own traffic. */
export type SyncWorkerEvent =
  | { type: 'unauthorized' }
  | { type: 'status'; polling: boolean; lastFetchedAt?: number; error?: string };

export function isSyncWorkerEvent(data: unknown): data is SyncWorkerEvent {
  const type = (data as { type?: unknown } | null)?.type;
  return type === 'unauthorized' || type === 'status';
}
