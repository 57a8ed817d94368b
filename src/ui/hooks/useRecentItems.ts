import { useLiveQuery } from 'dexie-react-hooks';
import { listRecentVisits, RECENT_VISITS_KEPT } from '../../db/recentVisits';
import { openTabs } from '../../db/sqlTabs';
import { useDb } from '../db';
import { recentItems, type RecentItems } from '../pages/recentItems';

/** How far back in the workspace's changes the Recent page looks for notebooks. */
const WORKSPACE_CHANGES_READ = 500;

/**
 * What the user opened lately, live: the visit log (tables, pages), the SQL tabs (admins only) by
 * their last activation in the event log, and the notebooks this browser created or renamed.
 */
export function useRecentItems(username: string | undefined, withSqlTabs: boolean): RecentItems | undefined {
  const db = useDb();
  return useLiveQuery(async () => {
    if (!username) return recentItems({ visits: [], tabs: [], workspaceChanges: [] });
    const [visits, tabs, changes] = await Promise.all([
      listRecentVisits(db, username, RECENT_VISITS_KEPT),
      withSqlTabs ? openTabs(db) : [],
      db.workspaceChanges.orderBy('seq').reverse().limit(WORKSPACE_CHANGES_READ).toArray(),
    ]);
    // A tab's last activation (or its opening) is an event: its time is when the user last had it in front.
    const events = await db.events.bulkGet(tabs.map((tab) => tab.activatedSeq ?? tab.order));
    return recentItems({
      visits,
      tabs: tabs.map((tab, i) => ({ id: tab.id, name: tab.name, at: events[i]?.at ?? tab.createdAt })),
      workspaceChanges: changes.reverse(),
    });
  }, [db, username, withSqlTabs]);
}
