import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler, preHandlerAsyncHookHandler } from 'fastify';
import type { AuthServices } from './services';
import { bearerTokenOf, isApiPath, pathOf } from '../http/paths';
import type { AuthContext } from './context';
import { clearSessionCookies, SESSION_COOKIE, setSessionCookies } from './cookies';
import { basicAuthenticator } from './basic';
import { sendRefusal } from './authenticate';
import type { Role } from '../../contracts/session';
import type { UserProfile } from './users';

export const NOT_AUTHENTICATED = { message: 'Not authenticated' };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Reachable without a session (see PUBLIC_ROUTE). */
    public?: boolean;
    /** Also accepts HTTP Basic auth (the workflow API, as Airflow's does). */
    basicAuth?: boolean;
  }
}

/**
 * Public API routes (sign-in, token endpoints, logout) say so in their route config:
 * `config: { public: true }`. The flag belongs to the matched route, so no spelling of
 * a URL can borrow it.
 */
export const PUBLIC_ROUTE = { public: true } as const;

/**
 * Guarded when either the raw path or the matched route is under /api, so encoded
 * spellings (e.g. /%61pi/...) cannot slip past the check.
 */
function needsAuth(request: FastifyRequest): boolean {
  const route = request.routeOptions.url ?? '';
  if (!isApiPath(pathOf(request.url)) && !isApiPath(route)) return false;
  return request.routeOptions.config?.public !== true;
}

/**
 * onRequest hook: runs before body parsing and handlers on every request, unknown URLs
 * included, so unknown /api paths answer 401 without a session (and 404 with one).
 * Resolves the user from the `session` cookie or a Bearer access token and attaches it
 * as request.user / request.auth.
 */
export function authGuard(services: AuthServices): onRequestAsyncHookHandler {
  const fromBasic = basicAuthenticator(services);
  return async function guard(request, reply) {
    if (!needsAuth(request)) return;
    let resolved = (await fromSession(services, request, reply)) ?? (await fromBearer(services, request));
    if (!resolved && request.routeOptions.config?.basicAuth === true) {
      const basic = await fromBasic(request);
      if (basic.kind === 'throttled' || basic.kind === 'busy') return sendRefusal(reply, basic, (refusal) => ({ message: refusal.message }));
      if (basic.kind === 'ok') resolved = basic;
    }
    if (resolved) {
      request.user = resolved.user;
      request.auth = resolved.auth;
      return;
    }
    // A stale session cookie is cleared so the client knows it is signed out.
    if (request.cookies[SESSION_COOKIE]) clearSessionCookies(reply, services.config);
    return reply.code(401).send(NOT_AUTHENTICATED);
  };
}

/** preHandler for routes limited to one role; runs after the guard set request.user. */
export function requireRole(role: Role): preHandlerAsyncHookHandler {
  return async function roleGuard(request, reply) {
    if (!request.user) return reply.code(401).send(NOT_AUTHENTICATED);
    if (request.user.role !== role) return reply.code(403).send({ message: `Forbidden: ${role} role required` });
  };
}

interface Resolved {
  user: UserProfile;
  auth: AuthContext;
}

async function fromSession(services: AuthServices, request: FastifyRequest, reply: FastifyReply): Promise<Resolved | null> {
  const token = request.cookies[SESSION_COOKIE];
  if (!token) return null;
  const session = await services.sessions.lookup(token);
  if (!session) return null;
  // A removed user or a changed password (token version) ends the session.
  const user = await services.users.profileAt(session.username, session.tokenVersion);
  if (!user) {
    await services.sessions.destroyById(session.id);
    return null;
  }
  // Sliding renewal: the browser's cookie must live as long as the extended session.
  if (session.renewed) setSessionCookies(reply, services.config, token, user);
  return { user, auth: { method: 'session', sessionId: session.id } };
}

async function fromBearer(services: AuthServices, request: FastifyRequest): Promise<Resolved | null> {
  const token = bearerTokenOf(request);
  if (!token) return null;
  // Checked against its token family and the user (both in memory once known), so logout,
  // refresh-token reuse, a password or role change or removal take effect before it expires.
  const verified = await services.grants.authenticate(token);
  if (!verified) return null;
  const { user, familyId } = verified;
  return { user, auth: { method: 'bearer', subject: user.username, sid: familyId } };
}
