import type { AxiosInstance } from 'axios';
import rison from 'rison';
import type { ExecuteBody, ExecuteResponse, ListArgs, ListResponse, RelatedResponse } from '../../../contracts/bi';
import type { BiDatabase, ColumnSearchHit, ColumnSearchResponse, TableMetadata, TableOption, TablePreview, TableSearchArgs, TableSearchHit, TableSearchResponse, TablesArgs } from '../../../contracts/biCatalog';
import type { EstimateBody, FavoriteStatusResponse, QueryCostEstimate, QueryHistoryItem, SavedQuery } from '../../../contracts/biSqlLab';
import { fetchAllPages } from '../caches/pagination';
import { withCsrf } from './csrf';

export type * from '../../../contracts/bi';
export type * from '../../../contracts/biCatalog';
export type * from '../../../contracts/biSqlLab';

export interface ReadOptions {
  signal?: AbortSignal;
}

/** The Superset-compatible SQL Lab API (server/bi), mounted at config.apis.bi. */
export interface BiApi {
  databases(options?: ReadOptions): Promise<BiDatabase[]>;
  schemas(databaseId: number, options?: ReadOptions): Promise<string[]>;
  tables(databaseId: number, schema: string, options?: ReadOptions): Promise<TableOption[]>;
  tableMetadata(databaseId: number, schema: string, table: string, options?: ReadOptions): Promise<TableMetadata>;
  searchTables(text: string, limit?: number, options?: ReadOptions): Promise<TableSearchHit[]>;
  /** Columns by name across every table (our extension), each with its table. */
  searchColumns(text: string, limit?: number, options?: ReadOptions): Promise<ColumnSearchHit[]>;
  /**
   * Both searches at once (the catalog browser's), with why the server could not search every
   * table (a Superset upstream's bounds), or null when it did. A null columnLimit asks tables only.
   */
  searchAll(text: string, columnLimit: number | null, options?: ReadOptions): Promise<CatalogSearchAnswer>;
  /** The first rows of a table (the catalog browser's preview; not in the query history). */
  tablePreview(databaseId: number, schema: string, table: string, options?: ReadOptions): Promise<TablePreview>;
  execute(body: ExecuteBody, options?: ReadOptions): Promise<ExecuteResponse>;
  /** Interrupts the query the server runs for this client id. */
  stop(clientId: string): Promise<void>;
  estimate(body: EstimateBody): Promise<QueryCostEstimate>;
  /** Formats in the dialect of the database (Superset 6.1 reads its engine from `database_id`). */
  format(sql: string, databaseId: number | null): Promise<string>;
  history(args: ListArgs, options?: ReadOptions): Promise<ListResponse<QueryHistoryItem>>;
  historyRelated(column: 'database' | 'user', options?: ReadOptions): Promise<RelatedResponse['result']>;
  savedQueries(args: ListArgs, options?: ReadOptions): Promise<ListResponse<SavedQuery>>;
  savedQuery(id: number, options?: ReadOptions): Promise<SavedQuery>;
  favoriteStatus(ids: number[], options?: ReadOptions): Promise<Map<number, boolean>>;
}

export interface CatalogSearchAnswer {
  tables: TableSearchHit[];
  columns: ColumnSearchHit[];
  partial: string | null;
}

const NO_COLUMNS: ColumnSearchResponse = { count: 0, result: [] };

/**
 * Databases offered in SQL Lab: those exposed there, every page (Superset pages its list; 100 a
 * page is within any max_page_size it sets).
 */
const DATABASES_ARGS = { filters: [{ col: 'expose_in_sqllab', opr: 'eq', value: true }], order_column: 'database_name', order_direction: 'asc' } as const;
const DATABASES_PAGE_SIZE = 100;

/** Superset's rison `q`, typed by the contract's argument shape. */
const q = <T>(value: T) => ({ q: rison.encode(value) });

function expect<T>(value: T | undefined | null, what: string): T {
  if (value === undefined || value === null) throw new Error(`The server answered without ${what}.`);
  return value;
}

export function createBiApi(http: AxiosInstance): BiApi {
  withCsrf(http);
  const get = async <T>(url: string, params: object | undefined, { signal }: ReadOptions = {}) => (await http.get<T>(url, { params, signal })).data;
  return {
    databases: async (options) => {
      const all = await fetchAllPages(
        async (page) => {
          const body = await get<ListResponse<BiDatabase>>('/v1/database/', q({ ...DATABASES_ARGS, ...page }), options);
          return { result: expect(body.result, 'databases'), count: body.count };
        },
        { pageSize: DATABASES_PAGE_SIZE },
      );
      return all.items;
    },
    schemas: async (id, options) => expect((await get<{ result: string[] }>(`/v1/database/${id}/schemas/`, undefined, options)).result, 'schemas'),
    tables: async (id, schema, options) =>
      // Superset answers `extra: null` for a table without a comment (its OpenAPI document says an object).
      expect((await get<{ result: TableOption[] }>(`/v1/database/${id}/tables/`, q<TablesArgs>({ schema_name: schema }), options)).result, 'tables').map((table) => ({
        ...table,
        extra: table.extra ?? {},
      })),
    tableMetadata: (id, schema, table, options) => get<TableMetadata>(`/v1/database/${id}/table_metadata/`, { name: table, schema }, options),
    searchTables: async (text, limit = 50, options) =>
      expect((await get<{ result: TableSearchHit[] }>('/v1/database/search_tables/', q<TableSearchArgs>({ text, limit }), options)).result, 'tables'),
    searchColumns: async (text, limit = 50, options) =>
      expect((await get<{ result: ColumnSearchHit[] }>('/v1/database/search_columns/', q<TableSearchArgs>({ text, limit }), options)).result, 'columns'),
    async searchAll(text, columnLimit, options) {
      const [tables, columns] = await Promise.all([
        get<TableSearchResponse>('/v1/database/search_tables/', q<TableSearchArgs>({ text }), options),
        columnLimit === null ? NO_COLUMNS : get<ColumnSearchResponse>('/v1/database/search_columns/', q<TableSearchArgs>({ text, limit: columnLimit }), options),
      ]);
      const reasons = [...new Set([tables.partial, columns.partial].filter((reason) => typeof reason === 'string' && reason !== ''))];
      return { tables: expect(tables.result, 'tables'), columns: expect(columns.result, 'columns'), partial: reasons.length ? reasons.join('; ') : null };
    },
    tablePreview: async (id, schema, table, options) => {
      const preview = await get<TablePreview>(`/v1/database/${id}/table_preview/`, { name: table, schema }, options);
      return { ...preview, data: expect(preview.data, 'preview rows') };
    },
    execute: async (body, { signal } = {}) => (await http.post<ExecuteResponse>('/v1/sqllab/execute/', body, { signal })).data,
    async stop(clientId) {
      await http.post('/v1/query/stop', { client_id: clientId });
    },
    estimate: async (body) => expect((await http.post<{ result: QueryCostEstimate[] }>('/v1/sqllab/estimate/', body)).data.result?.[0], 'an estimate'),
    format: async (sql, databaseId) =>
      expect((await http.post<{ result: string }>('/v1/sqllab/format_sql/', databaseId === null ? { sql } : { sql, database_id: databaseId })).data.result, 'formatted SQL'),
    history: (args, options) => get<ListResponse<QueryHistoryItem>>('/v1/query/', q(args), options),
    historyRelated: async (column, options) => expect((await get<RelatedResponse>(`/v1/query/related/${column}`, undefined, options)).result, 'related values'),
    savedQueries: (args, options) => get<ListResponse<SavedQuery>>('/v1/saved_query/', q(args), options),
    savedQuery: async (id, options) => expect((await get<{ result: SavedQuery }>(`/v1/saved_query/${id}`, undefined, options)).result, 'a saved query'),
    async favoriteStatus(ids, options) {
      if (ids.length === 0) return new Map();
      const body = await get<FavoriteStatusResponse>('/v1/saved_query/favorite_status/', q(ids), options);
      return new Map(expect(body.result, 'favourite statuses').map((item) => [item.id, item.value]));
    },
  };
}
