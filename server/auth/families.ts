import type { Store } from '../store/db';
import { LruMap } from '../store/lru';
import { systemClock, type Clock } from '../util/clock';
import { CredentialEnds } from './credentialEnds';
import { purgeExpiredAndRevoked } from './purge';

/** One sign-in's tokens, server-side: what every access token and refresh token is checked against. */
export interface TokenFamily {
  username: string;
  /** The user's token_version when the family started (a password change ends it). */
  tokenVersion: number;
  /** The family's one live refresh token; null when it has none. */
  refreshId: string | null;
  expiresAt: number;
}

export type Rotation = 'rotated' | 'reused' | 'unknown';

interface FamilyRow {
  username: string;
  token_version: number;
  refresh_id: string | null;
  expires_at: bigint;
}

/** Families kept in memory; beyond that the least recently used are read again when used. */
export const FAMILY_CACHE_SIZE = 10_000;

/**
 * Token families in the store, so a revocation survives a restart. Ending a family (logout,
 * reuse of a rotated refresh token) deletes its row. Known families are kept in memory so an
 * access token costs no query; as in SessionStore, only this instance writes the table and each
 * copy changes after its statement finished, so the copy follows the table's order.
 */
export class TokenFamilies {
  private readonly cache = new LruMap<string, TokenFamily>(FAMILY_CACHE_SIZE);

  constructor(
    private readonly store: Store,
    private readonly clock: Clock = systemClock,
    private readonly ends: CredentialEnds = new CredentialEnds(),
  ) {}

  async create(id: string, family: TokenFamily): Promise<void> {
    await this.store.run(
      'INSERT INTO token_families (id, username, token_version, refresh_id, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6)',
      [id, family.username, family.tokenVersion, family.refreshId, this.clock(), family.expiresAt],
    );
    this.cache.set(id, { ...family });
  }

  /** The family while it lives; null once ended or expired. */
  async find(id: string): Promise<TokenFamily | null> {
    const family = this.cache.get(id) ?? (await this.load(id));
    return family && family.expiresAt > this.clock() ? family : null;
  }

  /**
   * Swaps the live refresh token `presented` for `next`. A presented token that is no longer
   * the live one was rotated out already: someone replays a copy, so the family ends
   * ('reused'; OAuth 2.0 Security BCP, refresh token rotation). One statement decides, so of
   * two refreshes racing with one token only the first rotates.
   */
  async rotate(id: string, presented: string, next: string, expiresAt: number): Promise<Rotation> {
    const rotated = await this.store.all<{ id: string }>(
      'UPDATE token_families SET refresh_id = $1, expires_at = $2 WHERE id = $3 AND refresh_id = $4 AND expires_at > $5 RETURNING id',
      [next, expiresAt, id, presented, this.clock()],
    );
    if (rotated.length > 0) {
      const family = await this.find(id);
      if (family) this.cache.set(id, { ...family, refreshId: next, expiresAt });
      return 'rotated';
    }
    if (!(await this.find(id))) return 'unknown';
    await this.end(id);
    return 'reused';
  }

  async end(id: string): Promise<void> {
    await this.store.run('DELETE FROM token_families WHERE id = $1', [id]);
    this.cache.delete(id);
    this.ends.familyEnded(id);
  }

  /** Expired families, and those of a password that has changed since. */
  async purgeExpired(): Promise<void> {
    await purgeExpiredAndRevoked(this.store, 'token_families', this.cache, this.clock());
  }

  /** Unknown ids are not remembered: ended families must not fill the memory. */
  private async load(id: string): Promise<TokenFamily | null> {
    const rows = await this.store.all<FamilyRow>('SELECT username, token_version, refresh_id, expires_at FROM token_families WHERE id = $1', [id]);
    if (rows.length === 0) return null;
    const row = rows[0];
    const family = { username: row.username, tokenVersion: Number(row.token_version), refreshId: row.refresh_id, expiresAt: Number(row.expires_at) };
    this.cache.set(id, family);
    return family;
  }
}
