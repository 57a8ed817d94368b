import { JSDuckDBValueConverter, type DuckDBConnection, type DuckDBMaterializedResult, type DuckDBPreparedStatement } from '@duckdb/node-api';
import { serial } from '../util/serial';
import type { Queryable, SqlParams } from './queryable';
import { LruMap } from './lru';

/** More than the distinct statements the server runs, so a steady state re-prepares none. */
export const STATEMENT_CACHE_SIZE = 200;

/**
 * DuckDB 1.5 plans a prepared statement with the table statistics of the moment, and the
 * plan keeps them: a statement prepared on an empty table returns garbled strings from an
 * ORDER BY later, and a constant filter pruned by min/max stays pruned after new rows
 * arrive (duckdb/duckdb#23704, #24182; fixed upstream by #24696 the same way as here).
 * Without statistics propagation, plans depend only on the schema, which DuckDB checks.
 */
const PLANS_WITHOUT_TABLE_STATISTICS = "SET disabled_optimizers = 'statistics_propagation'";

/**
 * Runs statements on one connection through prepared statements kept per SQL text: a
 * repeated statement skips parsing and planning (about a third of a point query's time).
 * SQL that cannot be prepared as one statement (migrations hold several) runs unprepared.
 * Statements run strictly one at a time, because a prepared statement holds its bound
 * values until it has run: two overlapping calls of one SQL would mix their parameters (or crash the process).
 */
export class StatementCache implements Queryable {
  private readonly statements: LruMap<string, DuckDBPreparedStatement>;
  private readonly oneAtATime = serial();

  private constructor(
    private readonly connection: DuckDBConnection,
    capacity: number,
  ) {
    this.statements = new LruMap(capacity, (statement) => statement.destroySync());
  }

  /** Takes over the connection: from now on, run every statement through the cache. */
  static async open(connection: DuckDBConnection, capacity = STATEMENT_CACHE_SIZE): Promise<StatementCache> {
    await connection.run(PLANS_WITHOUT_TABLE_STATISTICS);
    return new StatementCache(connection, capacity);
  }

  /** Number of prepared statements held. */
  get size(): number {
    return this.statements.size;
  }

  run(sql: string, params?: SqlParams): Promise<void> {
    return this.oneAtATime(async () => {
      const statement = await this.bound(sql, params);
      await (statement ? statement.run() : this.connection.run(sql, params));
    });
  }

  all<T>(sql: string, params?: SqlParams): Promise<T[]> {
    return this.oneAtATime(async () => {
      const statement = await this.bound(sql, params);
      return rowObjectsOf(await (statement ? statement.run() : this.connection.run(sql, params))) as T[];
    });
  }

  /** Frees every prepared statement; call before closing the connection. */
  destroyAll(): void {
    for (const [, statement] of this.statements) statement.destroySync();
    this.statements.clear();
  }

  /** The cached statement with these parameters bound (and no stale ones), or null. */
  private async bound(sql: string, params: SqlParams | undefined): Promise<DuckDBPreparedStatement | null> {
    const statement = await this.prepared(sql);
    if (!statement) return null;
    statement.clearBindings();
    if (params) statement.bind(params);
    return statement;
  }

  private async prepared(sql: string): Promise<DuckDBPreparedStatement | null> {
    const cached = this.statements.get(sql);
    if (cached) return cached;
    try {
      const statement = await this.connection.prepare(sql);
      this.statements.set(sql, statement);
      return statement;
    } catch {
      // Several statements, or SQL that fails: the unprepared run executes or reports it.
      return null;
    }
  }
}

/**
 * The rows as getRowObjectsJS() gives them, read straight from the materialized result:
 * fetching them chunk by chunk would cost an extra thread-pool round trip per chunk.
 */
function rowObjectsOf(result: DuckDBMaterializedResult): Record<string, unknown>[] {
  const names = result.deduplicatedColumnNames();
  const rows: Record<string, unknown>[] = [];
  for (let index = 0; index < result.chunkCount; index++) {
    const chunk = result.getChunk(index);
    for (let row = 0; row < chunk.rowCount; row++) {
      const object: Record<string, unknown> = {};
      chunk.visitRowValues(row, (value, _row, column, type) => {
        object[names[column]] = JSDuckDBValueConverter(value, type, JSDuckDBValueConverter);
      });
      rows.push(object);
    }
  }
  return rows;
}
