import { recentItems, type RecentItems } from '../pages/recentItems';
import { useLive } from './live';

const NOTHING = { visits: [], tabs: [], workspaceChanges: [] };

/** What the user opened lately, live: tables and pages visited, SQL tabs (admins only), notebooks. */
export function useRecentItems(username: string | undefined, withSqlTabs: boolean): RecentItems | undefined {
  return useLive(async (reads) => recentItems(username ? await reads.recentSources(username, withSqlTabs) : NOTHING), [username, withSqlTabs]);
}
