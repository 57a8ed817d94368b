import type { AuditEntry } from '../../contracts/workspace';
import type { Queryable } from '../store/db';

export type { AuditEntry };


export type NewAuditEntry = Omit<AuditEntry, 'seq' | 'at'> & { at: number };

interface Row {
  seq: bigint;
  key: string | null;
  method: string;
  route: string;
  path: string;
  status: number;
  username: string;
  applied_at: bigint;
}

/**
 * The log of applied workspace writes, appended in the same transaction as the write
 * itself, so it lists each applied write exactly once and in the order it was applied.
 * Idempotent replays never reach a handler, so they never add a row.
 */
export const auditLog = {
  async append(db: Queryable, entry: NewAuditEntry): Promise<void> {
    await db.run(
      'INSERT INTO workspace_audit (key, method, route, path, status, username, applied_at) VALUES ($1, $2, $3, $4, $5, $6, $7)',
      [entry.key, entry.method, entry.route, entry.path, entry.status, entry.username, entry.at],
    );
  },

  async page(db: Queryable, limit: number, offset: number): Promise<{ items: AuditEntry[]; count: number }> {
    const rows = await db.all<Row>('SELECT * FROM workspace_audit ORDER BY seq LIMIT $1 OFFSET $2', [limit, offset]);
    const [{ count }] = await db.all<{ count: bigint }>('SELECT count(*) AS count FROM workspace_audit');
    return { items: rows.map(fromRow), count: Number(count) };
  },
};

function fromRow(row: Row): AuditEntry {
  return {
    seq: Number(row.seq),
    key: row.key,
    method: row.method,
    route: row.route,
    path: row.path,
    status: Number(row.status),
    username: row.username,
    at: new Date(Number(row.applied_at)).toISOString(),
  };
}
