import type { DuckDBConnection } from '@duckdb/node-api';
import type { StatementGuard } from './query';
import type { SandboxQuota, SandboxWrite } from './sandbox';
import { classOfType, refusal } from './statementPolicy';
import { WarehouseSqlError, type WarehouseDatabase } from './types';

/**
 * The guard of one run on `database`: DuckDB's own type of each statement is checked against the
 * statement policy before it runs, and on the sandbox (`quota` given) the run's first write
 * begins the transaction its writes are measured and committed in.
 */
export function runGuard(database: WarehouseDatabase, connection: DuckDBConnection, quota: SandboxQuota | null): StatementGuard {
  let write: SandboxWrite | null = null;
  return {
    async before(type) {
      const verdict = classOfType(type);
      const message = refusal(verdict, database);
      if (message) throw new WarehouseSqlError(message);
      if (verdict.kind === 'write' && quota && !write) write = await quota.begin(connection);
    },
    finish: async () => {
      await write?.commit();
    },
    abort: async () => {
      await write?.abort();
    },
  };
}
