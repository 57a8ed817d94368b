import { describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, EDITOR_PASSWORD, signIn, useFixture } from '../testing/harness';
import { CSRF_REQUIRED } from './csrf';
import { BI_API, biClient } from './testing/client';

const fixture = useFixture();
const FORMAT = `${BI_API}/v1/sqllab/format_sql/`;
const payload = { sql: 'select 1' };

describe('CSRF on the BI API', () => {
  it('a session call without the token, or with a wrong one, is refused with 403 and a clear message', async () => {
    const { app } = await fixture.build();
    const client = await biClient(app);
    const other = await biClient(app);
    for (const headers of [{}, { 'x-csrftoken': 'wrong' }, { 'x-csrftoken': other.csrf }, { 'x-csrftoken': '' }]) {
      const response = await app.inject({ method: 'POST', url: FORMAT, payload, headers: { cookie: client.cookie, ...headers } });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual(CSRF_REQUIRED);
    }
    const ok = await app.inject({ method: 'POST', url: FORMAT, payload, headers: { cookie: client.cookie, 'X-CSRFToken': client.csrf } });
    expect(ok.statusCode).toBe(200);
  });

  it('covers PUT and DELETE, not GET', async () => {
    const { app } = await fixture.build();
    const { cookie } = await signIn(app);
    const put = await app.inject({ method: 'PUT', url: `${BI_API}/v1/saved_query/1`, payload: {}, headers: { cookie } });
    const del = await app.inject({ method: 'DELETE', url: `${BI_API}/v1/saved_query/1`, headers: { cookie } });
    expect([put.statusCode, del.statusCode]).toEqual([403, 403]);
    const get = await app.inject({ method: 'GET', url: `${BI_API}/v1/query/`, headers: { cookie } });
    expect(get.statusCode).toBe(200);
  });

  it('Bearer (JWT) calls need no token: a browser never attaches the header by itself', async () => {
    const { app } = await fixture.build();
    const login = await app.inject({ method: 'POST', url: `${BI_API}/v1/security/login`, payload: { username: 'admin', password: ADMIN_PASSWORD, provider: 'db' } });
    expect(login.statusCode).toBe(200); // the public login itself needs no token
    const response = await app.inject({ method: 'POST', url: FORMAT, payload, headers: { authorization: `Bearer ${login.json().access_token}` } });
    expect(response.statusCode).toBe(200);
  });

  it('a call that also carries a session cookie is a session call and needs the token', async () => {
    const { app } = await fixture.build();
    const { cookie } = await signIn(app);
    const login = await app.inject({ method: 'POST', url: `${BI_API}/v1/security/login`, payload: { username: 'admin', password: ADMIN_PASSWORD, provider: 'db' } });
    const response = await app.inject({ method: 'POST', url: FORMAT, payload, headers: { cookie, authorization: `Bearer ${login.json().access_token}` } });
    expect(response.statusCode).toBe(403);
  });

  it('a refused call does not use up its Idempotency-Key', async () => {
    const { app } = await fixture.build();
    const client = await biClient(app);
    const headers = { cookie: client.cookie, 'idempotency-key': 'format-1' };
    expect((await app.inject({ method: 'POST', url: FORMAT, payload, headers })).statusCode).toBe(403);
    const retried = await app.inject({ method: 'POST', url: FORMAT, payload, headers: { ...headers, 'x-csrftoken': client.csrf } });
    expect(retried.statusCode).toBe(200);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
  });

  it('unauthenticated → 401; editor → 403 on SQL Lab (an editor gets no CSRF token either), but reads the catalog', async () => {
    const { app } = await fixture.build();
    const anonymous = await app.inject({ method: 'POST', url: FORMAT, payload });
    expect(anonymous.statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: `${BI_API}/v1/query/` })).statusCode).toBe(401);
    const editor = await biClient(app, 'editor', EDITOR_PASSWORD);
    expect(editor.csrf).toBe('');
    expect((await editor.post('/v1/sqllab/format_sql/', payload)).statusCode).toBe(403);
    const refused = await editor.get('/v1/sqllab/');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'Forbidden: admin role required' });
    // Catalog reads are GETs: open to editors, and no CSRF token needed.
    expect((await editor.get('/v1/database/')).statusCode).toBe(200);
  });
});
