import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { createSessions } from '../../server/bi/upstream/session';
import type { SupersetUpstream } from '../../server/config';
import { EDITOR_PASSWORD, FAST_HASHING, signIn, testConfig } from '../../server/testing/harness';
import { secretsFor } from '../state';
import { CONSOLE_ROLES, consoleSecret, superset } from '../superset';
import { startRelay } from '../testing/relay';
import { consoleHeaders, supersetClient } from '../testing/supersetClient';
import { supersetWhy, useSupersetInFront, type ConsoleRole } from '../testing/supersetInFront';

describe.skipIf(supersetWhy !== null)(`The console's /api/bi in front of ${superset.title}`, () => {
  const front = useSupersetInFront();
  const get = (role: ConsoleRole, url: string) => front.get(role, url);
  const post = (role: ConsoleRole, url: string, body: unknown, headers?: Record<string, string>) => front.send(role, 'POST', url, body, headers);
  const savedLabels = async (role: ConsoleRole) => {
    const response = await get(role, '/api/bi/v1/saved_query/?q=(page_size:100)');
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ result: Array<{ label: string }> }>().result.map((row) => row.label);
  };

  it('the admin and the editor each list both databases through /api/bi/v1/database/, with no Superset cookie coming back', async () => {
    for (const role of ['admin', 'editor'] as const) {
      const response = await get(role, '/api/bi/v1/database/?q=(page_size:100)');
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<{ result: Array<{ database_name: string }> }>().result.map((row) => row.database_name).sort()).toEqual(['duckdb', 'warehouse']);
      expect(response.headers['set-cookie']).toBeUndefined();
    }
  }, 60_000);

  it('each saves a query with the console’s CSRF token, and each sees only their own', async () => {
    const databases = (await get('admin', '/api/bi/v1/database/')).json<{ result: Array<{ id: number; database_name: string }> }>().result;
    const warehouse = databases.find((row) => row.database_name === 'warehouse');
    const stamp = Date.now();
    for (const role of ['admin', 'editor'] as const) {
      const saved = await post(role, '/api/bi/v1/saved_query/', { db_id: warehouse?.id, schema: 'gaming', label: `${role}'s query ${stamp}`, sql: 'select 1' });
      expect(saved.statusCode, saved.body).toBe(201);
    }
    expect((await savedLabels('admin')).filter((label) => label.endsWith(String(stamp)))).toEqual([`admin's query ${stamp}`]);
    expect((await savedLabels('editor')).filter((label) => label.endsWith(String(stamp)))).toEqual([`editor's query ${stamp}`]);
    // Without the console's token the console refuses, before Superset is asked.
    const forged = await front.app.inject({ method: 'POST', url: '/api/bi/v1/saved_query/', headers: { cookie: front.cookie('editor'), 'content-type': 'application/json' }, payload: '{}' });
    expect(forged.statusCode).toBe(403);
  }, 60_000);

  it('a save replayed with its Idempotency-Key (an offline save sent again) reaches Superset once, and every replay gets the first answer', async () => {
    const label = `replayed query ${Date.now()}`;
    const key = `replay-${Date.now()}`;
    const send = () => post('editor', '/api/bi/v1/saved_query/', { label, sql: 'select 3' }, { 'idempotency-key': key });
    const [first, ...replays] = [await send(), ...(await Promise.all([send(), send()]))];
    expect(first.statusCode, first.body).toBe(201);
    for (const replay of replays) {
      expect(replay.statusCode, replay.body).toBe(201);
      expect(replay.json()).toEqual(first.json());
      expect(replay.headers['idempotent-replayed']).toBe('true');
    }
    expect((await savedLabels('editor')).filter((each) => each === label)).toHaveLength(1);
  }, 60_000);

  it('Superset’s user list holds the console users with the roles mapped from theirs', async () => {
    const admin = await supersetClient(front.running);
    const response = await admin.get('/api/v1/security/users/?q=(page_size:100)');
    expect(response.status).toBe(200);
    const users = (await response.json()) as { result: Array<{ username: string; last_name: string; roles: Array<{ name: string }> }> };
    const rolesOf = (username: string) => users.result.find((user) => user.username === username)?.roles.map((role) => role.name).sort();
    // The console's admin is Superset's admin account of the same name (made by `superset fab create-admin`).
    expect(rolesOf('admin')).toEqual([...CONSOLE_ROLES.admin].sort());
    expect(rolesOf('editor')).toEqual([...CONSOLE_ROLES.editor].sort());
    expect(users.result.find((user) => user.username === 'editor')?.last_name).toBe('(console)');
  }, 60_000);

  it('a forged X-Console-User sent straight to Superset, without the secret or with a wrong one, is no one', async () => {
    for (const secret of ['', 'forged-secret-forged-secret']) {
      const login = await fetch(`${front.running.url}/login/`, { headers: consoleHeaders(front.running, 'admin', 'admin', secret), redirect: 'manual' });
      const cookie = login.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ');
      const me = await fetch(`${front.running.url}/api/v1/me/`, { headers: { cookie, 'x-console-user': 'admin', 'x-console-role': 'admin' } });
      expect(me.status, secret).toBe(401);
    }
  }, 60_000);

  it('a name beyond Latin-1 (an OIDC user’s), sent percent-encoded as the console sends it, is that Superset user', async () => {
    const name = `józef.łuk+${Date.now()}@example.com`;
    const client = await supersetClient(front.running, name, 'editor', consoleHeaders(front.running, encodeURIComponent(name), 'editor'));
    const me = (await (await client.get('/api/v1/me/')).json()) as { result: { username: string } };
    expect(me.result.username).toBe(name);
  }, 60_000);

  it('a Superset session that is gone is renewed transparently: forgotten by the console, or refused by Superset (401)', async () => {
    const loginCount = async () => (await get('editor', '/api/bi/v1/me/')).json<{ result: { login_count: number } }>().result.login_count;
    const before = await loginCount();
    front.sessions.forget('editor');
    expect(await loginCount()).toBe(before + 1);
    // Superset forgets it: the kept cookie made worthless, so Superset answers 401 and the console signs in again.
    const session = await front.sessions.session({ username: 'editor', role: 'editor' });
    const spoiled = Object.assign(session, { cookie: () => 'session=expired' });
    expect((await savedLabels('editor')).some((label) => label.startsWith("editor's query"))).toBe(true);
    expect(await front.sessions.session({ username: 'editor', role: 'editor' })).not.toBe(spoiled);
    expect(await loginCount()).toBe(before + 2);
    // A CSRF token Superset no longer takes: its 400 ("The CSRF token is invalid") renews the session too.
    Object.assign(await front.sessions.session({ username: 'editor', role: 'editor' }), { csrfToken: 'stale-token' });
    const saved = await post('editor', '/api/bi/v1/saved_query/', { label: `editor's renewed query ${Date.now()}`, sql: 'select 2' });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(await loginCount()).toBe(before + 3);
  }, 60_000);

  it('answers 502 with a clear detail once Superset cannot be reached, and serves again once it can', async () => {
    // A relay between the console and Superset stops listening: to the console, Superset is down
    // (connections refused), and a shared Superset goes on serving the other suites.
    const relay = await startRelay(front.running.url);
    const relayedDir = await mkdtemp(path.join(tmpdir(), 'console-in-front-'));
    const upstream: SupersetUpstream = { url: relay.url, secret: consoleSecret(secretsFor(front.running.stateDir, [])), timeoutMs: 30_000 };
    const { app: relayed } = await buildApp(testConfig(relayedDir, { superset: upstream }), { passwordHashing: FAST_HASHING, supersetSessions: createSessions(upstream) });
    try {
      const { cookie } = await signIn(relayed, 'editor', EDITOR_PASSWORD);
      const list = () => relayed.inject({ method: 'GET', url: '/api/bi/v1/database/', headers: { cookie } });
      expect((await list()).statusCode).toBe(200);
      await relay.stop();
      const response = await list();
      expect(response.statusCode).toBe(502);
      expect(response.json()).toMatchObject({ status: 502, detail: expect.stringMatching(/^The Superset server could not be reached \(.+\)$/) });
      await relay.resume();
      expect((await list()).statusCode).toBe(200);
    } finally {
      await relayed.close();
      await relay.close();
      await rm(relayedDir, { recursive: true, force: true });
    }
  }, 60_000);
});
