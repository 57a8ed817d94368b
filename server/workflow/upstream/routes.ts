import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { AirflowUpstream } from '../../config';
import { problemBody, WorkflowProblem } from '../problem';
import { createAllowlist } from './allowlist';
import { UpstreamFailure } from './failure';
import { createForward, createSend } from './forward';
import { createLogPages, logAskOf } from './logPages';

export interface UpstreamRoutesOptions {
  upstream: AirflowUpstream;
}

/** Where each local path goes: Airflow 2's REST API; Airflow 3's REST API and its UI's grid calls. */
const MOUNTS: Record<AirflowUpstream['api'], ReadonlyArray<readonly [local: string, remote: string]>> = {
  v1: [['/v1', '/api/v1']],
  v2: [
    ['/api/v2', '/api/v2'],
    ['/ui', '/ui'],
  ],
};

/**
 * /api/workflow proxied to a real Airflow (CONSOLE_AIRFLOW_URL) instead of the embedded demo:
 * the console's guard, origin checks and idempotency apply as to any API; only the calls the
 * console's client makes are forwarded (allowlist.ts), with the Airflow account of the user's
 * role and never the browser's credentials; any other call under a mount answers 403. Paths
 * outside the mounts (the embedded server's grid_data, graph_data... views) answer 404, so the
 * client builds those views itself.
 */
export const upstreamRoutes: FastifyPluginAsync<UpstreamRoutesOptions> = async (app, { upstream }) => {
  const forward = createForward(upstream);
  const logPages = createLogPages(upstream, createSend(upstream));
  const prefix = app.prefix;
  // Bodies go on as they came, whatever their type.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  // As the embedded server, Basic auth with a console user is accepted besides the session.
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, basicAuth: true };
  });
  app.setErrorHandler((error: FastifyError, _request, reply) => {
    if (error instanceof UpstreamFailure || error instanceof WorkflowProblem) return reply.code(error.status).send(error.toJSON());
    if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) return reply.code(error.statusCode).send(problemBody(error.statusCode, 'Bad Request', error.message));
    throw error;
  });

  const allowlist = createAllowlist(upstream.api);
  for (const [local, remote] of MOUNTS[upstream.api]) {
    app.all(`${local}/*`, async (request, reply) => {
      const rest = restOf(request.url, `${prefix}${local}/`);
      if (rest === null) return notServed(request, reply);
      const query = rest.indexOf('?');
      const path = `${remote}/${query === -1 ? rest : rest.slice(0, query)}`;
      const rawQuery = query === -1 ? '' : rest.slice(query + 1);
      // The console's own pages of a log: allowed as the log read they come from is.
      const log = request.method === 'GET' ? logAskOf(path, rawQuery) : null;
      const verdict = log ? allowlist('GET', log.logPath, logReadQuery(log.ask.query)) : allowlist(request.method, path, rawQuery);
      if (verdict.kind === 'malformed') return reply.code(400).send(problemBody(400, 'Bad Request', verdict.detail));
      if (verdict.kind === 'refused') return reply.code(403).send(problemBody(403, 'Forbidden', verdict.detail));
      return log ? logPages(request, reply, verdict, log.ask) : forward(request, reply, verdict);
    });
  }
  app.all('/*', notServed);
  app.all('/', notServed);
};

/** What of a log page's query goes to Airflow's log read: the map index only (cursor and limit are the console's). */
function logReadQuery(query: URLSearchParams): string {
  const mapIndex = query.get('map_index');
  return mapIndex === null ? '' : new URLSearchParams({ map_index: mapIndex }).toString();
}

/** The raw path and query after `start`, or null for a spelling that does not begin with it (e.g. encoded). */
function restOf(url: string, start: string): string | null {
  return url.startsWith(start) ? url.slice(start.length) : null;
}

async function notServed(request: FastifyRequest, reply: FastifyReply) {
  const detail = `${request.method} ${request.url.split('?')[0]} is not served with an Airflow upstream (CONSOLE_AIRFLOW_URL)`;
  return reply.code(404).send(problemBody(404, 'Not Found', detail));
}
