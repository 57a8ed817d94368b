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
  kept: boolean;
}

/**
 * The results of a tab's last run, read live from the results cache, their one home (a run just
 * made here or in another browser tab, or in an earlier page load). null when there are none;
 * undefined while the cache is read.
 */
export function useTabResults(tabId: string): ShownResults | null | undefined {
  const stored = useLive((reads) => reads.tabResults(tabId), [tabId]);
  return stored && { response: stored.response, kept: stored.kept !== false };
}
