import type { ExecuteResponse } from '../../../contracts/bi';

/** A tab's latest results as this page holds them, and whether the results cache (IndexedDB) keeps them. */
export interface HeldResults {
  response: ExecuteResponse;
  /** When they came (epoch ms); the cache's copy is stored under the same time. */
  at: number;
  /** 'storing' until the cache answers; false when they are too large to keep offline. */
  kept: boolean | 'storing';
}

/**
 * The results of the runs made on this page, held in memory: shown at once, and the only copy of
 * a result too large for the results cache (it will not survive a reload, and the panel says so).
 * An external store for useSyncExternalStore; one per signed-in session, never module state.
 */
export function createHeldResults() {
  const held = new Map<string, HeldResults>();
  const listeners = new Set<() => void>();
  const changed = () => listeners.forEach((listener) => listener());

  return {
    get: (tabId: string): HeldResults | undefined => held.get(tabId),
    hold(tabId: string, response: ExecuteResponse, at: number): void {
      held.set(tabId, { response, at, kept: 'storing' });
      changed();
    },
    /** The cache answered for the results of `at` (a newer run's results are left alone). */
    stored(tabId: string, at: number, kept: boolean): void {
      const entry = held.get(tabId);
      if (entry?.at !== at) return;
      held.set(tabId, { ...entry, kept });
      changed();
    },
    /** The cache shows the kept copy now: this one can go. Results too large to keep stay. */
    release(tabId: string, at: number): void {
      const entry = held.get(tabId);
      if (entry?.at !== at || entry.kept !== true) return;
      held.delete(tabId);
      changed();
    },
    drop(tabId: string): void {
      if (held.delete(tabId)) changed();
    },
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
