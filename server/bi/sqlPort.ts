import { NOTEBOOK_DATABASE_ID } from '../../contracts/kernels';
import type { UserStore } from '../auth/users';
import type { SqlOutcome, SqlRunOptions, WarehouseSqlPort } from '../warehouse/sqlPort';
import { runnerFor } from './context';
import { BiHttpError } from './errors';
import type { SqlLabExecutor } from './executor';

/**
 * The warehouse SQL port through SQL Lab's executor, so notebook SQL has SQL Lab's limits,
 * timeout, statement policy, history entry and stop (by runId, SQL Lab's client_id).
 */
export function sqlLabPort(executor: SqlLabExecutor, users: Pick<UserStore, 'find'>): WarehouseSqlPort {
  return {
    async run(username, sql, { runId, databaseId = NOTEBOOK_DATABASE_ID, schema }: SqlRunOptions = {}): Promise<SqlOutcome> {
      const record = await users.find(username);
      const runner = await runnerFor(users, { username, admin: record?.role === 'admin' });
      try {
        const outcome = await executor.execute(runner, { database_id: databaseId, sql, ...(schema ? { schema } : {}), ...(runId ? { client_id: runId } : {}) });
        if (outcome.status !== 200) return { ok: false, message: outcome.body.message };
        const { body } = outcome;
        return { ok: true, columns: body.columns, rows: body.data.values(), note: body.truncated ? (body.truncated_reason ?? 'Result truncated') : null };
      } catch (error) {
        if (error instanceof BiHttpError) return { ok: false, message: error.body.message };
        throw error;
      }
    },
    async stop(username, admin, runId) {
      try {
        await executor.stop({ username, admin }, runId);
        return true;
      } catch (error) {
        if (error instanceof BiHttpError && error.statusCode === 404) return false;
        throw error;
      }
    },
  };
}
