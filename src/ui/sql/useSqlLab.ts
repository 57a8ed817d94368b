import { useLiveQuery } from 'dexie-react-hooks';
import { getResults } from '../../db/sqlResults';
import { activeTabId, closedTabs, openTabs } from '../../db/sqlTabs';
import type { SqlLab } from '../../sync/sqlLab';
import { useArea } from '../area';
import { useDb } from '../db';
import { useLoaded } from '../hooks/useLoaded';

/** The session's SQL workbench services, once loaded (null before). */
export function useSqlLab(): SqlLab | null {
  return useLoaded(useArea().sqlLab);
}

/** The tab bar as every browser tab sees it: open tabs in order, the active one, the closed stack. */
export function useSqlTabs() {
  const db = useDb();
  return useLiveQuery(async () => {
    const [tabs, activeId, closed] = await Promise.all([openTabs(db), activeTabId(db), closedTabs(db)]);
    return { tabs, activeId, closed };
  }, [db]);
}

/** The cached results of a tab (its last run), or null. */
export function useTabResults(tabId: string | null) {
  const db = useDb();
  return useLiveQuery(async () => (tabId ? ((await getResults(db, tabId)) ?? null) : null), [db, tabId]);
}
