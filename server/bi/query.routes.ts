import type { FastifyPluginAsync } from 'fastify';
import type { DistinctResponse, ItemResponse, ListResponse, OkResponse, RelatedResponse } from '../../contracts/bi';
import type { QueryHistoryDetail, QueryHistoryItem, StopQueryBody, UpdatedSinceResponse } from '../../contracts/biSqlLab';
import { pkParams, qQuerystring, viewerOf, type BiOptions } from './context';
import { badRequest, notFound } from './errors';
import { HISTORY_LIST } from './history.store';
import { isSafeInteger, isTimeMs, parseListRequest, parsePage } from './listQuery';
import { listResponse } from './pagedList';
import { executedQuery, historyDetail, historyItem } from './present';
import { risonObject } from './rison';

const columnParams = { type: 'object', required: ['column'], properties: { column: { type: 'string' } } } as const;
const stopBody = { type: 'object', required: ['client_id'], properties: { client_id: { strictType: 'string' } } } as const;

type Q = { Querystring: { q?: string } };
type Column = Q & { Params: { column: string } };

/** Superset's query history API (QueryRestApi): list, one query, related, distinct, updated_since, stop. */
export const queryRoutes: FastifyPluginAsync<BiOptions> = async (app, { bi }) => {
  const { history, executor, warehouse } = bi;

  app.get<Q>('/v1/query/', { schema: { querystring: qQuerystring } }, async (request): Promise<ListResponse<QueryHistoryItem>> => {
    const listRequest = parseListRequest(risonObject(request.query.q), HISTORY_LIST);
    return listResponse(await history.list(listRequest, viewerOf(request)), historyItem);
  });

  app.get<{ Params: { pk: number } }>('/v1/query/:pk', { schema: { params: pkParams } }, async (request): Promise<ItemResponse<QueryHistoryDetail>> => {
    const entry = await history.byId(request.params.pk, viewerOf(request));
    if (!entry) throw notFound();
    return { id: entry.id, result: historyDetail(entry) };
  });

  app.get<Q>('/v1/query/updated_since', { schema: { querystring: qQuerystring } }, async (request): Promise<UpdatedSinceResponse> => {
    const { last_updated_ms: since } = risonObject(request.query.q);
    if (!isTimeMs(since)) throw badRequest('Not a valid rison schema: last_updated_ms is required, milliseconds within ±8.64e15, e.g. (last_updated_ms:1700000000000)');
    const entries = await history.changedSince(since, viewerOf(request));
    return { result: entries.map(executedQuery) };
  });

  /** Superset relates queries to every database and every user, filtered by `filter` text. */
  app.get<Column>('/v1/query/related/:column', { schema: { params: columnParams, querystring: qQuerystring } }, async (request): Promise<RelatedResponse> => {
    const args = risonObject(request.query.q);
    const options = relatedArgs(args);
    let items: RelatedResponse['result'];
    if (request.params.column === 'database') {
      items = warehouse.databases().map((database) => ({ value: database.id, text: database.name }));
    } else if (request.params.column === 'user') {
      items = (await history.users()).map((user) => ({ value: user.id, text: `${user.firstName} ${user.lastName}`.trim(), extra: { username: user.username } }));
    } else {
      throw notFound(`No related field ${request.params.column}; related fields are database and user`);
    }
    return pageOf(items.filter((item) => item.text.toLowerCase().includes(options.filter) || options.includeIds.includes(item.value)), options);
  });

  app.get<Column>('/v1/query/distinct/:column', { schema: { params: columnParams, querystring: qQuerystring } }, async (request): Promise<DistinctResponse> => {
    if (request.params.column !== 'status') throw notFound(`No distinct field ${request.params.column}; the distinct field is status`);
    const options = relatedArgs(risonObject(request.query.q));
    const statuses = await history.statuses(viewerOf(request));
    return pageOf(statuses.filter((status) => status.includes(options.filter)).map((status) => ({ value: status, text: status })), options);
  });

  app.post<{ Body: StopQueryBody }>('/v1/query/stop', { schema: { body: stopBody } }, async (request): Promise<OkResponse> => {
    await executor.stop(viewerOf(request), request.body.client_id);
    return { result: 'OK' };
  });
};

interface RelatedOptions {
  filter: string;
  includeIds: number[];
  page: number;
  pageSize: number;
}

/** `q` of related/distinct: (filter:text,page:0,page_size:25,include_ids:!(1)). */
function relatedArgs(args: Record<string, unknown>): RelatedOptions {
  const { filter = '', include_ids: includeIds = [] } = args;
  if (typeof filter !== 'string') throw badRequest('Not a valid rison schema: filter must be a string');
  if (!Array.isArray(includeIds) || !includeIds.every(isSafeInteger)) throw badRequest('Not a valid rison schema: include_ids must be a list of ids');
  return { filter: filter.toLowerCase(), includeIds: includeIds as number[], ...parsePage(args) };
}

function pageOf<T>(items: T[], options: RelatedOptions): { count: number; result: T[] } {
  const start = options.page * options.pageSize;
  return { count: items.length, result: items.slice(start, start + options.pageSize) };
}
