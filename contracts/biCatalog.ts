import type { Cell, ResultColumn } from './bi';

/** The BI API's databases and tables (GET /api/bi/v1/database/...): the catalog SQL Lab and the catalog browser read. */

/** An item of GET /v1/database/ (and of the SQL Lab bootstrap's databases). */
export interface BiDatabase {
  id: number;
  database_name: string;
  backend: 'duckdb';
  expose_in_sqllab: true;
  allow_run_async: false;
  allow_ctas: false;
  allow_cvas: false;
  /** True for the sandbox only: SQL Lab may create, change and drop tables there (a size quota applies). */
  allow_dml: boolean;
  allow_file_upload: false;
  allow_multi_catalog: false;
  /** False where the engine gives no estimate, or its database's extra leaves cost_estimate_enabled off (Superset). */
  allows_cost_estimate: boolean;
  allows_subquery: true;
  allows_virtual_table_explore: true;
  disable_data_preview: false;
  disable_drill_to_detail: false;
  explore_database_id: number;
  force_ctas_schema: null;
  extra: string;
  engine_information: { supports_file_upload: false; disable_ssh_tunneling: true; supports_dynamic_catalog: false; supports_oauth2: false };
}

/** GET /v1/database/{id}/schemas/ and /catalogs/. */
export interface NamesResponse {
  result: string[];
}

/** `q` of GET /v1/database/{id}/tables/ (schema_name is required). */
export interface TablesArgs {
  schema_name: string;
  catalog_name?: string | null;
  force?: boolean;
}

export interface TableOption {
  /** The table or view name. */
  value: string;
  type: 'table' | 'view';
  /** `comment` when the table has one; Superset answers null when it has none. */
  extra: { comment?: string } | null;
}

export interface TablesResponse {
  count: number;
  result: TableOption[];
}

export interface TableMetadataColumn {
  name: string;
  /** DuckDB's type name; longType is the same text (DuckDB has no shorter form). */
  type: string;
  longType: string;
  comment: string | null;
  keys?: { name: string; type: 'pk' | 'fk' | 'index'; column_names: string[] }[];
}

/** GET /v1/database/{id}/table/{table}/{schema}/ and /table_metadata/?name=&schema=. */
export interface TableMetadata {
  name: string;
  columns: TableMetadataColumn[];
  /** `SELECT "a", "b" FROM "schema"."table" LIMIT 100`, formatted over several lines. */
  selectStar: string;
  primaryKey: { type: 'pk'; column_names: string[]; name?: string };
  foreignKeys: never[];
  indexes: never[];
  comment: string | null;
  /** Rows in the table when the warehouse knows (our extension). */
  rowCount: number | null;
}

/** `q` of GET /v1/database/search_tables/ (our extension for the catalog browser). */
export interface TableSearchArgs {
  text: string;
  /** Default 50, at most 500. */
  limit?: number;
}

export interface TableSearchHit {
  database_id: number;
  database_name: string;
  catalog: string;
  schema: string;
  value: string;
  type: 'table' | 'view';
  extra: { comment?: string };
}

export interface TableSearchResponse {
  count: number;
  result: TableSearchHit[];
  /**
   * Present when the search could not cover every table (a Superset upstream, searched by fanning
   * out over its schemas within bounds): why, for the client to say the search is partial.
   */
  partial?: string;
}

/** One hit of GET /v1/database/search_columns/ (our extension; same query as search_tables): a column and its table. */
export interface ColumnSearchHit extends TableSearchHit {
  column: { name: string; type: string; comment: string | null };
}

export interface ColumnSearchResponse {
  count: number;
  result: ColumnSearchHit[];
  /** As TableSearchResponse's: some tables' columns were not searched, and why. */
  partial?: string;
}

/** Query of GET /v1/database/{id}/table_preview/ (our extension for the catalog browser). */
export interface TablePreviewArgs {
  name: string;
  /** Default `main`. */
  schema?: string;
  /** The database's own catalog when given (any other answers 404). */
  catalog?: string;
}

/**
 * GET /v1/database/{id}/table_preview/?name=&schema= (our extension): the table's first
 * TABLE_PREVIEW_ROWS rows, converted as execute converts them. Not recorded in the query history.
 */
export interface TablePreview {
  /** As execute's columns. */
  columns: ResultColumn[];
  /** As execute's data: one object per row, keyed by column name. */
  data: Record<string, Cell>[];
  /** data.length (at most TABLE_PREVIEW_ROWS). */
  rowCount: number;
}

/** Rows a table preview answers at most. */
export const TABLE_PREVIEW_ROWS = 100;
