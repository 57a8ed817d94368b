import { createHash, randomBytes } from 'node:crypto';
import type { Store } from '../store/db';
import { systemClock, type Clock } from './clock';

export interface CreatedSession {
  /** Opaque value for the cookie; only its SHA-256 is stored. */
  token: string;
  id: string;
  expiresAt: number;
}

export interface ActiveSession {
  id: string;
  username: string;
  expiresAt: number;
  /** True when this lookup extended the expiry (the cookie should be re-sent). */
  renewed: boolean;
}

interface SessionRow {
  id: string;
  username: string;
  expires_at: bigint;
}

// 32 random bytes in base64url, without padding.
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * Server-side sessions in DuckDB, so they survive a restart. Sliding expiry: a session is
 * extended once more than half of its time to live has been used.
 */
export class SessionStore {
  constructor(
    private readonly store: Store,
    readonly ttlSeconds: number,
    private readonly clock: Clock = systemClock,
  ) {}

  async create(username: string): Promise<CreatedSession> {
    const token = randomBytes(32).toString('base64url');
    const id = sessionIdOf(token);
    const now = this.clock();
    const expiresAt = now + this.ttlMs;
    await this.store.run('INSERT INTO sessions (id, username, created_at, expires_at) VALUES ($1, $2, $3, $4)', [
      id,
      username,
      now,
      expiresAt,
    ]);
    return { token, id, expiresAt };
  }

  async lookup(token: string): Promise<ActiveSession | null> {
    if (!TOKEN_PATTERN.test(token)) return null;
    const id = sessionIdOf(token);
    const rows = await this.store.all<SessionRow>('SELECT id, username, expires_at FROM sessions WHERE id = $1', [id]);
    if (rows.length === 0) return null;
    const now = this.clock();
    const expiresAt = Number(rows[0].expires_at);
    if (expiresAt <= now) {
      await this.store.run('DELETE FROM sessions WHERE id = $1', [id]);
      return null;
    }
    if (expiresAt - now >= this.ttlMs / 2) return { id, username: rows[0].username, expiresAt, renewed: false };
    const renewedUntil = now + this.ttlMs;
    await this.store.run('UPDATE sessions SET expires_at = $1 WHERE id = $2', [renewedUntil, id]);
    return { id, username: rows[0].username, expiresAt: renewedUntil, renewed: true };
  }

  async destroy(token: string): Promise<void> {
    await this.store.run('DELETE FROM sessions WHERE id = $1', [sessionIdOf(token)]);
  }

  async purgeExpired(): Promise<void> {
    await this.store.run('DELETE FROM sessions WHERE expires_at <= $1', [this.clock()]);
  }

  private get ttlMs(): number {
    return this.ttlSeconds * 1000;
  }
}

export function sessionIdOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
