import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ConsoleConfig } from '../config';
import type { AuthServices } from './services';
import { isRefusal, sendRefusal } from './authenticate';
import { PUBLIC_ROUTE } from './guard';
import type { IssuedTokens } from './grants';

const REALM_PATH = '/realms/dataplatform';
const TOKEN_PATH = `${REALM_PATH}/protocol/openid-connect/token`;
const LOGOUT_PATH = `${REALM_PATH}/protocol/openid-connect/logout`;
const SCOPE = 'profile email';

type TokenRequest = Record<string, unknown>;

/**
 * Keycloak-shaped token and logout endpoints and discovery document, mounted at /api/auth.
 * Tokens are the console's own HS256 JWTs in revocable families (see TokenGrants); they work
 * as Bearer tokens on the console APIs.
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

  // For scripts (Keycloak's back-channel logout): ends the family of the refresh token; client_id is not needed.
  app.post<{ Body: TokenRequest | undefined }>(LOGOUT_PATH, { config: PUBLIC_ROUTE }, async (request, reply) => {
    const token = request.body?.refresh_token;
    if (typeof token !== 'string' || token === '') return oauthError(reply, 400, 'invalid_request', 'No refresh token');
    if (!(await app.services.grants.end(token, 'refresh'))) return oauthError(reply, 400, 'invalid_grant', 'Invalid refresh token');
    return reply.code(204).send();
  });

  // Keycloak's shape. The URLs never come from the Host header, which anyone can forge (a shared
  // cache in front would keep the forged answer): from CONSOLE_PUBLIC_URL, else the console's own address.
  app.get(`${REALM_PATH}/.well-known/openid-configuration`, { config: PUBLIC_ROUTE }, async (request) => {
    const { config } = app.services;
    const base = config.publicUrl ?? listeningOrigin(request, config);
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

/** The address and port the request reached (the configured ones when injected without a socket). */
function listeningOrigin(request: FastifyRequest, config: ConsoleConfig): string {
  const { localAddress, localPort } = request.socket;
  // A dual-stack listener reports IPv4 peers as ::ffff:a.b.c.d.
  const address = localAddress && localPort ? localAddress.replace(/^::ffff:(?=\d+\.)/, '') : config.host;
  const host = address.includes(':') ? `[${address}]` : address;
  return `${request.protocol}://${host}:${localAddress && localPort ? localPort : config.port}`;
}

async function passwordGrant(services: AuthServices, request: FastifyRequest, reply: FastifyReply, body: TokenRequest) {
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
  return tokenResponse(services, await services.grants.start(result.user, result.tokenVersion, true));
}

/** Rotation: the answer carries a new refresh token and the one sent is spent (reusing it ends the family). */
async function refreshGrant(services: AuthServices, reply: FastifyReply, body: TokenRequest) {
  const refreshed = typeof body.refresh_token === 'string' ? await services.grants.refresh(body.refresh_token) : null;
  if (!refreshed) return oauthError(reply, 400, 'invalid_grant', 'Token is not active');
  return tokenResponse(services, refreshed);
}

function tokenResponse(services: AuthServices, issued: IssuedTokens) {
  const { tokens } = services;
  return {
    access_token: issued.accessToken,
    expires_in: tokens.ttlSeconds('access'),
    refresh_expires_in: tokens.ttlSeconds('refresh'),
    refresh_token: issued.refreshToken,
    token_type: 'Bearer',
    'not-before-policy': 0,
    session_state: issued.familyId,
    scope: SCOPE,
  };
}

function oauthError(reply: FastifyReply, status: number, error: string, description: string) {
  return reply.code(status).send({ error, error_description: description });
}
