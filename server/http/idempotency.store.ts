import type { Clock } from '../util/clock';
import type { Queryable, SqlValue, Store } from '../store/db';

/** An answer kept for replay: what the first request with a key was told. */
export interface StoredAnswer {
  fingerprint: string;
  status: number;
  body: string;
  headers: Record<string, string>;
}

/** The outcome of claiming a key: replay a stored answer, or run and save yours. */
export type Claim = { kind: 'stored'; answer: StoredAnswer } | { kind: 'owner'; release: () => void };

/** Keys must live at least 24 h; rows are purged after twice that. */
export const IDEMPOTENCY_TTL_MS = 48 * 60 * 60 * 1000;

interface AnswerRow {
  fingerprint: string;
  status: number;
  body: string;
  headers: string;
}

interface KeyRow {
  username: string;
  key: string;
  created_at: bigint;
}

const ROW = '(username, key, fingerprint, status, body, headers, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)';
const INSERT = `INSERT INTO idempotency_keys ${ROW}`;
// ON CONFLICT, unlike INSERT OR REPLACE, is read by both stores (SQLite since 3.24).
const INSERT_OR_REPLACE = `${INSERT} ON CONFLICT (username, key) DO UPDATE SET fingerprint = excluded.fingerprint, status = excluded.status,
  body = excluded.body, headers = excluded.headers, created_at = excluded.created_at`;

/**
 * Stored answers per (username, key) in the console store, plus the requests still running in this
 * process. A key has at most one owner at a time: a concurrent duplicate waits for the
 * owner to finish, then finds its stored answer, so two racing tabs never apply twice.
 *
 * Every stored key is also indexed in memory (loaded on open), so a new key, the usual
 * case, needs no query; only a known key reads its answer. The index is added to before
 * the row is written, so it may name a key whose write then failed (the read finds
 * nothing and the request runs), but never misses a stored one. One process serves a data
 * directory (the server runs alone on it), so no other writer can add keys behind its back.
 */
export class IdempotencyStore {
  private readonly running = new Map<string, Promise<void>>();

  private constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    /** idOf(username, key) → created_at of every stored key. */
    private readonly stored: Map<string, number>,
  ) {}

  static async open(store: Store, clock: Clock): Promise<IdempotencyStore> {
    const rows = await store.all<KeyRow>('SELECT username, key, created_at FROM idempotency_keys');
    return new IdempotencyStore(store, clock, new Map(rows.map((row) => [idOf(row.username, row.key), Number(row.created_at)])));
  }

  async claim(username: string, key: string): Promise<Claim> {
    const id = idOf(username, key);
    for (let pending = this.running.get(id); pending; pending = this.running.get(id)) await pending;
    // Taken synchronously after the check, so no other request can slip in between.
    let release!: () => void;
    const done = new Promise<void>((resolve) => (release = resolve));
    this.running.set(id, done);
    const releaseOnce = () => {
      if (this.running.get(id) === done) this.running.delete(id);
      release();
    };
    if (!this.stored.has(id)) return { kind: 'owner', release: releaseOnce };
    try {
      const answer = await this.find(username, key);
      if (!answer) return { kind: 'owner', release: releaseOnce };
      releaseOnce();
      return { kind: 'stored', answer };
    } catch (error) {
      releaseOnce();
      throw error;
    }
  }

  /**
   * Only the owner of a claim saves, so the key is new (no ON CONFLICT: it costs ~3 ms).
   * Pass the transaction of the write the answer belongs to, so both commit together.
   */
  async save(username: string, key: string, answer: StoredAnswer, db: Queryable = this.store): Promise<void> {
    const createdAt = this.clock();
    this.stored.set(idOf(username, key), createdAt);
    await db.run(INSERT, rowOf(username, key, answer, createdAt));
  }

  /** Stores the answer whether or not a row for the key exists (rarely needed). */
  async replace(username: string, key: string, answer: StoredAnswer): Promise<void> {
    const createdAt = this.clock();
    this.stored.set(idOf(username, key), createdAt);
    await this.store.run(INSERT_OR_REPLACE, rowOf(username, key, answer, createdAt));
  }

  async purgeExpired(): Promise<void> {
    const cutoff = this.clock() - IDEMPOTENCY_TTL_MS;
    await this.store.run('DELETE FROM idempotency_keys WHERE created_at <= $1', [cutoff]);
    for (const [id, createdAt] of this.stored) if (createdAt <= cutoff) this.stored.delete(id);
  }

  private async find(username: string, key: string): Promise<StoredAnswer | null> {
    const rows = await this.store.all<AnswerRow>(
      'SELECT fingerprint, status, body, CAST(headers AS VARCHAR) AS headers FROM idempotency_keys WHERE username = $1 AND key = $2',
      [username, key],
    );
    if (rows.length === 0) return null;
    const [row] = rows;
    return { fingerprint: row.fingerprint, status: Number(row.status), body: row.body, headers: JSON.parse(row.headers) };
  }
}

function idOf(username: string, key: string): string {
  return `${username}\n${key}`;
}

function rowOf(username: string, key: string, answer: StoredAnswer, createdAt: number): SqlValue[] {
  return [username, key, answer.fingerprint, answer.status, answer.body, JSON.stringify(answer.headers), createdAt];
}
