import { useEffect } from 'react';
import { useSignedIn } from '../appContext';
import { useLive } from './live';

export function useRecentVisits(username: string | undefined, limit = 8) {
  return useLive(async (reads) => (username ? reads.recentVisits(username, limit) : []), [username, limit]);
}

/** Remembers the page being shown, for the home page's Recent list. */
export function useRecordVisit(path: string, title: string | undefined) {
  const { recordVisit } = useSignedIn();
  useEffect(() => {
    if (title) recordVisit({ path, title });
  }, [recordVisit, path, title]);
}
