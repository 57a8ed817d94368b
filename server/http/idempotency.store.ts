import type { Clock } from '../auth/clock';
import type { Store } from '../store/db';

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

/**
 * Stored answers per (username, key) in DuckDB, plus the requests still running in this
 * process. A key has at most one owner at a time: a concurrent duplicate waits for the
 * owner to finish, then finds its stored answer, so two racing tabs never apply twice.
 */
export class IdempotencyStore {
  private readonly running = new Map<string, Promise<void>>();

  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
  ) {}

  async claim(username: string, key: string): Promise<Claim> {
    const id = `${username}\n${key}`;
    for (let pending = this.running.get(id); pending; pending = this.running.get(id)) await pending;
    // Taken synchronously after the check, so no other request can slip in between.
    let release!: () => void;
    const done = new Promise<void>((resolve) => (release = resolve));
    this.running.set(id, done);
    const releaseOnce = () => {
      if (this.running.get(id) === done) this.running.delete(id);
      release();
    };
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

  /** Only the owner of a claim saves, so the key is new (no ON CONFLICT: it costs ~3 ms). */
  async save(username: string, key: string, answer: StoredAnswer): Promise<void> {
    await this.store.run(
      `INSERT INTO idempotency_keys (username, key, fingerprint, status, body, headers, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [username, key, answer.fingerprint, answer.status, answer.body, JSON.stringify(answer.headers), this.clock()],
    );
  }

  async purgeExpired(): Promise<void> {
    await this.store.run('DELETE FROM idempotency_keys WHERE created_at <= $1', [this.clock() - IDEMPOTENCY_TTL_MS]);
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
