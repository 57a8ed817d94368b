import type { Cell, ResultColumn } from '../../contracts/bi';

/** Where a SQL run goes (a database and schema) and its runId for stopping it. */
export interface SqlRunOptions {
  runId?: string;
  databaseId?: number;
  schema?: string;
}

export type SqlOutcome = { ok: true; columns: ResultColumn[]; rows: Record<string, Cell>[]; note: string | null } | { ok: false; message: string };

/**
 * The warehouse as another domain runs SQL on it for a user (notebook SQL cells, a kernel's
 * sql()): the kernels depend on this port, app.ts hands them SQL Lab's implementation.
 */
export interface WarehouseSqlPort {
  /** Runs `sql` as `username`; a refused or failed statement is an outcome, not a throw. */
  run(username: string, sql: string, options?: SqlRunOptions): Promise<SqlOutcome>;
  /** Stops a run by its runId; false when there is no such run (a finished one is left as it is). */
  stop(username: string, admin: boolean, runId: string): Promise<boolean>;
}
