import type { DuckDBConnection, DuckDBExtractedStatements } from '@duckdb/node-api';
import { WarehouseSqlError } from './types';

const EXTRACT_PREFIX = 'Failed to extract statements: ';

/** The statements of `sql`, split by DuckDB's parser; WarehouseSqlError on a parse error or no statement. */
export async function extractStatements(connection: DuckDBConnection, sql: string): Promise<DuckDBExtractedStatements> {
  try {
    return await connection.extractStatements(sql);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // node-api reports "no statement" by failing to read an error message that does not exist.
    if (!message.startsWith(EXTRACT_PREFIX)) throw new WarehouseSqlError('No SQL statement to run');
    throw new WarehouseSqlError(message.slice(EXTRACT_PREFIX.length));
  }
}

/** How many statements `sql` holds, or -1 when DuckDB cannot parse it. */
async function statementCount(connection: DuckDBConnection, sql: string): Promise<number> {
  try {
    return (await extractStatements(connection, sql)).count;
  } catch (error) {
    if (error instanceof WarehouseSqlError && error.message === 'No SQL statement to run') return 0;
    return -1;
  }
}

/**
 * The text of the last of the `count` statements of `sql` (node-api gives prepared statements,
 * not their text). The split is the rightmost `;` after which DuckDB parses exactly one
 * statement and before which exactly count - 1: a `;` inside a string or comment fails that test.
 */
export async function lastStatementText(connection: DuckDBConnection, sql: string, count: number): Promise<string> {
  if (count <= 1) return sql;
  for (let end = sql.lastIndexOf(';'); end >= 0; end = end === 0 ? -1 : sql.lastIndexOf(';', end - 1)) {
    const tail = sql.slice(end + 1);
    if ((await statementCount(connection, tail)) !== 1) continue;
    if ((await statementCount(connection, sql.slice(0, end + 1))) === count - 1) return tail.trim();
  }
  // Unreachable for SQL DuckDB split into `count` statements; report it rather than guess.
  throw new WarehouseSqlError('Could not find the last statement of the SQL');
}
