import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { getResults } from '../../db/sqlResults';
import { activeTabId, closedTabs, openTabs } from '../../db/sqlTabs';
import type { SqlLab } from '../../sync/sqlLab';
import { useArea } from '../area';
import { useDb } from '../db';

/** The session's SQL workbench services, once loaded (null before). */
export function useSqlLab(): SqlLab | null {
  const { sqlLab } = useArea();
  const [lab, setLab] = useState<SqlLab | null>(null);
  useEffect(() => {
    let live = true;
    void sqlLab().then((loaded) => live && setLab(loaded));
    return () => {
      live = false;
    };
  }, [sqlLab]);
  return lab;
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
