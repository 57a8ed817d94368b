import { useLiveQuery } from 'dexie-react-hooks';
import { workspaceView } from '../../db/workspaceView';
import { useDb } from '../db';

export const WORKSPACE_BUCKET = 'workspace';

/** The workspace as the user should see it: the cached server listing with pending changes laid over it. */
export function useWorkspaceItems() {
  const db = useDb();
  return useLiveQuery(async () => {
    const [files, changes, meta] = await Promise.all([
      db.workspaceFiles.where('bucket').equals(WORKSPACE_BUCKET).toArray(),
      db.workspaceChanges.orderBy('seq').toArray(),
      db.cacheMeta.get(`workspace:${WORKSPACE_BUCKET}`),
    ]);
    return { items: workspaceView(files, changes, meta?.fetchedAt), fetchedAt: meta?.fetchedAt, error: meta?.error };
  }, [db]);
}

/** Saves waiting in the service worker's queue, and those the server refused. */
export function useOutbox() {
  const db = useDb();
  return useLiveQuery(() => db.outbox.orderBy('seq').toArray(), [db]) ?? [];
}

/** The newest fetch of any cached server data. */
export function useLastFetched() {
  const db = useDb();
  return useLiveQuery(async () => {
    const rows = await db.cacheMeta.toArray();
    return rows.reduce<number | undefined>((max, r) => (max === undefined || r.fetchedAt > max ? r.fetchedAt : max), undefined);
  }, [db]);
}
