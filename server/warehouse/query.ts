import type { DuckDBConnection, DuckDBPreparedStatement, DuckDBResult, StatementType } from '@duckdb/node-api';
import { typeName } from './cells';
import { planEstimate } from './estimate';
import { qualified } from './sql';
import { JsonRowsWriter } from './jsonRows';
import { extractStatements, lastStatementText } from './statements';
import { QueryCancelledError, type Estimate, type QueryResult } from './types';

/** What cancel() flips for a running query; checked between statements and chunks. */
export interface QueryControl {
  queryId: string;
  cancelled: boolean;
}

/** Sets the connection's default catalog and schema (quoted, so any name is safe). */
export async function useSchema(connection: DuckDBConnection, catalog: string, schema: string): Promise<void> {
  await connection.run(`USE ${qualified(catalog, schema)}`);
}

/** How much of the last statement's result is read: rows, and bytes of its JSON. */
export interface ResultLimits {
  rows: number;
  maxBytes: number;
}

/**
 * Runs the statements of `sql` in order and returns the last one's rows, at most `limits`.
 * Every statement streams: earlier ones are drained chunk by chunk (never held in memory),
 * and the last is read only until it has shown one row more than the limit or filled the cap.
 */
export async function runStatements(
  connection: DuckDBConnection,
  sql: string,
  limits: ResultLimits,
  control: QueryControl,
  guard: StatementGuard = UNGUARDED,
): Promise<QueryResult> {
  try {
    const result = await runEach(connection, sql, limits, control, guard);
    await guard.finish();
    return result;
  } catch (error) {
    await guard.abort();
    throw error;
  }
}

/** What a run's statements must pass (see statementPolicy), and what it does with their writes. */
export interface StatementGuard {
  /** With DuckDB's type of each prepared statement, just before it runs: throws to refuse it. */
  before(type: StatementType): Promise<void>;
  /** Once the last statement's rows are read: keeps what the run wrote, or throws. */
  finish(): Promise<void>;
  /** After a failure: undoes what the run wrote; never throws. */
  abort(): Promise<void>;
}

const UNGUARDED: StatementGuard = { before: async () => undefined, finish: async () => undefined, abort: async () => undefined };

async function runEach(connection: DuckDBConnection, sql: string, limits: ResultLimits, control: QueryControl, guard: StatementGuard): Promise<QueryResult> {
  const statements = await extractStatements(connection, sql);
  for (let index = 0; ; index++) {
    throwIfCancelled(control);
    const prepared = await statements.prepare(index);
    try {
      await guard.before(prepared.statementType);
      // The guard may have waited for the sandbox: a stop meanwhile must still count.
      throwIfCancelled(control);
      const result = await prepared.stream();
      if (index === statements.count - 1) return await readResult(result, limits, control);
      await drain(result, control);
    } finally {
      prepared.destroySync();
    }
  }
}

/** Reads rows until the limit (plus one, to know it was reached) or the byte cap; nothing after. */
async function readResult(result: DuckDBResult, limits: ResultLimits, control: QueryControl): Promise<QueryResult> {
  const names = result.deduplicatedColumnNames();
  const types = result.columnTypes();
  const columns = names.map((name, index) => ({ name, type: typeName(types[index]) }));
  const rows = new JsonRowsWriter(names, types, limits.maxBytes);
  let limited = false;
  while (!limited && !rows.truncated) {
    throwIfCancelled(control);
    const chunk = await result.fetchChunk();
    if (!chunk || chunk.rowCount === 0) break;
    const room = limits.rows - rows.count;
    rows.append(chunk, room);
    limited = chunk.rowCount > room;
  }
  return { columns, rows: rows.finish(), limited, truncatedAtBytes: rows.truncated ? limits.maxBytes : null };
}

async function drain(result: DuckDBResult, control: QueryControl): Promise<void> {
  for (;;) {
    throwIfCancelled(control);
    const chunk = await result.fetchChunk();
    if (!chunk || chunk.rowCount === 0) return;
  }
}

/** EXPLAIN (FORMAT JSON) of the last statement, which is only planned, never run. */
export async function estimateStatements(connection: DuckDBConnection, sql: string): Promise<Estimate> {
  const statements = await extractStatements(connection, sql);
  const last = await lastStatementText(connection, sql, statements.count);
  const statement = await connection.prepare(last);
  const explain = await prepareExplain(connection, last).catch((error: unknown) => {
    statement.destroySync();
    throw error;
  });
  try {
    const plan = (await (await explain.run()).getRowObjectsJS()) as { explain_value: string }[];
    const types = Array.from({ length: statement.columnCount }, (_, index) => statement.columnType(index));
    return planEstimate(plan[0]?.explain_value ?? '[]', types, await topLevelLimit(connection, last));
  } finally {
    statement.destroySync();
    explain.destroySync();
  }
}

/**
 * The constant LIMIT of the statement itself, from DuckDB's own parse (json_serialize_sql): plans
 * do not always carry it (a streaming limit under a late-materialization join has no number).
 */
async function topLevelLimit(connection: DuckDBConnection, statement: string): Promise<number | null> {
  const reader = await connection.runAndReadAll('SELECT json_serialize_sql($1::VARCHAR) AS ast', [statement]);
  const ast = JSON.parse(String(reader.getRowObjectsJS()[0]?.ast ?? '{}')) as SerializedSql;
  const modifier = ast.statements?.[0]?.node?.modifiers?.find((m) => m.type === 'LIMIT_MODIFIER');
  const value = modifier?.limit?.class === 'CONSTANT' ? Number(modifier.limit.value?.value) : NaN;
  return Number.isFinite(value) && value >= 0 ? value : null;
}

interface SerializedSql {
  statements?: { node?: { modifiers?: { type: string; limit?: { class: string; value?: { value?: unknown } } | null }[] } }[];
}

/** Prepared (not run) so that text which would hide a second statement is refused. */
function prepareExplain(connection: DuckDBConnection, statement: string): Promise<DuckDBPreparedStatement> {
  return connection.prepare(`EXPLAIN (FORMAT JSON) ${statement}`);
}

function throwIfCancelled(control: QueryControl): void {
  if (control.cancelled) throw new QueryCancelledError(control.queryId);
}
