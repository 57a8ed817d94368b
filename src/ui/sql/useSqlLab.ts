import { useEffect, useSyncExternalStore } from 'react';
import type { ExecuteResponse } from '../../../contracts/bi';
import type { SqlLab } from '../../commands/sql/lab';
import { useSignedIn } from '../appContext';
import { useLive } from '../hooks/live';
import { useLoaded } from '../hooks/useLoaded';

/** The session's SQL workbench, once loaded (null before). */
export function useSqlLab(): SqlLab | null {
  return useLoaded(useSignedIn().sqlLab);
}

/** The tab bar as every browser tab sees it: open tabs in order, the active one, the closed stack. */
export function useSqlTabs() {
  return useLive((reads) => reads.sqlTabs(), []);
}

/** A tab's results to show, and whether the results cache keeps them (false: they will not survive a reload). */
export interface ShownResults {
  response: ExecuteResponse;
  kept: boolean | 'storing';
}

/**
 * The results of a tab's last run: those this page holds (a run just made, or one too large for
 * the cache) until the cache has them, else the cache's (runs of earlier page loads, other tabs).
 * null when there are none; undefined while the cache is read.
 */
export function useTabResults(lab: SqlLab, tabId: string): ShownResults | null | undefined {
  const held = useSyncExternalStore(lab.results.subscribe, () => lab.results.get(tabId));
  const stored = useLive((reads) => reads.tabResults(tabId), [tabId]);
  const fromCache = !!stored && (!held || stored.storedAt >= held.at);
  useEffect(() => {
    // The cache shows the kept copy now: the page lets its own go.
    if (held && fromCache) lab.results.release(tabId, held.at);
  }, [lab, tabId, held, fromCache]);
  if (fromCache) return { response: stored.response, kept: true };
  if (held) return { response: held.response, kept: held.kept };
  return stored === undefined ? undefined : null;
}
