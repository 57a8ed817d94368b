import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningUpstream } from './definition';
import { down, downWithNeeds, up, whyNotHere, type Where } from './lifecycle';
import { basePython, cacheRoot } from './paths';
import { groupAlive } from './processes';
import { readState } from './state';
import { superset } from './superset';
import { consoleHeaders, supersetClient, type SupersetClient } from './testing/supersetClient';

/** A cold venv build (~50 s here), a PostgreSQL cluster, migrations, the warehouse load (~20 s) and the start, with room. */
const UP_TIMEOUT_MS = 8 * 60_000;

const why = await whyNotHere(superset, { cache: cacheRoot(), basePython: basePython() });
if (why) console.warn(`${superset.title} tests skipped: ${why}.`);

interface DatabaseRow {
  id: number;
  database_name: string;
  expose_in_sqllab: boolean;
  allow_dml: boolean;
}

describe.skipIf(why !== null)(`${superset.title} started by upstreams/`, () => {
  let where: Where;
  let running: RunningUpstream;
  let client: SupersetClient;
  let databases: DatabaseRow[];

  beforeAll(async () => {
    where = { cache: cacheRoot(), stateRoot: mkdtempSync(path.join(tmpdir(), 'console-superset-')), basePython: basePython(), say: () => {} };
    running = await up(superset, where);
    console.log(`${superset.title}: venv ${running.timings.venvBuilt ? 'built' : 'cached'} in ${(running.timings.venvMs / 1000).toFixed(1)} s, ready ${(running.timings.startMs / 1000).toFixed(1)} s after start`);
    client = await supersetClient(running);
  }, UP_TIMEOUT_MS);

  afterAll(async () => {
    if (where) await downWithNeeds(superset, where);
    if (where) rmSync(where.stateRoot, { recursive: true, force: true });
  }, 60_000);

  it('is healthy on a loopback port', async () => {
    expect(running.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(await superset.ready(running.url)).toBe(true);
    expect(readState(running.stateDir)?.processes.map((p) => p.role)).toEqual(['gunicorn']);
  });

  it('signs in only with the console secret (a forged X-Console-User is no one), refuses the db login API and a write without the CSRF token', async () => {
    // Under AUTH_REMOTE_USER, Flask-AppBuilder takes no passwords through the API.
    const login = await fetch(`${running.url}/api/v1/security/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: running.accounts[0].password, provider: 'db' }),
    });
    expect(login.status).toBe(400);
    expect(await login.text()).toMatch(/Alternative authentication provider is not allowed/);
    for (const secret of ['', 'wrong-secret']) {
      await expect(supersetClient(running, 'admin', 'admin', consoleHeaders(running, 'admin', 'admin', secret))).rejects.toThrow(/answered 401: not signed in/);
    }
    const unprotected = await fetch(`${running.url}/api/v1/sqllab/execute/`, { method: 'POST', headers: { cookie: client.cookie, 'content-type': 'application/json' }, body: '{}' });
    expect(unprotected.status).toBe(400);
    expect(await unprotected.text()).toMatch(/CSRF/i);
  });

  it('serves its own SQL Lab page to a console user (the peer the bench measures against)', async () => {
    const page = await fetch(`${running.url}/sqllab/`, { headers: { cookie: client.cookie } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="app"');
  });

  it('lists both databases in SQL Lab: the PostgreSQL warehouse refuses DML, the DuckDB file allows it', async () => {
    const response = await client.get('/api/v1/database/?q=(page_size:100)');
    expect(response.status).toBe(200);
    databases = ((await response.json()) as { result: DatabaseRow[] }).result;
    const byName = Object.fromEntries(databases.map((row) => [row.database_name, row]));
    expect(byName.warehouse).toMatchObject({ expose_in_sqllab: true, allow_dml: false });
    expect(byName.duckdb).toMatchObject({ expose_in_sqllab: true, allow_dml: true });
  });

  it('counts the million rows of gaming.bet_report on PostgreSQL and on DuckDB through /api/v1/sqllab/execute/', async () => {
    for (const [name, schema] of [['warehouse', 'gaming'], ['duckdb', 'gaming']]) {
      const database = databases.find((row) => row.database_name === name);
      const response = await client.post('/api/v1/sqllab/execute/', { database_id: database?.id, schema, sql: 'select count(*) as n from gaming.bet_report', runAsync: false });
      expect(response.status, await response.clone().text()).toBe(200);
      const body = (await response.json()) as { status: string; data: Array<{ n: number }> };
      expect(body.status).toBe('success');
      expect(body.data).toEqual([{ n: 1_000_000 }]);
    }
  }, 60_000);

  it('refuses DML on the warehouse', async () => {
    const database = databases.find((row) => row.database_name === 'warehouse');
    const response = await client.post('/api/v1/sqllab/execute/', { database_id: database?.id, schema: 'gaming', sql: 'delete from gaming.bet_report', runAsync: false });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(await response.text()).toMatch(/DML|read-only|not allowed/i);
  });

  it('down stops exactly what up started, and leaves the PostgreSQL it needs running', async () => {
    const processes = readState(running.stateDir)?.processes ?? [];
    const cluster = readState(path.join(where.stateRoot, 'postgres'))?.processes ?? [];
    expect(await down(superset.name, where)).toBe(true);
    expect(processes.filter(groupAlive)).toEqual([]);
    expect(await superset.ready(running.url)).toBe(false);
    expect(cluster.length).toBeGreaterThan(0);
    expect(cluster.every(groupAlive)).toBe(true);
  }, 60_000);
});
