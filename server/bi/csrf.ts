import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { isMutatingMethod } from '../../contracts/http';
import type { AuthContext } from '../auth/context';

/** Superset's header name; the client sends the token from GET /security/csrf_token/. */
export const CSRF_HEADER = 'x-csrftoken';

/**
 * The token is an HMAC of what authenticated the request (the session id, or the token
 * subject for Bearer calls), so it needs no storage and dies with the session.
 */
export function csrfTokenFor(key: Buffer, auth: AuthContext): string {
  const binding = auth.method === 'session' ? `session:${auth.sessionId}` : `bearer:${auth.subject}`;
  return createHmac('sha256', key).update(binding).digest('base64url');
}

/** True when the request carries the CSRF token that belongs to its own authentication. */
export function verifyCsrf(request: FastifyRequest): boolean {
  const sent = request.headers[CSRF_HEADER];
  if (!request.auth || typeof sent !== 'string') return false;
  const expected = Buffer.from(csrfTokenFor(request.server.services.tokens.csrfKey, request.auth));
  const actual = Buffer.from(sent);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

export const CSRF_REQUIRED = {
  message: 'CSRF token missing or invalid: send the token of GET /api/bi/v1/security/csrf_token/ in the X-CSRFToken header',
};


/**
 * onRequest hook of the BI mount: mutating calls need the CSRF token, except the public
 * login/refresh routes and calls authenticated by a Bearer token. CSRF abuses credentials
 * a browser attaches by itself (the session cookie); a Bearer header is only ever added by
 * code that holds the token, so the token proves intent already (OWASP's guidance; Superset
 * itself asks JWT callers for the token too, which only costs them a round trip). A call
 * that carries a session cookie is a session call (the guard prefers it), so it needs the token.
 *
 * onRequest, before the idempotency hooks: a refused call never claims or stores its key,
 * so a retry with the right token still runs.
 */
export const csrfGuard: onRequestAsyncHookHandler = async (request, reply) => {
  if (!isMutatingMethod(request.method) || request.routeOptions.config?.public === true) return;
  if (request.auth?.method === 'bearer') return;
  if (!verifyCsrf(request)) return reply.code(403).send(CSRF_REQUIRED);
};
