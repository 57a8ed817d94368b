import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { AuthContext } from '../services';

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
