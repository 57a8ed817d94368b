import type { SavedQueryDraft } from '../events';
import type { SaveRow } from '../saves/projection';
import type { SavedQueryCacheRow } from '../cacheRows';
import type { SavedQueryRow } from '../rows';

/** One saved query as the user should see it: the server's list with this browser's changes laid over it. */
export interface SavedQueryItem extends SavedQueryDraft {
  /** The local id commands name it by (see SavedQueryEvent). */
  id: string;
  serverId: number | null;
  databaseName: string;
  isFavorite: boolean;
  /** Epoch milliseconds. */
  changedOn: number;
  /** A change to it is still on its way to the server. */
  pending: boolean;
  /** The server refused a change to it (the sync panel offers retry and discard). */
  failure: string | null;
}

export interface SavedQueryViewInput {
  cache: readonly SavedQueryCacheRow[];
  overlay: readonly SavedQueryRow[];
  /** The saves of saved query changes (any state). */
  saves: readonly SaveRow[];
  /** When the server's list was fetched (undefined: never). */
  fetchedAt: number | undefined;
  /** Database names by id, for queries the server has not listed yet. */
  databases: ReadonlyMap<number, string>;
}

export const serverQueryId = (serverId: number) => `server:${serverId}`;

function fromServer(row: SavedQueryCacheRow): Omit<SavedQueryItem, 'id' | 'pending' | 'failure'> {
  return {
    serverId: row.id,
    label: row.label,
    sql: row.sql,
    description: row.description,
    dbId: row.db_id,
    catalog: row.catalog,
    schema: row.schema,
    databaseName: row.database.database_name,
    isFavorite: row.isFavorite,
    changedOn: parseSupersetTime(row.changed_on),
  };
}

/**
 * Epoch ms of a Superset time: Superset writes UTC without a zone ("2026-11-29T07:57:39.174801"),
 * which Date.parse would read as the browser's local time; a time with a zone is read as it says.
 */
export function parseSupersetTime(text: string): number {
  return Date.parse(/[zZ]|[+-]\d\d:?\d\d$/.test(text.slice(10)) ? text : `${text}Z`);
}

/** The latest overlay row for each query (a race of two tabs can leave two rows for one server id). */
function latestRows(overlay: readonly SavedQueryRow[]): SavedQueryRow[] {
  const bySid = new Map<number, SavedQueryRow>();
  const local: SavedQueryRow[] = [];
  for (const row of overlay) {
    if (row.serverId === null) local.push(row);
    else if ((bySid.get(row.serverId)?.seq ?? -1) < row.seq) bySid.set(row.serverId, row);
  }
  return [...local, ...bySid.values()];
}

function marksOf(saves: readonly SaveRow[]): Map<string, { pending: boolean; failure: string | null }> {
  const marks = new Map<string, { pending: boolean; failure: string | null }>();
  for (const save of saves) {
    const mark = marks.get(save.subject) ?? { pending: false, failure: null };
    if (save.state === 'pending') mark.pending = true;
    if (save.state === 'failed') mark.failure = save.message ?? 'The server refused a change.';
    marks.set(save.subject, mark);
  }
  return marks;
}

/**
 * The saved queries in every tab, offline too: the cached server list, with what this browser
 * did laid over it until a listing fetched after those changes shows them. Pure; newest first.
 */
export function savedQueryView({ cache, overlay, saves, fetchedAt, databases }: SavedQueryViewInput): SavedQueryItem[] {
  const byServer = new Map(cache.map((row) => [row.id, row]));
  const marks = marksOf(saves);
  const items: SavedQueryItem[] = [];
  const covered = new Set<number>();
  for (const row of latestRows(overlay)) {
    if (row.serverId !== null) covered.add(row.serverId);
    const base = row.serverId === null ? undefined : byServer.get(row.serverId);
    const { pending, failure } = marks.get(row.id) ?? { pending: false, failure: null };
    if (row.isDeleted && failure === null) continue;
    if (!row.created && !base) continue; // a change to a query the server no longer lists
    // Settled, and the server's list is newer: that list is the truth (another user may have edited it).
    if (base && !pending && failure === null && row.at <= (fetchedAt ?? 0)) {
      items.push({ ...fromServer(base), id: row.id, pending, failure });
      continue;
    }
    const server = base ? fromServer(base) : null;
    const query = { ...(server ?? {}), ...row.query } as SavedQueryDraft;
    items.push({
      ...query,
      id: row.id,
      serverId: row.serverId,
      databaseName: server?.databaseName ?? databases.get(query.dbId) ?? `Database ${query.dbId}`,
      isFavorite: row.isFavorite ?? server?.isFavorite ?? false,
      changedOn: row.at,
      pending,
      failure,
    });
  }
  for (const row of cache) if (!covered.has(row.id)) items.push({ ...fromServer(row), id: serverQueryId(row.id), pending: false, failure: null });
  return items.sort((a, b) => b.changedOn - a.changedOn);
}
