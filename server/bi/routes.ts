import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { THROTTLED_MESSAGE } from '../auth/authenticate';
import { bearerTokenOf, PUBLIC_ROUTE, requireRole } from '../auth/guard';
import { requiredStrings } from '../http/validation';
import { openBiContext } from './context';
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

/**
 * Superset-compatible API, mounted at /api/bi; administrators only. Register new BI
 * route plugins (SQL Lab, ...) inside the admin scope so the role check covers them.
 * Every mutating call but login/refresh needs the CSRF token (see csrfGuard).
 */
export const biRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', csrfGuard);
  await app.register(securityTokenRoutes);
  await app.register(async (admin) => {
    admin.addHook('preHandler', requireRole('admin'));
    registerBiErrors(admin);
    await admin.register(currentUserRoutes);
    const bi = await openBiContext(admin);
    await admin.register(databaseRoutes, { bi });
    await admin.register(sqlLabRoutes, { bi });
    await admin.register(queryRoutes, { bi });
    await admin.register(savedQueryRoutes, { bi });
  });
};

/** JWT login and refresh (Superset's security API): public, but only admins get tokens. */
const securityTokenRoutes: FastifyPluginAsync = async (app) => {
  const { authenticator, tokens, users } = app.services;
  const options = { config: PUBLIC_ROUTE, schema: { body: loginSchema } };

  app.post<{ Body: SupersetLoginBody }>('/v1/security/login', options, async (request, reply) => {
    const { username, password, refresh } = request.body;
    const result = await authenticator.signIn(request.ip, username, password);
    if (result.kind === 'throttled') return reply.code(429).send({ message: THROTTLED_MESSAGE });
    if (result.kind === 'invalid') return reply.code(401).send(NOT_AUTHORIZED);
    if (result.user.role !== 'admin') return reply.code(403).send(ADMIN_REQUIRED);
    const sid = randomUUID();
    const access_token = await tokens.issue(result.user, 'access', sid);
    if (!refresh) return { access_token };
    return { access_token, refresh_token: await tokens.issue(result.user, 'refresh', sid) };
  });

  app.post('/v1/security/refresh', { config: PUBLIC_ROUTE }, async (request, reply) => {
    const token = bearerTokenOf(request);
    const claims = token ? await tokens.verify(token, 'refresh') : null;
    // The user is read again so a removed user or changed role is honoured.
    const user = claims ? await users.findProfile(claims.sub) : null;
    if (!claims || !user) return reply.code(401).send(NOT_AUTHORIZED);
    if (user.role !== 'admin') return reply.code(403).send(ADMIN_REQUIRED);
    return { access_token: await tokens.issue(user, 'access', claims.sid) };
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
