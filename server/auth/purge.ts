import type { Store } from '../store/db';
import type { LruMap } from '../store/lru';

/**
 * Deletes the rows of `table` (sessions or token families) that expired, or whose user's password
 * changed since (token_version moved), and forgets the expired ones cached in memory.
 */
export async function purgeExpiredAndRevoked<T extends { expiresAt: number }>(store: Store, table: 'sessions' | 'token_families', cache: LruMap<string, T>, now: number): Promise<void> {
  await store.run(
    `DELETE FROM ${table} WHERE expires_at <= $1
     OR token_version <> (SELECT u.token_version FROM users u WHERE u.username = ${table}.username)`,
    [now],
  );
  for (const [id, entry] of cache) if (entry.expiresAt <= now) cache.delete(id);
}
