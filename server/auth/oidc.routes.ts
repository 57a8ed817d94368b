import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ConsoleServices } from '../services';
import { isRefusal, sendRefusal } from './authenticate';
import { PUBLIC_ROUTE } from './guard';
import type { TokenSubject } from './tokens';

const REALM_PATH = '/realms/dataplatform';
const TOKEN_PATH = `${REALM_PATH}/protocol/openid-connect/token`;
const SCOPE = 'profile email';

type TokenRequest = Record<string, unknown>;

/**
 * Keycloak-shaped token endpoint and discovery document, mounted at /api/auth. Tokens
 * are the console's own HS256 JWTs; they work as Bearer tokens on the console APIs.
 */
export const oidcRoutes: FastifyPluginAsync = async (app) => {
  // OAuth clients post forms. The parser is scoped to this plugin only, so the
  // cookie-authenticated APIs never accept (cross-site postable) form bodies.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  app.post<{ Body: TokenRequest | undefined }>(TOKEN_PATH, { config: PUBLIC_ROUTE }, async (request, reply) => {
    const body = request.body ?? {};
    const grantType = body.grant_type;
    if (grantType === 'password') return passwordGrant(app.services, request, reply, body);
    if (grantType === 'refresh_token') return refreshGrant(app.services, reply, body);
    if (typeof grantType !== 'string') return oauthError(reply, 400, 'invalid_request', 'Missing form parameter: grant_type');
    return oauthError(reply, 400, 'unsupported_grant_type', 'Unsupported grant_type');
  });

  // Keycloak's shape. With CONSOLE_PUBLIC_URL the URLs come from it, never from the Host header.
  app.get(`${REALM_PATH}/.well-known/openid-configuration`, { config: PUBLIC_ROUTE }, async (request) => {
    const base = app.services.config.publicUrl ?? `${request.protocol}://${request.host}`;
    const issuer = `${base}${app.prefix}${REALM_PATH}`;
    return {
      issuer,
      token_endpoint: `${issuer}/protocol/openid-connect/token`,
      end_session_endpoint: `${issuer}/protocol/openid-connect/logout`,
      grant_types_supported: ['password', 'refresh_token'],
      token_endpoint_auth_methods_supported: ['none'],
      scopes_supported: ['openid', 'profile', 'email'],
      claims_supported: ['sub', 'role', 'typ', 'sid', 'iss', 'iat', 'exp'],
    };
  });
};

async function passwordGrant(services: ConsoleServices, request: FastifyRequest, reply: FastifyReply, body: TokenRequest) {
  const { username, password } = body;
  if (typeof username !== 'string' || typeof password !== 'string') {
    return oauthError(reply, 400, 'invalid_request', 'Missing parameter: username or password');
  }
  const result = await services.authenticator.signIn(request.ip, username, password);
  if (isRefusal(result)) {
    // Keycloak answers a temporarily locked user with invalid_grant; a busy server is not about the grant.
    const error = result.kind === 'busy' ? 'temporarily_unavailable' : 'invalid_grant';
    return sendRefusal(reply, result, ({ message }) => ({ error, error_description: message }));
  }
  if (result.kind === 'invalid') return oauthError(reply, 401, 'invalid_grant', 'Invalid user credentials');
  return tokenResponse(services, result.user, randomUUID());
}

async function refreshGrant(services: ConsoleServices, reply: FastifyReply, body: TokenRequest) {
  const claims = typeof body.refresh_token === 'string' ? await services.tokens.verify(body.refresh_token, 'refresh') : null;
  // The user is read again so a removed user or changed role is honoured.
  const user = claims ? await services.users.findProfile(claims.sub) : null;
  if (!claims || !user) return oauthError(reply, 400, 'invalid_grant', 'Token is not active');
  return tokenResponse(services, user, claims.sid);
}

async function tokenResponse(services: ConsoleServices, subject: TokenSubject, sid: string) {
  const { tokens } = services;
  return {
    access_token: await tokens.issue(subject, 'access', sid),
    expires_in: tokens.ttlSeconds('access'),
    refresh_expires_in: tokens.ttlSeconds('refresh'),
    refresh_token: await tokens.issue(subject, 'refresh', sid),
    token_type: 'Bearer',
    'not-before-policy': 0,
    session_state: sid,
    scope: SCOPE,
  };
}

function oauthError(reply: FastifyReply, status: number, error: string, description: string) {
  return reply.code(status).send({ error, error_description: description });
}
