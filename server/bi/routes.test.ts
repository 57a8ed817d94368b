import { describe, expect, it } from 'vitest';
import type { FastifyRequest } from 'fastify';
import { ADMIN_PASSWORD, EDITOR_PASSWORD, signIn, useFixture } from '../testing/harness';
import { csrfTokenFor, verifyCsrf } from './csrf';

const fixture = useFixture();
const LOGIN = '/api/bi/v1/security/login';
const REFRESH = '/api/bi/v1/security/refresh';

describe('Superset security API', () => {
  it('login answers access and refresh tokens; the access token reads /me/', async () => {
    const { app } = await fixture.build();
    const login = await app.inject({ method: 'POST', url: LOGIN, payload: { username: 'admin', password: ADMIN_PASSWORD, provider: 'db', refresh: true } });
    expect(login.statusCode).toBe(200);
    const { access_token, refresh_token } = login.json();
    expect(Object.keys(login.json()).sort()).toEqual(['access_token', 'refresh_token']);

    const me = await app.inject({ method: 'GET', url: '/api/bi/v1/me/', headers: { authorization: `Bearer ${access_token}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json().result.username).toBe('admin');

    const refreshed = await app.inject({ method: 'POST', url: REFRESH, headers: { authorization: `Bearer ${refresh_token}` } });
    expect(refreshed.statusCode).toBe(200);
    // Rotation: Superset's {access_token} plus the next refresh token (the one sent is spent).
    expect(Object.keys(refreshed.json())).toEqual(['access_token', 'refresh_token']);
    const again = await app.inject({ method: 'GET', url: '/api/bi/v1/me/', headers: { authorization: `Bearer ${refreshed.json().access_token}` } });
    expect(again.statusCode).toBe(200);
  });

  it('login without refresh answers only an access token', async () => {
    const { app } = await fixture.build();
    const login = await app.inject({ method: 'POST', url: LOGIN, payload: { username: 'admin', password: ADMIN_PASSWORD, provider: 'db', refresh: false } });
    expect(Object.keys(login.json())).toEqual(['access_token']);
  });

  it('bad credentials → 401 Not authorized; bad body → 400; editor → 403', async () => {
    const { app } = await fixture.build();
    const bad = await app.inject({ method: 'POST', url: LOGIN, payload: { username: 'admin', password: 'nope', provider: 'db' } });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toEqual({ message: 'Not authorized' });
    const invalid = await app.inject({ method: 'POST', url: LOGIN, payload: { username: 'admin', provider: 'db' } });
    expect(invalid.statusCode).toBe(400);
    const editor = await app.inject({ method: 'POST', url: LOGIN, payload: { username: 'editor', password: EDITOR_PASSWORD, provider: 'db' } });
    expect(editor.statusCode).toBe(403);
  });

  it('refresh rejects missing, garbage and access tokens', async () => {
    const { app } = await fixture.build();
    const { access_token } = (await app.inject({ method: 'POST', url: LOGIN, payload: { username: 'admin', password: ADMIN_PASSWORD, provider: 'db' } })).json();
    for (const headers of [{}, { authorization: 'Bearer garbage' }, { authorization: `Bearer ${access_token}` }]) {
      const response = await app.inject({ method: 'POST', url: REFRESH, headers });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Not authorized' });
    }
  });
});

describe('CSRF token', () => {
  it('is stable per session, differs between sessions, and verifies only for its own session', async () => {
    const { app, services } = await fixture.build();
    const a = await signIn(app);
    const b = await signIn(app);
    const get = async (cookie: string) =>
      (await app.inject({ method: 'GET', url: '/api/bi/v1/security/csrf_token/', headers: { cookie } })).json().result as string;
    const tokenA = await get(a.cookie);
    expect(await get(a.cookie)).toBe(tokenA);
    expect(await get(b.cookie)).not.toBe(tokenA);

    const auth = { method: 'session', sessionId: 'session-a' } as const;
    const token = csrfTokenFor(services.tokens.csrfKey, auth);
    const request = (headers: Record<string, string>, requestAuth: FastifyRequest['auth'] = auth) =>
      ({ headers, auth: requestAuth, server: app }) as unknown as FastifyRequest;
    expect(verifyCsrf(request({ 'x-csrftoken': token }))).toBe(true);
    expect(verifyCsrf(request({}))).toBe(false);
    expect(verifyCsrf(request({ 'x-csrftoken': tokenA }))).toBe(false);
    expect(verifyCsrf(request({ 'x-csrftoken': token }, { method: 'session', sessionId: 'session-b' }))).toBe(false);
    expect(verifyCsrf(request({ 'x-csrftoken': token }, null))).toBe(false);
  });
});
