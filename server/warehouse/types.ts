import type { JsonRows } from './jsonRows';

/**
 * The embedded demo warehouse the BI (Superset-compatible) API runs SQL on: its own DuckDB
 * instance, apart from the console's metadata store. A Superset "database" is one DuckDB
 * catalog (an attached database file) here.
 */

export interface WarehouseDatabase {
  /** Superset's database id (1, 2, ...), stable across restarts. */
  id: number;
  /** Superset's database_name, e.g. "lakehouse". */
  name: string;
  /** The DuckDB catalog (attached database) it maps to. */
  catalog: string;
  /** Superset's allow_dml: SQL Lab may create, change and drop tables there (the sandbox only). */
  allowDml: boolean;
}

export interface WarehouseTable {
  name: string;
  type: 'table' | 'view';
  comment: string | null;
}

export interface WarehouseColumn {
  name: string;
  /** DuckDB type name as DuckDB spells it (VARCHAR, DECIMAL(18,2), TIMESTAMP, ...). */
  type: string;
  comment: string | null;
}

export interface QueryResult {
  columns: { name: string; type: string }[];
  /** The rows (at most the limit) as the API's JSON array. */
  rows: JsonRows;
  /** True when the statement produced more rows than the limit (only `limit` rows are returned). */
  limited: boolean;
  /** The byte cap when the rows' JSON reached it (the rows that fit are returned); null otherwise. */
  truncatedAtBytes: number | null;
}

export interface ExecuteRequest {
  databaseId: number;
  /** Default schema for unqualified names (null: the catalog's main schema). */
  schema: string | null;
  sql: string;
  /** At most this many rows of the last statement are returned. */
  limit: number;
  /** Lets cancel() find the running query (Superset's client_id). */
  queryId: string;
  /**
   * Awaited once the connection is ready, before any statement runs: when it rejects, nothing
   * runs and execute() rejects with its error (the caller's last check, overlapping the setup).
   */
  gate?: Promise<void>;
}

export interface Estimate {
  /** Estimated output rows of the plan's root (EXPLAIN's cardinality estimate). */
  outputCount: number;
  /** A relative cost: the sum of the estimated cardinalities of every operator in the plan. */
  cpuCost: number;
  /** Estimated output size in bytes (rows × estimated row width). */
  outputSize: number;
}

/** A SQL error from DuckDB (bad SQL, unknown table, ...): the caller's fault, shown as 4xx. */
export class WarehouseSqlError extends Error {
  override readonly name = 'WarehouseSqlError';
}

/**
 * The warehouse cannot answer at all (its seed failed, or it is closed): the server's fault,
 * shown as 5xx. Every Warehouse method that awaits the warehouse may throw it.
 */
export class WarehouseUnavailableError extends Error {
  override readonly name = 'WarehouseUnavailableError';
}

/** The query was interrupted by cancel(). */
export class QueryCancelledError extends Error {
  override readonly name = 'QueryCancelledError';
  constructor(readonly queryId: string) {
    super('Query was stopped');
  }
}

/** Where the warehouse files of this start came from: already there, copied from the seed cache, or seeded. */
export type SeedSource = 'existing' | 'cache' | 'seeded';

/** How the warehouse became ready. */
export interface WarehouseReady {
  source: SeedSource;
  /** Time spent seeding or copying. */
  ms: number;
}

export interface Warehouse {
  /**
   * Starts preparing the files (seed or copy) in the background, if no call has; resolves when
   * the warehouse answers, rejects with WarehouseUnavailableError when it cannot.
   */
  prepare(): Promise<WarehouseReady>;
  /** The databases, ordered by id. */
  databases(): WarehouseDatabase[];
  database(id: number): WarehouseDatabase | null;
  /** Schema names of a database, sorted; null when the database does not exist. */
  schemas(databaseId: number): Promise<string[] | null>;
  /** Tables and views of a schema, sorted by name; null when the database or schema does not exist. */
  tables(databaseId: number, schema: string): Promise<WarehouseTable[] | null>;
  /** One table with its columns in ordinal order; null when it does not exist. */
  table(databaseId: number, schema: string, table: string): Promise<(WarehouseTable & { columns: WarehouseColumn[]; rowCount: number | null }) | null>;
  /** Tables whose name contains `text` (case-insensitive), across every database, at most `limit`. */
  searchTables(text: string, limit: number): Promise<{ databaseId: number; schema: string; table: WarehouseTable }[]>;
  /** Columns whose name contains `text` (case-insensitive), with their tables, across every database, at most `limit`. */
  searchColumns(text: string, limit: number): Promise<{ databaseId: number; schema: string; table: WarehouseTable; column: WarehouseColumn }[]>;
  /**
   * Runs the statements of `sql` in order on a connection of its own and returns the last
   * statement's result. Throws WarehouseSqlError for SQL errors, QueryCancelledError after cancel().
   */
  execute(request: ExecuteRequest): Promise<QueryResult>;
  /** Interrupts the running query with this id; false when none runs. */
  cancel(queryId: string): boolean;
  /** DuckDB's plan estimates for the last statement of `sql` (throws WarehouseSqlError on bad SQL). */
  estimate(request: Omit<ExecuteRequest, 'limit' | 'queryId'>): Promise<Estimate>;
  close(): Promise<void>;
}
