import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect } from 'react';
import { listRecentVisits, recordVisit } from '../../db/recentVisits';
import { useDb } from '../db';

export function useRecentVisits(username: string | undefined, limit = 8) {
  const db = useDb();
  return useLiveQuery(() => (username ? listRecentVisits(db, username, limit) : []), [db, username, limit]);
}

/** Remembers the page being shown, for the home page's Recent list. */
export function useRecordVisit(username: string | undefined, path: string, title: string | undefined) {
  const db = useDb();
  useEffect(() => {
    if (!username || !title) return;
    recordVisit(db, { username, path, title, visitedAt: Date.now() }).catch((error: unknown) => {
      console.warn('Could not remember the visit', error);
    });
  }, [db, username, path, title]);
}
