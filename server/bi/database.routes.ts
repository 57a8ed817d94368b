import type { FastifyPluginAsync } from 'fastify';
import type { ItemResponse, ListResponse } from '../../contracts/bi';
import type { BiDatabase, ColumnSearchResponse, NamesResponse, TableMetadata, TableOption, TablePreview, TablePreviewArgs, TableSearchResponse, TablesResponse } from '../../contracts/biCatalog';
import type { Warehouse, WarehouseDatabase, WarehouseTable } from '../warehouse/types';
import { idSchema, pkParams, qQuerystring, type BiOptions } from './context';
import { badRequest, databaseNotFound, notFound, tableNotFound } from './errors';
import { checkCatalog, SQLLAB_TIMEOUT_MS } from './executor';
import { selectStar } from './format';
import { applyList, isSafeInteger, parseListRequest, type ListSpec } from './listQuery';
import { listResponse } from './pagedList';
import { previewTable } from './preview';
import { risonObject } from './rison';

const SEARCH_LIMIT_DEFAULT = 50;
const SEARCH_LIMIT_MAX = 500;

/** Filters and order columns of GET /v1/database/ (what SQL Lab's database picker sends). */
const DATABASE_LIST: ListSpec = {
  columns: {
    database_name: { kind: 'text', expr: 'database_name', ops: ['ct', 'nct', 'eq', 'sw', 'ew'] },
    expose_in_sqllab: { kind: 'boolean', expr: 'expose_in_sqllab', ops: ['eq'] },
    allow_run_async: { kind: 'boolean', expr: 'allow_run_async', ops: ['eq'] },
    allow_file_upload: { kind: 'boolean', expr: 'allow_file_upload', ops: ['eq'] },
    allow_dml: { kind: 'boolean', expr: 'allow_dml', ops: ['eq'] },
    id: { kind: 'integer', expr: 'id', ops: ['eq', 'in'] },
  },
  order: { database_name: 'database_name', id: 'id' },
  defaultOrder: { column: 'database_name', direction: 'asc' },
  tieBreaker: 'id',
};

const tableParams = {
  type: 'object',
  required: ['pk', 'table', 'schema'],
  properties: { pk: idSchema, table: { type: 'string' }, schema: { type: 'string' } },
} as const;
const tableMetadataQuery = {
  type: 'object',
  required: ['name'],
  properties: { name: { type: 'string', minLength: 1 }, schema: { type: 'string' }, catalog: { type: 'string' } },
} as const;

type Pk = { Params: { pk: number } };
type PkQ = Pk & { Querystring: { q?: string } };

/**
 * Superset's database API: the warehouse's databases, schemas, tables and columns. Read-only
 * catalog calls, open to admins and editors (the BI mount registers it in its reader scope).
 */
export const databaseRoutes: FastifyPluginAsync<BiOptions> = async (app, { bi }) => {
  const { warehouse } = bi;
  const databaseOf = (id: number) => {
    const database = warehouse.database(id);
    if (!database) throw databaseNotFound(id);
    return database;
  };

  app.get<{ Querystring: { q?: string } }>('/v1/database/', { schema: { querystring: qQuerystring } }, async (request): Promise<ListResponse<BiDatabase>> => {
    const listRequest = parseListRequest(risonObject(request.query.q), DATABASE_LIST);
    return listResponse(applyList(warehouse.databases().map(databaseItem), listRequest), (item) => item);
  });

  app.get<Pk>('/v1/database/:pk', { schema: { params: pkParams } }, async (request): Promise<ItemResponse<BiDatabase>> => {
    const database = databaseOf(request.params.pk);
    return { id: database.id, result: databaseItem(database) };
  });

  app.get<PkQ>('/v1/database/:pk/catalogs/', { schema: { params: pkParams, querystring: qQuerystring } }, async (request): Promise<NamesResponse> => {
    risonObject(request.query.q);
    return { result: [databaseOf(request.params.pk).catalog] };
  });

  app.get<PkQ>('/v1/database/:pk/schemas/', { schema: { params: pkParams, querystring: qQuerystring } }, async (request): Promise<NamesResponse> => {
    const args = risonObject(request.query.q);
    checkCatalog(databaseOf(request.params.pk), optionalString(args.catalog, 'catalog'));
    const schemas = await warehouse.schemas(request.params.pk);
    if (!schemas) throw databaseNotFound(request.params.pk);
    return { result: schemas };
  });

  app.get<PkQ>('/v1/database/:pk/tables/', { schema: { params: pkParams, querystring: qQuerystring } }, async (request): Promise<TablesResponse> => {
    const args = risonObject(request.query.q);
    if (typeof args.schema_name !== 'string' || args.schema_name === '') throw badRequest('Not a valid rison schema: schema_name is required, e.g. (schema_name:main)');
    checkCatalog(databaseOf(request.params.pk), optionalString(args.catalog_name, 'catalog_name'));
    const tables = await warehouse.tables(request.params.pk, args.schema_name);
    if (!tables) throw notFound(`Schema ${args.schema_name} not found`);
    return { count: tables.length, result: tables.map(tableOption) };
  });

  await app.register(tableRoutes, { bi });
};

/** One table's columns (two spellings of the call), and the catalog browser's table search and preview. */
const tableRoutes: FastifyPluginAsync<BiOptions> = async (app, { bi }) => {
  const { warehouse } = bi;

  app.get<{ Params: { pk: number; table: string; schema: string } }>('/v1/database/:pk/table/:table/:schema/', { schema: { params: tableParams } }, async (request) =>
    tableMetadata(warehouse, request.params.pk, request.params.schema, request.params.table),
  );

  app.get<Pk & { Querystring: { name: string; schema?: string; catalog?: string } }>(
    '/v1/database/:pk/table_metadata/',
    { schema: { params: pkParams, querystring: tableMetadataQuery } },
    async (request) => {
      const { name, schema = 'main', catalog } = request.query;
      const database = warehouse.database(request.params.pk);
      if (database) checkCatalog(database, catalog);
      return tableMetadata(warehouse, request.params.pk, schema, name);
    },
  );

  app.get<{ Querystring: { q?: string } }>('/v1/database/search_tables/', { schema: { querystring: qQuerystring } }, async (request): Promise<TableSearchResponse> => {
    const { text, limit } = searchArgs(risonObject(request.query.q));
    const hits = await warehouse.searchTables(text, limit);
    const result = hits.flatMap(({ databaseId, schema, table }) => {
      const database = warehouse.database(databaseId);
      return database ? [{ database_id: database.id, database_name: database.name, catalog: database.catalog, schema, ...tableOption(table) }] : [];
    });
    return { count: result.length, result };
  });

  // Finds columns of every table, not only of the tables the catalog browser has opened.
  app.get<{ Querystring: { q?: string } }>('/v1/database/search_columns/', { schema: { querystring: qQuerystring } }, async (request): Promise<ColumnSearchResponse> => {
    const { text, limit } = searchArgs(risonObject(request.query.q));
    const hits = await warehouse.searchColumns(text, limit);
    const result = hits.flatMap(({ databaseId, schema, table, column }) => {
      const database = warehouse.database(databaseId);
      return database ? [{ database_id: database.id, database_name: database.name, catalog: database.catalog, schema, ...tableOption(table), column }] : [];
    });
    return { count: result.length, result };
  });

  // Our extension: runs on the warehouse directly, so the preview is never in the query history.
  app.get<Pk & { Querystring: TablePreviewArgs }>(
    '/v1/database/:pk/table_preview/',
    { schema: { params: pkParams, querystring: tableMetadataQuery } },
    async (request): Promise<TablePreview> => {
      const { name, schema = 'main', catalog } = request.query;
      const database = warehouse.database(request.params.pk);
      if (!database) throw databaseNotFound(request.params.pk);
      checkCatalog(database, catalog);
      const table = await warehouse.table(database.id, schema, name);
      if (!table) throw tableNotFound(schema, name);
      return previewTable(warehouse, database, schema, table.name, SQLLAB_TIMEOUT_MS);
    },
  );
};

async function tableMetadata(warehouse: Warehouse, databaseId: number, schema: string, name: string): Promise<TableMetadata> {
  if (!warehouse.database(databaseId)) throw databaseNotFound(databaseId);
  const table = await warehouse.table(databaseId, schema, name);
  if (!table) throw tableNotFound(schema, name);
  return {
    name: table.name,
    columns: table.columns.map((column) => ({ name: column.name, type: column.type, longType: column.type, comment: column.comment })),
    selectStar: selectStar(schema, table.name, table.columns.map((column) => column.name)),
    primaryKey: { type: 'pk', column_names: [] },
    foreignKeys: [],
    indexes: [],
    comment: table.comment,
    rowCount: table.rowCount,
  };
}

export function searchArgs(args: Record<string, unknown>): { text: string; limit: number } {
  const { text, limit = SEARCH_LIMIT_DEFAULT } = args;
  if (typeof text !== 'string') throw badRequest("Not a valid rison schema: text is required, e.g. (text:orders) or (text:'')");
  if (!isSafeInteger(limit) || limit < 1) throw badRequest('Not a valid rison schema: limit must be an integer from 1 to 2^53 - 1');
  return { text, limit: Math.min(limit, SEARCH_LIMIT_MAX) };
}

function optionalString(value: unknown, name: string): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') throw badRequest(`Not a valid rison schema: ${name} must be a string`);
  return value;
}

function tableOption(table: WarehouseTable): TableOption & { extra: NonNullable<TableOption['extra']> } {
  return { value: table.name, type: table.type, extra: table.comment ? { comment: table.comment } : {} };
}

/** A warehouse database as Superset describes a database (DatabaseRestApi.get_list). */
export function databaseItem(database: WarehouseDatabase): BiDatabase {
  return {
    id: database.id,
    database_name: database.name,
    backend: 'duckdb',
    expose_in_sqllab: true,
    allow_run_async: false,
    allow_ctas: false,
    allow_cvas: false,
    allow_dml: database.allowDml,
    allow_file_upload: false,
    allow_multi_catalog: false,
    allows_cost_estimate: true,
    allows_subquery: true,
    allows_virtual_table_explore: true,
    disable_data_preview: false,
    disable_drill_to_detail: false,
    explore_database_id: database.id,
    force_ctas_schema: null,
    extra: '{}',
    engine_information: { supports_file_upload: false, disable_ssh_tunneling: true, supports_dynamic_catalog: false, supports_oauth2: false },
  };
}
