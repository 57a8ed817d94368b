import type { FastifyPluginAsync } from 'fastify';
import { DEFAULT_QUERY_LIMIT, MAX_QUERY_LIMIT, type ExecuteBody } from '../../contracts/bi';
import { type EstimateBody, type EstimateResponse, type FormatSqlBody, type FormatSqlResponse, type SqlLabBootstrapResponse } from '../../contracts/biSqlLab';
import { jsonWithRows } from '../warehouse/jsonRows';
import { WarehouseSqlError } from '../warehouse/types';
import { runnerOf, viewerOf, type BiOptions } from './context';
import { databaseItem } from './database.routes';
import { BiHttpError, databaseNotFound, sqlErrorBody } from './errors';
import { checkCatalog, checkSql, SQLLAB_TIMEOUT_MS } from './executor';
import { formatSql } from './format';

/** SQL Lab accepts SQL texts of several megabytes (pasted scripts), past Fastify's 1 MiB default. */
const SQL_BODY_LIMIT = 16 * 1024 * 1024;

/** What Fastify sets for the bodies it serializes itself. */
const JSON_TYPE = 'application/json; charset=utf-8';

const nullableString = { type: ['string', 'null'] } as const;
const nullableBoolean = { type: ['boolean', 'null'] } as const;
const sqlText = { strictType: 'string' } as const;

/** Superset's ExecutePayloadSchema; queryLimit is checked by the executor (a positive integer, no coercion). */
const executeBody = {
  type: 'object',
  required: ['database_id', 'sql'],
  properties: {
    database_id: { type: 'integer' },
    sql: sqlText,
    client_id: { type: ['string', 'null'], minLength: 1, maxLength: 11 },
    sql_editor_id: nullableString,
    tab: nullableString,
    schema: nullableString,
    catalog: nullableString,
    runAsync: nullableBoolean,
    select_as_cta: nullableBoolean,
    expand_data: nullableBoolean,
    ctas_method: nullableString,
    tmp_table_name: nullableString,
    templateParams: nullableString,
    queryLimit: {},
  },
} as const;

const estimateBody = {
  type: 'object',
  required: ['database_id', 'sql'],
  properties: { database_id: { type: 'integer' }, sql: sqlText, schema: nullableString, catalog: nullableString, template_params: { type: ['object', 'null'] } },
} as const;

const formatBody = {
  type: 'object',
  required: ['sql'],
  properties: { sql: { strictType: 'string' }, engine: nullableString, database_id: { type: ['integer', 'null'] } },
} as const;

/** Superset's SQL Lab API: execute, estimate, format and the bootstrap. */
export const sqlLabRoutes: FastifyPluginAsync<BiOptions> = async (app, { bi }) => {
  const { warehouse, executor } = bi;

  app.post<{ Body: ExecuteBody }>('/v1/sqllab/execute/', { bodyLimit: SQL_BODY_LIMIT, schema: { body: executeBody } }, async (request, reply) => {
    const outcome = await executor.execute(await runnerOf(request), request.body);
    if (outcome.status !== 200) return reply.code(outcome.status).send(outcome.body);
    return reply.type(JSON_TYPE).send(jsonWithRows(outcome.body));
  });

  app.post<{ Body: EstimateBody }>('/v1/sqllab/estimate/', { bodyLimit: SQL_BODY_LIMIT, schema: { body: estimateBody } }, async (request): Promise<EstimateResponse> => {
    const { database_id: id, sql, schema = null, catalog } = request.body;
    const database = warehouse.database(id);
    if (!database) throw databaseNotFound(id);
    checkCatalog(database, catalog);
    checkSql(sql);
    try {
      const estimate = await warehouse.estimate({ databaseId: id, schema, sql });
      return { result: [{ 'Output count': estimate.outputCount, 'CPU cost': estimate.cpuCost, 'Output size': estimate.outputSize }] };
    } catch (error) {
      if (error instanceof WarehouseSqlError) throw new BiHttpError(400, sqlErrorBody(error.message));
      throw error;
    }
  });

  const format = async (request: { body: FormatSqlBody }): Promise<FormatSqlResponse> => ({ result: formatSql(request.body.sql, request.body.engine) });
  const formatOptions = { bodyLimit: SQL_BODY_LIMIT, schema: { body: formatBody } };
  app.post<{ Body: FormatSqlBody }>('/v1/sqllab/format_sql/', formatOptions, format);
  // The name some Superset clients and docs use for the same call.
  app.post<{ Body: FormatSqlBody }>('/v1/sqllab/format_query/', formatOptions, format);

  app.get('/v1/sqllab/', async (request): Promise<SqlLabBootstrapResponse> => {
    const record = await app.services.users.find(viewerOf(request).username);
    if (!record) throw new Error('Authenticated user vanished');
    const databases = Object.fromEntries(warehouse.databases().map((database) => [String(database.id), databaseItem(database)]));
    return {
      result: {
        active_tab: null,
        databases,
        queries: {},
        tab_state_ids: [],
        user_id: record.id,
        common: {
          conf: { DEFAULT_SQLLAB_LIMIT: DEFAULT_QUERY_LIMIT, SQL_MAX_ROW: MAX_QUERY_LIMIT, DISPLAY_MAX_ROW: MAX_QUERY_LIMIT, SQLLAB_TIMEOUT: SQLLAB_TIMEOUT_MS / 1000 },
        },
      },
    };
  });
};
