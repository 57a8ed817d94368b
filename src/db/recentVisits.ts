import type { ConsoleDb } from './schema';
import type { RecentVisit } from '../model/rows';

export const RECENT_VISITS_KEPT = 20;

/** Remembers a page a user opened; keeps the newest few per user. */
export async function recordVisit(db: ConsoleDb, visit: RecentVisit, keep = RECENT_VISITS_KEPT): Promise<void> {
  await db.transaction('rw', db.recentVisits, async () => {
    await db.recentVisits.put(visit);
    const stale = await db.recentVisits
      .where('[username+visitedAt]')
      .between([visit.username, -Infinity], [visit.username, Infinity])
      .reverse()
      .offset(keep)
      .primaryKeys();
    await db.recentVisits.bulkDelete(stale);
  });
}

export function listRecentVisits(db: ConsoleDb, username: string, limit = 8): Promise<RecentVisit[]> {
  return db.recentVisits
    .where('[username+visitedAt]')
    .between([username, -Infinity], [username, Infinity])
    .reverse()
    .limit(limit)
    .toArray();
}
