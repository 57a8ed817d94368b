import { createHash, randomBytes } from 'node:crypto';
import type { Store } from '../store/db';
import { LruMap } from '../store/lru';
import { systemClock, type Clock } from '../util/clock';
import { CredentialEnds } from './credentialEnds';
import { purgeExpiredAndRevoked } from './purge';

export interface CreatedSession {
  /** Opaque value for the cookie; only its SHA-256 is stored. */
  token: string;
  id: string;
  expiresAt: number;
}

export interface ActiveSession {
  id: string;
  username: string;
  /** The user's token version at sign-in: the session ends when it no longer matches. */
  tokenVersion: number;
  expiresAt: number;
  /** True when this lookup extended the expiry (the cookie should be re-sent). */
  renewed: boolean;
}

interface SessionRow {
  id: string;
  username: string;
  token_version: number | null;
  expires_at: bigint;
}

interface CachedSession {
  username: string;
  tokenVersion: number;
  expiresAt: number;
}

// 32 random bytes in base64url, without padding.
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** Sessions kept in memory; beyond that the least recently used are read again when used. */
export const SESSION_CACHE_SIZE = 10_000;
/** A session's expiry is written at most this often, however short its time to live. */
export const RENEWAL_INTERVAL_MS = 60_000;

/**
 * Server-side sessions in the console store, so they survive a restart. Sliding expiry: a session is
 * extended once more than half of its time to live has been used, and at least a minute
 * after its expiry was last written (so sessions shorter than a minute do not slide).
 *
 * The database is the source of truth; known sessions are also kept in memory, so a
 * request needs no query. Only this instance's own writes update that copy, which is
 * enough because one process serves a data directory. Each copy changes only after its
 * statement finished, and statements run in order, so the copy follows the table's order.
 */
export class SessionStore {
  private readonly cache = new LruMap<string, CachedSession>(SESSION_CACHE_SIZE);

  constructor(
    private readonly store: Store,
    readonly ttlSeconds: number,
    private readonly clock: Clock = systemClock,
    private readonly ends: CredentialEnds = new CredentialEnds(),
  ) {}

  async create(username: string, tokenVersion: number): Promise<CreatedSession> {
    const token = randomBytes(32).toString('base64url');
    const id = sessionIdOf(token);
    const now = this.clock();
    const expiresAt = now + this.ttlMs;
    await this.store.run('INSERT INTO sessions (id, username, token_version, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)', [
      id,
      username,
      tokenVersion,
      now,
      expiresAt,
    ]);
    this.cache.set(id, { username, tokenVersion, expiresAt });
    return { token, id, expiresAt };
  }

  async lookup(token: string): Promise<ActiveSession | null> {
    if (!TOKEN_PATTERN.test(token)) return null;
    const id = sessionIdOf(token);
    const session = this.cache.get(id) ?? (await this.load(id));
    if (!session) return null;
    const { username, tokenVersion, expiresAt } = session;
    const now = this.clock();
    if (expiresAt <= now) {
      await this.destroyById(id);
      return null;
    }
    if (!this.dueForRenewal(expiresAt, now)) return { id, username, tokenVersion, expiresAt, renewed: false };
    const renewedUntil = now + this.ttlMs;
    const renewed = await this.store.all('UPDATE sessions SET expires_at = $1 WHERE id = $2 RETURNING id', [renewedUntil, id]);
    // Destroyed (signed out) while this request was on its way: it must not come back.
    if (renewed.length === 0) {
      this.cache.delete(id);
      return null;
    }
    this.cache.set(id, { username, tokenVersion, expiresAt: renewedUntil });
    return { id, username, tokenVersion, expiresAt: renewedUntil, renewed: true };
  }

  async destroy(token: string): Promise<void> {
    await this.destroyById(sessionIdOf(token));
  }

  async destroyById(id: string): Promise<void> {
    await this.store.run('DELETE FROM sessions WHERE id = $1', [id]);
    this.cache.delete(id);
    this.ends.sessionEnded(id);
  }

  /** Expired sessions, and those of a password that has changed since. */
  async purgeExpired(): Promise<void> {
    await purgeExpiredAndRevoked(this.store, 'sessions', this.cache, this.clock());
  }

  /** Unknown tokens are not remembered: guessing them must not fill the memory. */
  private async load(id: string): Promise<CachedSession | null> {
    const rows = await this.store.all<SessionRow>('SELECT id, username, token_version, expires_at FROM sessions WHERE id = $1', [id]);
    if (rows.length === 0) return null;
    const session = { username: rows[0].username, tokenVersion: rows[0].token_version ?? 0, expiresAt: Number(rows[0].expires_at) };
    this.cache.set(id, session);
    return session;
  }

  /** Every expiry is written as "now + TTL", so expiresAt - TTL is when it was written. */
  private dueForRenewal(expiresAt: number, now: number): boolean {
    const writtenAt = expiresAt - this.ttlMs;
    return expiresAt - now < this.ttlMs / 2 && now - writtenAt >= RENEWAL_INTERVAL_MS;
  }

  private get ttlMs(): number {
    return this.ttlSeconds * 1000;
  }
}

export function sessionIdOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
