import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { openStore } from '../store/db';
import { MIGRATIONS } from '../store/migrations';
import { ADMIN_PASSWORD, FAST_HASHING, manualClock, signIn, useFixture } from '../testing/harness';
import { sessionIdOf } from './sessions';
import { UserStore } from './users';

const fixture = useFixture();
const REALM = '/api/auth/realms/dataplatform/protocol/openid-connect';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const ME = '/api/v1/temp/me';
const BI_LOGIN = '/api/bi/v1/security/login';
const BI_REFRESH = '/api/bi/v1/security/refresh';

interface Tokens {
  access_token: string;
  refresh_token: string;
}

function post(app: FastifyInstance, path: string, fields: Record<string, string>) {
  return app.inject({ method: 'POST', url: `${REALM}/${path}`, headers: FORM, payload: new URLSearchParams(fields).toString() });
}

async function passwordGrant(app: FastifyInstance, password = ADMIN_PASSWORD): Promise<Tokens> {
  const response = await post(app, 'token', { grant_type: 'password', client_id: 'cli', username: 'admin', password });
  expect(response.statusCode).toBe(200);
  return response.json();
}

const refreshGrant = (app: FastifyInstance, refreshToken: string) => post(app, 'token', { grant_type: 'refresh_token', client_id: 'cli', refresh_token: refreshToken });

async function meWith(app: FastifyInstance, accessToken: string): Promise<number> {
  return (await app.inject({ method: 'GET', url: ME, headers: { authorization: `Bearer ${accessToken}` } })).statusCode;
}

describe('revocation', () => {
  it('a restart with a new admin password ends the old session cookie, access token and refresh token', async () => {
    const first = await fixture.build();
    const { cookie } = await signIn(first.app);
    const tokens = await passwordGrant(first.app);
    const dataDir = first.services.config.dataDir;
    await fixture.close(first.app);

    // The same password again changes nothing.
    const same = await fixture.build({ dataDir });
    expect((await same.app.inject({ method: 'GET', url: ME, headers: { cookie } })).statusCode).toBe(200);
    expect(await meWith(same.app, tokens.access_token)).toBe(200);
    await fixture.close(same.app);

    const changed = await fixture.build({ dataDir, adminPassword: 'a-brand-new-password' });
    expect((await changed.app.inject({ method: 'GET', url: ME, headers: { cookie } })).statusCode).toBe(401);
    expect(await meWith(changed.app, tokens.access_token)).toBe(401);
    expect((await refreshGrant(changed.app, tokens.refresh_token)).statusCode).toBe(400);
    expect((await signIn(changed.app, 'admin', 'a-brand-new-password')).response.statusCode).toBe(200);
  });

  it('a password change by any path ends that user’s sessions and tokens, not other users’', async () => {
    const { app, services } = await fixture.build();
    const admin = await signIn(app);
    const editor = await signIn(app, 'editor', 'editor-test-password');
    const tokens = await passwordGrant(app);
    await services.users.setPassword('admin', 'changed-by-another-path');
    expect((await app.inject({ method: 'GET', url: ME, headers: { cookie: admin.cookie } })).statusCode).toBe(401);
    expect(await meWith(app, tokens.access_token)).toBe(401);
    expect((await refreshGrant(app, tokens.refresh_token)).statusCode).toBe(400);
    expect((await app.inject({ method: 'GET', url: ME, headers: { cookie: editor.cookie } })).statusCode).toBe(200);
    // The purge removes what the change ended.
    await Promise.all([services.sessions.purgeExpired(), services.families.purgeExpired()]);
    const left = await services.store.all<{ username: string }>('SELECT username FROM sessions UNION ALL SELECT username FROM token_families');
    expect(left.map((row) => row.username)).toEqual(['editor']);
  });

  it('refresh tokens rotate; reusing a rotated one revokes its whole family', async () => {
    const clock = manualClock();
    const { app } = await fixture.build({}, { clock: clock.now });
    const first = await passwordGrant(app);
    clock.advance(1000);
    const second = await refreshGrant(app, first.refresh_token);
    expect(second.statusCode).toBe(200);
    const rotated: Tokens = second.json();
    expect(rotated.refresh_token).not.toBe(first.refresh_token);
    clock.advance(1000);
    const third: Tokens = (await refreshGrant(app, rotated.refresh_token)).json();
    expect(await meWith(app, third.access_token)).toBe(200);

    // The first token again: a copy is in someone else's hands, so the family ends.
    const reuse = await refreshGrant(app, first.refresh_token);
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json()).toEqual({ error: 'invalid_grant', error_description: 'Token is not active' });
    expect((await refreshGrant(app, third.refresh_token)).statusCode).toBe(400);
    expect(await meWith(app, third.access_token)).toBe(401);
    expect(await meWith(app, first.access_token)).toBe(401);
    // Other families are untouched.
    const other = await passwordGrant(app);
    expect(await meWith(app, other.access_token)).toBe(200);
  });

  it('two concurrent refreshes with one token: at most one gets new tokens', async () => {
    const { app } = await fixture.build();
    const { refresh_token } = await passwordGrant(app);
    const answers = await Promise.all([refreshGrant(app, refresh_token), refreshGrant(app, refresh_token)]);
    expect(answers.filter((answer) => answer.statusCode === 200).length).toBeLessThanOrEqual(1);
  });

  it("Keycloak's logout ends a token family: 204, then its tokens are refused; a bad token is 400 invalid_grant", async () => {
    const { app } = await fixture.build();
    const tokens = await passwordGrant(app);
    const kept = await passwordGrant(app);
    const logout = await post(app, 'logout', { client_id: 'cli', refresh_token: tokens.refresh_token });
    expect(logout.statusCode).toBe(204);
    expect(logout.body).toBe('');
    expect(await meWith(app, tokens.access_token)).toBe(401);
    expect((await refreshGrant(app, tokens.refresh_token)).statusCode).toBe(400);
    expect(await meWith(app, kept.access_token)).toBe(200);

    for (const token of ['garbage', tokens.refresh_token, kept.access_token]) {
      const bad = await post(app, 'logout', { client_id: 'cli', refresh_token: token });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ error: 'invalid_grant', error_description: 'Invalid refresh token' });
    }
    const missing = await post(app, 'logout', { client_id: 'cli' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ error: 'invalid_request', error_description: 'No refresh token' });
  });

  it('the Superset refresh rotates too, and a reused refresh token revokes the family', async () => {
    const { app } = await fixture.build();
    const login = await app.inject({ method: 'POST', url: BI_LOGIN, payload: { username: 'admin', password: ADMIN_PASSWORD, provider: 'db', refresh: true } });
    const first: Tokens = login.json();
    const refresh = (token: string) => app.inject({ method: 'POST', url: BI_REFRESH, headers: { authorization: `Bearer ${token}` } });
    const second = await refresh(first.refresh_token);
    expect(second.statusCode).toBe(200);
    const rotated: Tokens = second.json();
    expect(rotated.refresh_token).toEqual(expect.any(String));
    expect(rotated.refresh_token).not.toBe(first.refresh_token);
    expect(await meWith(app, rotated.access_token)).toBe(200);

    const reuse = await refresh(first.refresh_token);
    expect(reuse.statusCode).toBe(401);
    expect((await refresh(rotated.refresh_token)).statusCode).toBe(401);
    expect(await meWith(app, rotated.access_token)).toBe(401);
  });

  it('signing out of the console ends the Bearer tokens sent with the logout', async () => {
    const { app } = await fixture.build();
    const tokens = await passwordGrant(app);
    const logout = await app.inject({ method: 'POST', url: '/api/v1/temp/logout', headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect(logout.statusCode).toBe(200);
    expect(await meWith(app, tokens.access_token)).toBe(401);
    expect((await refreshGrant(app, tokens.refresh_token)).statusCode).toBe(400);
  });

  it('sessions of a data directory from before token versions keep working after the upgrade', async () => {
    const dataDir = await fixture.tempDir();
    const before = await openStore(dataDir, MIGRATIONS.filter((migration) => migration.version <= 5));
    await (await UserStore.create(before, FAST_HASHING)).ensureSeedUsers({ dataDir, adminPassword: ADMIN_PASSWORD });
    const token = 'B'.repeat(43);
    await before.run('INSERT INTO sessions (id, username, created_at, expires_at) VALUES ($1, $2, $3, $4)', [sessionIdOf(token), 'admin', Date.now(), Date.now() + 3_600_000]);
    await before.close();

    // The DuckDB import (a data directory from before) is the SQLite store's.
    const { app } = await fixture.build({ dataDir, database: null });
    expect((await app.inject({ method: 'GET', url: ME, headers: { cookie: `session=${token}` } })).statusCode).toBe(200);
  });
});
