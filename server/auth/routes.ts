import type { FastifyPluginAsync } from 'fastify';
import { INVALID_CREDENTIALS_MESSAGE, isRefusal, sendRefusal } from '../auth/authenticate';
import { requiredStrings } from '../http/validation';
import { clearSessionCookies, SESSION_COOKIE, setSessionCookies } from './cookies';
import { bearerTokenOf } from '../http/paths';
import { PUBLIC_ROUTE } from './guard';

interface LoginBody {
  username: string;
  password: string;
}

/** Console sign-in, mounted at /api/v1/temp (the seed product's paths). */
export const consoleAuthRoutes: FastifyPluginAsync = async (app) => {
  const { authenticator, sessions, grants, config } = app.services;

  app.post<{ Body: LoginBody }>(
    '/login',
    { config: PUBLIC_ROUTE, schema: { body: requiredStrings('username', 'password') } },
    async (request, reply) => {
      const { username, password } = request.body;
      const result = await authenticator.signIn(request.ip, username, password);
      if (isRefusal(result)) return sendRefusal(reply, result, ({ message }) => ({ message }));
      if (result.kind === 'invalid') return reply.code(401).send({ message: INVALID_CREDENTIALS_MESSAGE });
      // A new sign-in never reuses a session the browser brought along (fixation).
      const previous = request.cookies[SESSION_COOKIE];
      if (previous) await sessions.destroy(previous);
      const session = await sessions.create(result.user.username, result.tokenVersion);
      setSessionCookies(reply, config, session.token, result.user);
      return { data: result.user };
    },
  );

  // Ends the cookie session, and the token family of a Bearer access token sent along.
  app.post('/logout', { config: PUBLIC_ROUTE }, async (request, reply) => {
    const token = request.cookies[SESSION_COOKIE];
    if (token) await sessions.destroy(token);
    const bearer = bearerTokenOf(request);
    if (bearer) await grants.end(bearer, 'access');
    clearSessionCookies(reply, config);
    return { data: { ok: true } };
  });

  app.get('/me', async (request) => ({ data: request.user }));
};
