import type { BiError, DatabaseRef, ExecutedQuery, QueryStatus, SqlTable, UserRef } from './bi';
import type { BiDatabase } from './biCatalog';

/** The BI API's SQL Lab calls beyond execute (estimate, format, bootstrap), its query history and saved queries. */

/** A failed, stopped or timed-out execute (400, 400, 408): the query as the history has it. */
export interface ExecuteErrorResponse extends BiError {
  status: 'failed' | 'stopped' | 'timed_out';
  query: ExecutedQuery;
}

/** POST /v1/sqllab/estimate/ body (Superset's EstimateQueryCostSchema). */
export interface EstimateBody {
  database_id: number;
  sql: string;
  schema?: string | null;
  catalog?: string | null;
  template_params?: Record<string, unknown> | null;
}

/** DuckDB's plan estimate of the last statement. */
export interface DuckDbCostEstimate {
  'Output count': number;
  'CPU cost': number;
  'Output size': number;
}

/** One statement's estimate: the embedded DuckDB's three figures, or what another engine's spec gives under its own names (PostgreSQL: Start-up cost, Total cost). */
export type QueryCostEstimate = DuckDbCostEstimate | Record<string, string | number>;

/** POST /v1/sqllab/estimate/ answer: one entry (the last statement). */
export interface EstimateResponse {
  result: QueryCostEstimate[];
}

/** POST /v1/sqllab/format_sql/ (and its alias format_query/) body. */
export interface FormatSqlBody {
  sql: string;
  /** Superset engine name (postgresql, mysql, trino, ...); duckdb when absent or unknown to us. */
  engine?: string | null;
  database_id?: number | null;
}

export interface FormatSqlResponse {
  result: string;
}

/** GET /v1/sqllab/: tab state lives in the client, so there are no tabs or queries here. */
export interface SqlLabBootstrapResponse {
  result: {
    active_tab: null;
    databases: Record<string, BiDatabase>;
    queries: Record<string, ExecutedQuery>;
    tab_state_ids: string[];
    user_id: number;
    common: { conf: { DEFAULT_SQLLAB_LIMIT: number; SQL_MAX_ROW: number; DISPLAY_MAX_ROW: number; SQLLAB_TIMEOUT: number } };
  };
}

// ---- query history ----

export interface StopQueryBody {
  client_id: string;
}

/** An item of GET /v1/query/ (Superset's QueryRestApi.get_list, plus client_id and the ids). */
export interface QueryHistoryItem {
  id: number;
  client_id: string;
  changed_on: string;
  database: DatabaseRef;
  executed_sql: string | null;
  rows: number | null;
  schema: string | null;
  catalog: string | null;
  sql: string;
  sql_tables: SqlTable[];
  status: QueryStatus;
  tab_name: string | null;
  sql_editor_id: string | null;
  user: UserRef;
  start_time: number;
  end_time: number | null;
  limit: number;
  error_message: string | null;
  tmp_table_name: null;
  tracking_url: null;
}

/** GET /v1/query/{id} (Superset's QueryRestApi.get, plus the list's fields). */
export interface QueryHistoryDetail extends QueryHistoryItem {
  progress: number;
  results_key: null;
  select_as_cta: false;
  select_as_cta_used: false;
  select_sql: null;
  start_running_time: number;
  end_result_backend_time: null;
  tmp_schema_name: null;
}

/** GET /v1/query/updated_since?q=(last_updated_ms:n): the caller's queries changed since then. */
export interface UpdatedSinceResponse {
  result: ExecutedQuery[];
}

// ---- saved queries ----

/** POST /v1/saved_query/ body; PUT takes any subset. label and sql must not be empty. */
export interface SavedQueryBody {
  db_id: number;
  label: string;
  sql: string;
  schema?: string | null;
  catalog?: string | null;
  description?: string | null;
  template_parameters?: string | null;
  extra_json?: string | null;
}

/** The fields POST and PUT answer in `result` (Superset's SavedQueryRestApi.post). */
export interface SavedQueryFields {
  db_id: number;
  label: string;
  sql: string;
  schema: string | null;
  catalog: string | null;
  description: string | null;
  template_parameters: string | null;
  extra_json: string | null;
}

/** POST (201) and PUT (200) answers. */
export interface SavedQueryWriteResponse {
  id: number;
  result: SavedQueryFields;
}

/** An item of GET /v1/saved_query/ and the result of GET /v1/saved_query/{id}. */
export interface SavedQuery extends SavedQueryFields {
  id: number;
  database: DatabaseRef;
  sql_tables: SqlTable[];
  /** ISO 8601 text. */
  created_on: string;
  changed_on: string;
  changed_on_delta_humanized: string;
  created_by: Omit<UserRef, 'username'>;
  changed_by: Omit<UserRef, 'username'>;
  /** Rows and time of the last run of the same SQL on the same database by the owner, if any. */
  rows: number | null;
  last_run_delta_humanized: string | null;
}

/** GET /v1/saved_query/favorite_status/?q=!(1,2). */
export interface FavoriteStatusResponse {
  result: { id: number; value: boolean }[];
}
