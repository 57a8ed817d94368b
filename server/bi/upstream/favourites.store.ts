import type { Store } from '../../store/db';

/**
 * Favourite marks of a Superset upstream's saved queries, kept by the console: Superset 6.1's
 * FavStar knows charts, dashboards and tags only (FavStarClassName), and its saved query API
 * has no favorite_status/ or favorites/. Marks are per console user; a deleted query's go too.
 */
export class UpstreamFavouriteStore {
  constructor(private readonly store: Store) {}

  async set(username: string, savedQueryId: number, favourite: boolean, now: number): Promise<void> {
    if (favourite) await this.store.run('INSERT INTO bi_upstream_favorites VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [username, savedQueryId, now]);
    else await this.store.run('DELETE FROM bi_upstream_favorites WHERE username = $1 AND saved_query_id = $2', [username, savedQueryId]);
  }

  /** The user's mark of each id, in the order asked. */
  async status(username: string, ids: number[]): Promise<{ id: number; value: boolean }[]> {
    if (ids.length === 0) return [];
    const placeholders = ids.map((_id, index) => `$${index + 2}`).join(', ');
    const rows = await this.store.all<{ saved_query_id: bigint }>(`SELECT saved_query_id FROM bi_upstream_favorites WHERE username = $1 AND saved_query_id IN (${placeholders})`, [username, ...ids]);
    const marked = new Set(rows.map((row) => Number(row.saved_query_id)));
    return ids.map((id) => ({ id, value: marked.has(id) }));
  }

  /** Every user's marks of queries Superset deleted. */
  async forgetQueries(ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    const placeholders = ids.map((_id, index) => `$${index + 1}`).join(', ');
    await this.store.run(`DELETE FROM bi_upstream_favorites WHERE saved_query_id IN (${placeholders})`, ids);
  }
}
