import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ColumnSearchResponse, TablePreview, TablePreviewArgs, TableSearchResponse } from '../../../contracts/biCatalog';
import type { OkResponse } from '../../../contracts/bi';
import type { FavoriteStatusResponse } from '../../../contracts/biSqlLab';
import type { Clock } from '../../util/clock';
import { pkParams, qQuerystring } from '../context';
import { searchArgs } from '../database.routes';
import { BiHttpError, notFound } from '../errors';
import { decodeRison, risonIds, risonObject } from '../rison';
import { supersetMessage, type SupersetCall } from './call';
import type { CatalogSearch } from './catalogSearch';
import { SupersetFailure } from './failure';
import type { UpstreamFavouriteStore } from './favourites.store';
import type { ConsoleUser } from './session';
import { previewThroughSuperset } from './tablePreview';

export interface ExtensionOptions {
  call: SupersetCall;
  search: CatalogSearch;
  favourites: UpstreamFavouriteStore;
  clock: Clock;
}

const previewQuery = {
  type: 'object',
  required: ['name', 'schema'],
  properties: { name: { type: 'string', minLength: 1 }, schema: { type: 'string', minLength: 1 }, catalog: { type: 'string' } },
} as const;

type Pk = { Params: { pk: number } };
type Q = { Querystring: { q?: string } };

/**
 * The console's own calls the BI client makes that Superset 6.1 lacks, answered as the embedded
 * service answers them (catalog search, table preview, saved query favourites), each made with
 * the user's own Superset session. Static paths: they win over the proxy's /v1/* wildcard.
 */
export const supersetExtensionRoutes: FastifyPluginAsync<ExtensionOptions> = async (app, { call, search, favourites, clock }) => {
  app.setErrorHandler((error: FastifyError, _request, reply) => {
    if (error instanceof SupersetFailure) return reply.code(error.status).send(error.toJSON());
    if (error instanceof BiHttpError) return reply.code(error.statusCode).send(error.body);
    throw error;
  });

  app.get<Q>('/v1/database/search_tables/', { schema: { querystring: qQuerystring } }, async (request): Promise<TableSearchResponse> => {
    const { text, limit } = searchArgs(risonObject(request.query.q));
    return search.searchTables(userOf(request), text, limit);
  });

  app.get<Q>('/v1/database/search_columns/', { schema: { querystring: qQuerystring } }, async (request): Promise<ColumnSearchResponse> => {
    const { text, limit } = searchArgs(risonObject(request.query.q));
    return search.searchColumns(userOf(request), text, limit);
  });

  app.get<Pk & { Querystring: TablePreviewArgs & { schema: string } }>(
    '/v1/database/:pk/table_preview/',
    { schema: { params: pkParams, querystring: previewQuery } },
    async (request, reply): Promise<TablePreview> => previewThroughSuperset(call, userOf(request), request.params.pk, request.query.schema, request.query.name, closedWith(reply)),
  );

  app.get<Q>('/v1/saved_query/favorite_status/', { schema: { querystring: qQuerystring } }, async (request): Promise<FavoriteStatusResponse> => ({
    result: await favourites.status(userOf(request).username, risonIds(request.query.q)),
  }));

  for (const [method, favourite] of [['POST', true], ['DELETE', false]] as const) {
    app.route<Pk>({
      method,
      url: '/v1/saved_query/:pk/favorites/',
      schema: { params: pkParams },
      handler: async (request): Promise<OkResponse> => {
        const user = userOf(request);
        // Only a query the user may read in Superset (their own) is marked, as the embedded service does.
        const found = await call(user, 'GET', `/api/v1/saved_query/${request.params.pk}`);
        if (found.status === 404 || found.status === 403) throw notFound(supersetMessage(found.body, 'Not found'));
        if (found.status !== 200) throw new SupersetFailure(502, `Superset failed (${found.status}): ${supersetMessage(found.body, 'no message')}`);
        await favourites.set(user.username, request.params.pk, favourite, clock());
        return { result: 'OK' };
      },
    });
  }
};

/**
 * An onResponse hook for the whole mount: once Superset deleted saved queries (DELETE
 * saved_query/{id} or saved_query/?q=!(ids), answered 200), their favourite marks go too.
 */
export function forgetDeletedFavourites(favourites: UpstreamFavouriteStore, prefix: string) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (request.method !== 'DELETE' || reply.statusCode !== 200) return;
    const [path, query = ''] = request.url.split('?');
    const one = new RegExp(`^${prefix}/v1/saved_query/(\\d+)/?$`).exec(path);
    if (one) return favourites.forgetQueries([Number(one[1])]);
    if (path !== `${prefix}/v1/saved_query/`) return;
    let ids: unknown;
    try {
      ids = decodeRison(new URLSearchParams(query).get('q') ?? undefined);
    } catch {
      return; // Superset read a `q` ours does not: its marks stay (they name no query any more).
    }
    if (Array.isArray(ids)) await favourites.forgetQueries(ids.filter((id): id is number => Number.isSafeInteger(id)));
  };
}

function userOf(request: FastifyRequest): ConsoleUser {
  if (!request.user) throw new Error('The guard let a request without a user into /api/bi');
  return request.user;
}

/** Aborted when the browser leaves, so a preview it no longer waits for stops. */
function closedWith(reply: FastifyReply): AbortSignal {
  const aborted = new AbortController();
  reply.raw.once('close', () => aborted.abort());
  return aborted.signal;
}
