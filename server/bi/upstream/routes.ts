import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { SupersetUpstream } from '../../config';
import { csrfGuard, csrfTokenFor } from '../csrf';
import { securityTokenRoutes } from '../routes';
import type { Store } from '../../store/db';
import type { Clock } from '../../util/clock';
import { createSupersetCall } from './call';
import { createCatalogSearch } from './catalogSearch';
import { forgetDeletedFavourites, supersetExtensionRoutes } from './extensions.routes';
import { UpstreamFavouriteStore } from './favourites.store';
import { SupersetFailure } from './failure';
import { createForward } from './forward';
import { createSessions, type SupersetSessions } from './session';

export interface SupersetRoutesOptions {
  upstream: SupersetUpstream;
  /** The kept Superset sessions (given by tests, to expire one); made here otherwise. */
  sessions?: SupersetSessions;
  /** The console store (favourites of Superset's saved queries) and clock. */
  store: Store;
  clock: Clock;
}

/**
 * /api/bi proxied to a real Superset (CONSOLE_SUPERSET_URL) instead of the embedded DuckDB service:
 * /api/bi/v1/* goes to Superset's /api/v1/*, each console user in their own Superset session
 * (session.ts), so Superset's rights, history and saved queries are per user. The console's guard,
 * origin checks, idempotency and its own CSRF token (the browser never sees Superset's) apply as to
 * any API; the console's own JWT login and CSRF token stay local.
 */
export const supersetRoutes: FastifyPluginAsync<SupersetRoutesOptions> = async (app, { upstream, sessions: given, store, clock }) => {
  const sessions = given ?? createSessions(upstream);
  app.addHook('onRequest', csrfGuard);
  await app.register(securityTokenRoutes);
  app.get('/v1/security/csrf_token/', async (request) => {
    if (!request.auth) throw new Error('Guard did not attach auth');
    return { result: csrfTokenFor(app.services.tokens.csrfKey, request.auth) };
  });
  // What Superset lacks, supplied by the console (extensions.routes.ts).
  const call = createSupersetCall(upstream, sessions);
  const favourites = new UpstreamFavouriteStore(store);
  app.addHook('onResponse', forgetDeletedFavourites(favourites, app.prefix));
  await app.register(supersetExtensionRoutes, { call, search: createCatalogSearch(call, clock), favourites, clock });
  await app.register(proxyRoutes, { upstream, sessions });
};

const proxyRoutes: FastifyPluginAsync<{ upstream: SupersetUpstream; sessions: SupersetSessions }> = async (app, { upstream, sessions }) => {
  const forward = createForward(upstream, sessions);
  const prefix = app.prefix;
  // Bodies go on as they came, whatever their type.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  app.setErrorHandler((error: FastifyError, _request, reply) => {
    if (error instanceof SupersetFailure) return reply.code(error.status).send(error.toJSON());
    if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) return reply.code(error.statusCode).send({ message: error.message });
    throw error;
  });
  app.all('/v1/*', async (request, reply) => {
    const rest = request.url.startsWith(`${prefix}/v1/`) ? request.url.slice(`${prefix}/v1/`.length) : null;
    const path = rest === null ? null : safePath(rest.split('?')[0]);
    if (rest === null || path === null) return reply.code(400).send({ message: `${request.method} ${request.url.split('?')[0]} is not a path Superset's API is asked` });
    const query = rest.indexOf('?');
    return forward(request, reply, `/api/v1/${path}${query === -1 ? '' : rest.slice(query)}`);
  });
  app.all('/*', notServed);
  app.all('/', notServed);
};

/** The raw path as sent, or null when a segment is (or decodes to) a dot segment or holds a slash: nothing leaves /api/v1/. */
function safePath(raw: string): string | null {
  for (const segment of raw.split('/')) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return null;
    }
    if (decoded === '.' || decoded === '..' || /[/\\]/.test(decoded)) return null;
  }
  return raw;
}

async function notServed(request: FastifyRequest, reply: FastifyReply) {
  return reply.code(404).send({ message: `${request.method} ${request.url.split('?')[0]} is not served with a Superset upstream (CONSOLE_SUPERSET_URL): Superset's API is under /api/bi/v1/` });
}
