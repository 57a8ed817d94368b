import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ItemResponse, ListResponse, MessageResponse, OkResponse } from '../../contracts/bi';
import type { FavoriteStatusResponse, SavedQuery, SavedQueryBody, SavedQueryWriteResponse } from '../../contracts/biSqlLab';
import { answerRecorder, jsonAnswer } from '../http/idempotency';
import type { IdempotencyStore } from '../http/idempotency.store';
import { pkParams, qQuerystring, viewerOf, type BiOptions } from './context';
import { badRequest, notFound } from './errors';
import { parseListRequest } from './listQuery';
import { listResponse } from './pagedList';
import { savedQuery, savedQueryFields } from './present';
import { risonIds, risonObject } from './rison';
import { SAVED_QUERY_LIST, type AlsoInTransaction, type SavedQueryInput, type SavedQueryRecord } from './savedQueries.store';

const nullableString = (maxLength?: number) => ({ type: ['string', 'null'], ...(maxLength ? { maxLength } : {}) });
/** Superset's SavedQueryRestApi.post/put fields and sizes. */
const fields = {
  db_id: { type: 'integer' },
  label: { strictType: 'string' },
  sql: { strictType: 'string' },
  schema: nullableString(128),
  catalog: nullableString(256),
  description: nullableString(),
  template_parameters: nullableString(),
  extra_json: nullableString(),
};
const createBody = { type: 'object', required: ['db_id', 'label', 'sql'], properties: fields };
const updateBody = { type: 'object', properties: fields };

/** Superset's column size. */
const LABEL_MAX = 256;

type Pk = { Params: { pk: number } };
type Q = { Querystring: { q?: string } };

/** Superset's saved query API, plus its favourites (FavStar) calls. Writes honour Idempotency-Key in their own transaction. */
export const savedQueryRoutes: FastifyPluginAsync<BiOptions> = async (app, { bi }) => {
  const { savedQueries } = bi;
  const now = () => app.services.clock();

  app.get<Q>('/v1/saved_query/', { schema: { querystring: qQuerystring } }, async (request): Promise<ListResponse<SavedQuery>> => {
    const listRequest = parseListRequest(risonObject(request.query.q), SAVED_QUERY_LIST);
    const page = await savedQueries.list(listRequest, viewerOf(request));
    const at = now();
    return listResponse(page, (record) => savedQuery(record, at));
  });

  app.get<Q>('/v1/saved_query/favorite_status/', { schema: { querystring: qQuerystring } }, async (request): Promise<FavoriteStatusResponse> => {
    const result = await savedQueries.favoriteStatus(viewerOf(request), risonIds(request.query.q));
    if (!result.length) throw notFound();
    return { result };
  });

  app.get<Pk>('/v1/saved_query/:pk', { schema: { params: pkParams } }, async (request): Promise<ItemResponse<SavedQuery>> => {
    const record = await savedQueries.byId(request.params.pk, viewerOf(request));
    if (!record) throw notFound();
    return { id: record.id, result: savedQuery(record, now()) };
  });

  await app.register(writeRoutes, { bi });
};

const writeRoutes: FastifyPluginAsync<BiOptions> = async (app, { bi }) => {
  const { savedQueries, parser } = bi;
  const { idempotency } = app.services;
  const now = () => app.services.clock();
  const inputOf = (body: Partial<SavedQueryBody>, existing: SavedQueryRecord | null) => savedQueryInput(bi.warehouse, body, existing);

  app.post<{ Body: SavedQueryBody }>('/v1/saved_query/', { schema: { body: createBody } }, async (request, reply) => {
    const input = inputOf(request.body, null);
    const also = recorder(request, idempotency, 201, writeAnswer);
    const record = await savedQueries.create(viewerOf(request).username, input, await parser.tables(input.sql), now(), also);
    return reply.code(201).send(writeAnswer(record));
  });

  app.put<Pk & { Body: Partial<SavedQueryBody> }>('/v1/saved_query/:pk', { schema: { params: pkParams, body: updateBody } }, async (request) => {
    const viewer = viewerOf(request);
    const existing = await savedQueries.byId(request.params.pk, { ...viewer, admin: false });
    if (!existing) throw notFound();
    const input = inputOf(request.body, existing);
    const also = recorder(request, idempotency, 200, writeAnswer);
    const record = await savedQueries.update(viewer.username, existing.id, input, await parser.tables(input.sql), now(), also);
    if (!record) throw notFound();
    return writeAnswer(record);
  });

  app.delete<Pk>('/v1/saved_query/:pk', { schema: { params: pkParams } }, async (request): Promise<MessageResponse> => {
    const also = recorder(request, idempotency, 200, () => ({ message: 'OK' }));
    if (!(await savedQueries.delete(viewerOf(request).username, [request.params.pk], also))) throw notFound();
    return { message: 'OK' };
  });

  app.delete<Q>('/v1/saved_query/', { schema: { querystring: qQuerystring } }, async (request): Promise<MessageResponse> => {
    const ids = risonIds(request.query.q);
    const also = recorder(request, idempotency, 200, deletedMessage);
    const deleted = await savedQueries.delete(viewerOf(request).username, ids, also);
    if (deleted === null) throw notFound();
    return deletedMessage(deleted);
  });

  for (const [method, favorite] of [['POST', true], ['DELETE', false]] as const) {
    app.route<Pk>({
      method,
      url: '/v1/saved_query/:pk/favorites/',
      schema: { params: pkParams },
      handler: async (request): Promise<OkResponse> => {
        const also = recorder(request, idempotency, 200, () => ({ result: 'OK' }));
        if (!(await savedQueries.setFavorite(viewerOf(request), request.params.pk, favorite, now(), also))) throw notFound();
        return { result: 'OK' };
      },
    });
  }
};

function writeAnswer(record: SavedQueryRecord): SavedQueryWriteResponse {
  return { id: record.id, result: savedQueryFields(record) };
}

function deletedMessage(count: number): MessageResponse {
  return { message: `Deleted ${count} saved quer${count === 1 ? 'y' : 'ies'}` };
}

/**
 * Stores the answer the route is about to send in the write's own transaction (see
 * answerRecorder), so an applied write always has its Idempotency-Key.
 */
function recorder<T>(request: FastifyRequest, idempotency: IdempotencyStore, status: number, answer: (written: T) => unknown): AlsoInTransaction<T> {
  const record = answerRecorder(request, idempotency);
  return record && ((tx, written) => record(tx, jsonAnswer(status, answer(written))));
}

/** The body merged over the stored query (PUT sends any part); label, sql and db_id checked. */
function savedQueryInput(warehouse: BiOptions['bi']['warehouse'], body: Partial<SavedQueryBody>, existing: SavedQueryRecord | null): SavedQueryInput {
  const pick = <K extends keyof SavedQueryBody>(key: K, fallback: SavedQueryBody[K] | null): SavedQueryBody[K] | null =>
    Object.hasOwn(body, key) ? (body[key] ?? null) : fallback;
  const dbId = pick('db_id', existing?.dbId ?? null);
  const label = pick('label', existing?.label ?? null);
  const sql = pick('sql', existing?.sql ?? null);
  if (typeof label !== 'string' || label.trim() === '') throw badRequest('label must not be empty');
  if (label.length > LABEL_MAX) throw badRequest(`label must be at most ${LABEL_MAX} characters`);
  if (typeof sql !== 'string' || sql.trim() === '') throw badRequest('sql must not be empty');
  const database = typeof dbId === 'number' ? warehouse.database(dbId) : null;
  if (!database) throw badRequest(`db_id: database ${String(dbId)} does not exist`);
  return {
    dbId: database.id,
    databaseName: database.name,
    label,
    sql,
    schema: pick('schema', existing?.schema ?? null) ?? null,
    catalog: pick('catalog', existing?.catalog ?? null) ?? null,
    description: pick('description', existing?.description ?? null) ?? null,
    templateParameters: pick('template_parameters', existing?.templateParameters ?? null) ?? null,
    extraJson: pick('extra_json', existing?.extraJson ?? null) ?? null,
  };
}
