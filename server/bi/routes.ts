import type { FastifyPluginAsync, preHandlerAsyncHookHandler } from 'fastify';
import { isRefusal, sendRefusal } from '../auth/authenticate';
import { NOT_AUTHENTICATED, PUBLIC_ROUTE, requireRole } from '../auth/guard';
import { bearerTokenOf } from '../http/paths';
import type { Role } from '../../contracts/session';
import { requiredStrings } from '../http/validation';
import type { BiOptions } from './context';
import { csrfGuard, csrfTokenFor } from './csrf';
import { databaseRoutes } from './database.routes';
import { registerBiErrors } from './errors';
import { queryRoutes } from './query.routes';
import { savedQueryRoutes } from './savedQuery.routes';
import { sqlLabRoutes } from './sqllab.routes';

interface SupersetLoginBody {
  username: string;
  password: string;
  provider?: 'db' | 'ldap';
  refresh?: boolean;
}

const NOT_AUTHORIZED = { message: 'Not authorized' };
const ADMIN_REQUIRED = { message: 'Forbidden: admin role required' };

const credentials = requiredStrings('username', 'password');
const loginSchema = {
  ...credentials,
  properties: {
    ...credentials.properties,
    provider: { type: 'string', enum: ['db', 'ldap'] },
    refresh: { strictType: 'boolean' },
  },
};

/** Roles that may read the catalog (databases, schemas, tables, columns, table previews). */
const CATALOG_READERS: readonly Role[] = ['admin', 'editor'];

/**
 * Superset-compatible API, mounted at /api/bi, in two scopes that share the app's BiContext:
 * - the reader scope, open to every role in CATALOG_READERS: the read-only database API
 *   (GET /v1/database/..., search_tables/, search_columns/, table_preview/) the catalog browser uses;
 * - the admin scope, administrators only: everything else (SQL Lab, query history, saved
 *   queries, /v1/me/, the CSRF token). Register new BI route plugins there unless they only
 *   read the catalog, so the admin check covers them.
 * Login/refresh are public but give tokens to admins only. Every mutating call but
 * login/refresh needs the CSRF token (see csrfGuard).
 */
export const biRoutes: FastifyPluginAsync<BiOptions> = async (app, { bi }) => {
  app.addHook('onRequest', csrfGuard);
  await app.register(securityTokenRoutes);
  await app.register(async (reader) => {
    reader.addHook('preHandler', requireAnyRole(CATALOG_READERS));
    registerBiErrors(reader);
    await reader.register(databaseRoutes, { bi });
  });
  await app.register(async (admin) => {
    admin.addHook('preHandler', requireRole('admin'));
    registerBiErrors(admin);
    await admin.register(currentUserRoutes);
    await admin.register(sqlLabRoutes, { bi });
    await admin.register(queryRoutes, { bi });
    await admin.register(savedQueryRoutes, { bi });
  });
};

/**
 * preHandler of the reader scope: like requireRole (auth/guard.ts), which takes one role, but
 * for a list of roles; an allowlist, so a role added later is not let in by default.
 */
function requireAnyRole(roles: readonly Role[]): preHandlerAsyncHookHandler {
  return async function anyRoleGuard(request, reply) {
    if (!request.user) return reply.code(401).send(NOT_AUTHENTICATED);
    if (!roles.includes(request.user.role)) return reply.code(403).send({ message: `Forbidden: one of the roles ${roles.join(', ')} required` });
  };
}

/**
 * JWT login and refresh (Superset's security API): public, but only admins get tokens. The
 * tokens are revocable like the OIDC ones (see TokenGrants): refresh rotates, so its answer
 * adds a refresh_token to Superset's {access_token}, and the one sent is spent.
 */
export const securityTokenRoutes: FastifyPluginAsync = async (app) => {
  const { authenticator, grants } = app.services;
  const options = { config: PUBLIC_ROUTE, schema: { body: loginSchema } };

  app.post<{ Body: SupersetLoginBody }>('/v1/security/login', options, async (request, reply) => {
    const { username, password, refresh } = request.body;
    const result = await authenticator.signIn(request.ip, username, password);
    if (isRefusal(result)) return sendRefusal(reply, result, ({ message }) => ({ message }));
    if (result.kind === 'invalid') return reply.code(401).send(NOT_AUTHORIZED);
    if (result.user.role !== 'admin') return reply.code(403).send(ADMIN_REQUIRED);
    const issued = await grants.start(result.user, result.tokenVersion, refresh === true);
    if (!issued.refreshToken) return { access_token: issued.accessToken };
    return { access_token: issued.accessToken, refresh_token: issued.refreshToken };
  });

  app.post('/v1/security/refresh', { config: PUBLIC_ROUTE }, async (request, reply) => {
    const token = bearerTokenOf(request);
    // The user is read again, so a removed user or a changed role or password is honoured.
    const refreshed = token ? await grants.refresh(token) : null;
    if (!refreshed) return reply.code(401).send(NOT_AUTHORIZED);
    if (refreshed.user.role !== 'admin') return reply.code(403).send(ADMIN_REQUIRED);
    return { access_token: refreshed.accessToken, refresh_token: refreshed.refreshToken };
  });
};

/** GET /v1/me/ (UserResponseSchema) and the CSRF token for mutating calls. */
const currentUserRoutes: FastifyPluginAsync = async (app) => {
  app.get('/v1/me/', async (request) => {
    const record = await app.services.users.find(request.user?.username ?? '');
    if (!record) throw new Error('Authenticated user vanished');
    return {
      result: {
        id: record.id,
        username: record.username,
        first_name: record.firstName,
        last_name: record.lastName,
        email: record.email,
        is_active: true,
        is_anonymous: false,
      },
    };
  });

  app.get('/v1/security/csrf_token/', async (request) => {
    if (!request.auth) throw new Error('Guard did not attach auth');
    return { result: csrfTokenFor(app.services.tokens.csrfKey, request.auth) };
  });
};
