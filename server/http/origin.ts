import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { isMutatingMethod } from '../../contracts/http';
import { bearerTokenOf } from './paths';
import type { ConsoleConfig } from '../config';

export const CROSS_SITE = { message: 'Cross-site request refused: this API accepts changes only from the console itself' };

/** What a Host header may hold: a name or address and a port; anything else (user@, paths) is refused. */
const HOST_PATTERN = /^[a-z0-9.-]+(:\d+)?$|^\[[0-9a-f:.]+\](:\d+)?$/i;
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);
const HEALTH_CHECK = '/healthz';

/**
 * Checks that run before authentication on every request:
 * - with CONSOLE_PUBLIC_URL, the Host must be the public one (421 otherwise), so a name that
 *   resolves here by accident or by DNS rebinding gets nothing. Loopback names are let through
 *   to /healthz only, for health probes on the machine or in the container;
 * - writes (POST, PUT, PATCH, DELETE) must come from the console's own origin (403 otherwise).
 */
export function registerOriginChecks(app: FastifyInstance, config: ConsoleConfig): void {
  if (config.publicUrl) app.addHook('onRequest', hostCheck(config.publicUrl));
  app.addHook('onRequest', originCheck(config.publicUrl));
}

function hostCheck(publicUrl: string): onRequestAsyncHookHandler {
  const { protocol, host: publicHost } = new URL(publicUrl);
  const refusal = { message: `Misdirected request: this console answers at ${publicUrl}` };
  return async function checkHost(request, reply) {
    const host = normalisedHost(protocol, request.host);
    if (host === publicHost) return;
    if (host !== null && isHealthCheck(request) && LOOPBACK.has(new URL(`${protocol}//${host}`).hostname)) return;
    return reply.code(421).send(refusal);
  };
}

/**
 * Sec-Fetch-Site (sent by current browsers) must be same-origin or none (typed by the user);
 * same-site is refused too, since SameSite cookies travel between sibling subdomains. Origin,
 * when present, must be the public URL's origin, or without one carry the Host the request
 * came to (the scheme is not compared: behind a TLS proxy the server sees http).
 *
 * Requests without either header are not from a browser page (curl, scripts) and pass, as do
 * requests with an Authorization: Bearer header: a page on another site cannot add that header
 * without a CORS preflight, which this server never grants, so the token holder sent it.
 */
function originCheck(publicUrl: string | null): onRequestAsyncHookHandler {
  return async function checkOrigin(request, reply) {
    if (!isMutatingMethod(request.method) || bearerTokenOf(request) !== null) return;
    if (!isSameOrigin(request, publicUrl)) return reply.code(403).send(CROSS_SITE);
  };
}

function isSameOrigin(request: FastifyRequest, publicUrl: string | null): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return false;
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  const parsed = parseUrl(origin);
  if (parsed === null) return false;
  if (publicUrl) return parsed.origin === publicUrl;
  return parsed.host === normalisedHost(parsed.protocol, request.host);
}

/** The Host (X-Forwarded-Host from a trusted proxy) as the URL parser writes it (lower case, no default port), or null. */
function normalisedHost(protocol: string, raw: string | undefined): string | null {
  if (raw === undefined || !HOST_PATTERN.test(raw)) return null;
  return parseUrl(`${protocol}//${raw}`)?.host ?? null;
}

function isHealthCheck(request: FastifyRequest): boolean {
  return (request.method === 'GET' || request.method === 'HEAD') && request.routeOptions.url === HEALTH_CHECK;
}

function parseUrl(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}
