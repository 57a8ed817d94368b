/**
 * The BI (Superset-compatible SQL Lab) API's shapes, mounted at /api/bi (Superset's /api/v1/x
 * is /api/bi/v1/x here), shared by the console server and the client. Field names follow
 * Superset's OpenAPI spec (../shared/contracts/superset-openapi.json) and its SQL Lab where the spec is silent.
 */

/** A result cell as JSON carries it: BIGINT past 2^53 and HUGEINT as strings, dates and times as ISO text. */
export type Cell = string | number | boolean | null | Cell[] | { [key: string]: Cell };

/** A result column (Superset's SQL Lab result column). */
export interface ResultColumn {
  /** Superset's column_name and name (the same here). */
  column_name: string;
  name: string;
  /** DuckDB's type name (VARCHAR, BIGINT, DECIMAL(18,2), TIMESTAMP, ...). */
  type: string;
  is_dttm: boolean;
  /** Superset's GenericDataType: 0 numeric, 1 string, 2 temporal, 3 boolean. */
  type_generic?: 0 | 1 | 2 | 3;
}

/** POST /api/bi/v1/sqllab/execute/ body (Superset's ExecutePayloadSchema). */
export interface ExecuteBody {
  database_id: number;
  /** One or more statements; they run in order and the last one's rows are answered. */
  sql: string;
  /** 1 to 11 characters (Superset's column size), new for each run; the server makes one up when absent. */
  client_id?: string;
  sql_editor_id?: string | null;
  tab?: string | null;
  schema?: string | null;
  catalog?: string | null;
  /** The databases do not run async (allow_run_async false), so like Superset the run is synchronous. */
  runAsync?: boolean;
  /** CTAS is not enabled on these databases: true answers 400. */
  select_as_cta?: boolean;
  ctas_method?: 'TABLE' | 'VIEW';
  tmp_table_name?: string | null;
  /** Accepted and ignored: Jinja templating is off (Superset's ENABLE_TEMPLATE_PROCESSING default). */
  templateParams?: string | null;
  /** A positive integer; DEFAULT_QUERY_LIMIT when absent or null; above MAX_QUERY_LIMIT it is lowered to it. */
  queryLimit?: number | null;
  expand_data?: boolean;
}

/** The query an execute answer describes (a subset of Superset's QueryResult). */
export interface ExecutedQuery {
  /** The client_id the caller sent (or one the server made up). */
  id: string;
  queryId: number;
  dbId: number;
  sql: string;
  executedSql: string;
  schema: string | null;
  catalog: string | null;
  tab: string | null;
  sqlEditorId: string | null;
  /** Milliseconds since the epoch, as Superset sends them (floats). */
  startDttm: number;
  endDttm: number;
  state: QueryStatus;
  rows: number;
  limit: number;
  /** DROPDOWN when the result was cut at queryLimit, NOT_LIMITED otherwise. */
  limitingFactor: 'QUERY' | 'DROPDOWN' | 'NOT_LIMITED';
  /** The database's name. */
  db?: string;
  errorMessage?: string | null;
  /** 100 once finished, 0 while running. */
  progress?: number;
  userId?: number;
  user?: string;
  ctas?: false;
  /** ISO 8601 text. */
  changed_on?: string;
  sql_tables?: SqlTable[];
}

/** POST /api/bi/v1/sqllab/execute/ answer (synchronous run). */
export interface ExecuteResponse {
  status: 'success';
  query_id: number;
  columns: ResultColumn[];
  selected_columns: ResultColumn[];
  expanded_columns: ResultColumn[];
  data: Record<string, Cell>[];
  query: ExecutedQuery;
  /**
   * Our extension: true when the rows' JSON reached the server's byte cap (CONSOLE_RESULT_MAX_MB)
   * and only the rows that fit are in data. Absent in answers stored before it existed.
   */
  truncated?: boolean;
  /** With truncated: why, e.g. "Result truncated at 64 MB". */
  truncated_reason?: string;
}

/** A failed call: Superset's error shape (SQL errors carry DuckDB's text in error and message). */
export interface BiError {
  message: string;
  error?: string;
  errors?: { message: string; error_type: string; level: 'error' | 'warning' | 'info'; extra?: Record<string, unknown> }[];
}

// ---------------------------------------------------------------------------------------------
// Everything below extends the shapes above for the rest of the SQL Lab API. Times are
// milliseconds since the epoch (numbers) unless a field says ISO text.

/** The header that carries the token of GET /v1/security/csrf_token/ on mutating calls. */
export const CSRF_HEADER_NAME = 'X-CSRFToken';
/** queryLimit when the execute body has none. */
export const DEFAULT_QUERY_LIMIT = 1000;
/** The most rows an execute answers; a larger queryLimit is lowered to this (like Superset's SQL_MAX_ROW). */
export const MAX_QUERY_LIMIT = 100_000;
/** page_size of list endpoints when q has none, and the largest accepted (larger ones are lowered). */
export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 100;

/** A query's lifecycle in the history: running, then one of the others. */
export type QueryStatus = 'running' | 'success' | 'failed' | 'stopped' | 'timed_out';

/** Superset's error_type values the BI API sends. */
export type BiErrorType =
  | 'GENERIC_DB_ENGINE_ERROR'
  | 'SYNTAX_ERROR'
  | 'TABLE_DOES_NOT_EXIST_ERROR'
  | 'COLUMN_DOES_NOT_EXIST_ERROR'
  | 'SCHEMA_DOES_NOT_EXIST_ERROR'
  | 'DATABASE_NOT_FOUND_ERROR'
  | 'SQLLAB_TIMEOUT_ERROR'
  | 'INVALID_CTAS_QUERY_ERROR'
  | 'DML_NOT_ALLOWED_ERROR';

/** A table a statement reads, as DuckDB's parser sees it (schema/catalog null when unqualified). */
export interface SqlTable {
  table: string;
  schema: string | null;
  catalog: string | null;
}

export interface DatabaseRef {
  id: number;
  database_name: string;
}

export interface UserRef {
  id: number;
  username: string;
  first_name: string;
  last_name: string;
}

/** `{message}` answers (deletes, and every error). */
export interface MessageResponse {
  message: string;
}

/** POST/DELETE answers that only say it worked (stop, favourites). */
export interface OkResponse {
  result: 'OK';
}

// ---- list endpoints: the rison `q` parameter (Flask-AppBuilder's get_list) ----

/**
 * A filter of a list's `q`. Operators: eq, neq, ct (contains, case-insensitive), nct, sw (starts
 * with), ew (ends with), gt, lt, in (value is a list), between (value is [from, to]), rel_o_m (a
 * related item's id), and Superset's all_text (saved queries: label, description or sql contain)
 * and saved_query_is_fav (value !t or !f). Each list says which columns take which operators.
 */
export interface ListFilter {
  col: string;
  opr: string;
  value: string | number | boolean | (string | number | boolean)[];
}

/** Rison-encode this (e.g. with the `rison` package) as `?q=`; page is 0-based. */
export interface ListArgs {
  filters?: ListFilter[];
  order_column?: string;
  order_direction?: 'asc' | 'desc';
  page?: number;
  page_size?: number;
}

/** A page of a list: `count` is the total over all pages; `ids` the ids of this page's items. */
export interface ListResponse<T> {
  count: number;
  ids: number[];
  result: T[];
}

/** GET one item: `{id, result}`. */
export interface ItemResponse<T> {
  id: number;
  result: T;
}

/** GET /v1/query/related/{database|user}: value is the id, text the display name. */
export interface RelatedResponse {
  count: number;
  result: { value: number; text: string; extra?: Record<string, unknown> }[];
}

/** GET /v1/query/distinct/status. */
export interface DistinctResponse {
  count: number;
  result: { value: string; text: string }[];
}
