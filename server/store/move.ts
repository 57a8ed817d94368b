import { insertRows } from '../workflow/bulk';
import type { Store } from './queryable';

/**
 * The console's tables, parents first, each with its identity column when it has one (ids
 * carry on past the highest ever handed out, as they would have on SQLite).
 */
const TABLES: readonly { name: string; identity?: string }[] = [
  { name: 'users' },
  { name: 'sessions' },
  { name: 'token_families' },
  { name: 'idempotency_keys' },
  { name: 'workspace_items' },
  { name: 'workspace_audit', identity: 'seq' },
  { name: 'bi_queries', identity: 'id' },
  { name: 'bi_saved_queries', identity: 'id' },
  { name: 'bi_saved_query_favorites' },
  { name: 'wf_dags' },
  { name: 'wf_dag_runs', identity: 'rowid' },
  { name: 'wf_task_instances' },
  { name: 'wf_task_tries' },
  { name: 'wf_xcoms' },
  { name: 'wf_event_logs', identity: 'id' },
  { name: 'wf_logs' },
];

export type MoveCounts = Record<string, number>;

/**
 * Copies every row of a SQLite store into an empty PostgreSQL store in one transaction (all or
 * nothing) and answers the rows moved per table. A target holding any row is refused untouched.
 */
export async function moveStore(from: Store, to: Store): Promise<MoveCounts> {
  if (from.dialect !== 'sqlite' || to.dialect !== 'postgres') throw new Error('store:move copies a SQLite store into a PostgreSQL one');
  for (const { name } of TABLES) {
    const [{ n }] = await to.all<{ n: number }>(`SELECT count(*) AS n FROM ${name}`);
    if (n > 0) throw new Error(`The target store is not empty (${name} has ${n} rows): store:move only fills an empty one`);
  }
  const counts: MoveCounts = {};
  await to.transaction(async (tx) => {
    for (const { name, identity } of TABLES) {
      // SQLite's implicit rowid is wf_dag_runs' order; PostgreSQL keeps it in a column of that name.
      const rows = await from.all<Record<string, unknown>>(`SELECT ${identity === 'rowid' ? 'rowid AS rowid, ' : ''}* FROM ${name}`);
      if (rows.length) await insertRows(tx, name, Object.keys(rows[0]), rows);
      if (identity) await tx.all(`SELECT setval(pg_get_serial_sequence($1, $2), $3, false)`, [name, identity, (await highestId(from, name, identity)) + 1]);
      counts[name] = rows.length;
    }
  });
  return counts;
}

/** AUTOINCREMENT's high-water mark (sqlite_sequence) is above max() when the last rows were deleted. */
async function highestId(from: Store, table: string, column: string): Promise<number> {
  const [{ top }] = await from.all<{ top: number | null }>(`SELECT max(${column}) AS top FROM ${table}`);
  const sequence = await from.all<{ seq: number }>('SELECT seq FROM sqlite_sequence WHERE name = $1', [table]);
  return Math.max(top ?? 0, sequence[0]?.seq ?? 0);
}
