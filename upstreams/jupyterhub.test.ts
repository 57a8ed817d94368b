import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningUpstream } from './definition';
import { hubServiceToken, jupyterhub } from './jupyterhub';
import { down, up, whyNotHere, type Where } from './lifecycle';
import { basePython, cacheRoot } from './paths';
import { groupAlive } from './processes';
import { readState, secretsFor } from './state';
import { processesIn } from './testing/processesIn';

/** A cold venv build (~30 s here), the proxy's npm install (~3 s) and the start (~5 s), with room. */
const UP_TIMEOUT_MS = 5 * 60_000;

const why = await whyNotHere(jupyterhub, { cache: cacheRoot(), basePython: basePython() });
if (why) console.warn(`${jupyterhub.title} tests skipped: ${why}.`);

describe.skipIf(why !== null)(`${jupyterhub.title} started by upstreams/`, () => {
  let where: Where;
  let running: RunningUpstream;
  let hub: (method: string, route: string, body?: unknown) => Promise<Response>;

  beforeAll(async () => {
    where = { cache: cacheRoot(), stateRoot: mkdtempSync(path.join(tmpdir(), 'console-jupyterhub-')), basePython: basePython(), say: () => {} };
    running = await up(jupyterhub, where);
    console.log(`${jupyterhub.title}: venv ${running.timings.venvBuilt ? 'built' : 'cached'} in ${(running.timings.venvMs / 1000).toFixed(1)} s, ready ${(running.timings.startMs / 1000).toFixed(1)} s after start`);
    const token = hubServiceToken(secretsFor(running.stateDir, []));
    hub = (method, route, body) =>
      fetch(`${running.url}/hub/api${route}`, { method, headers: { authorization: `token ${token}` }, body: body === undefined ? undefined : JSON.stringify(body) });
  }, UP_TIMEOUT_MS);

  afterAll(async () => {
    if (where) await down(jupyterhub.name, where);
    if (where) rmSync(where.stateRoot, { recursive: true, force: true });
  }, 60_000);

  it('is healthy on a loopback port, the proxy and the Hub as two processes of ours', async () => {
    expect(running.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(await jupyterhub.ready(running.url)).toBe(true);
    expect(readState(running.stateDir)?.processes.map((p) => p.role)).toEqual(['configurable-http-proxy', 'jupyterhub']);
  });

  it('knows the service `console` by its token, with exactly the scopes the console needs, and no one without it', async () => {
    const response = await hub('GET', '/user');
    expect(response.status).toBe(200);
    const me = (await response.json()) as { kind: string; name: string; scopes: string[] };
    expect(me).toMatchObject({ kind: 'service', name: 'console' });
    expect(me.scopes).toEqual(expect.arrayContaining(['admin:users', 'servers', 'tokens']));
    expect(me.scopes).not.toContain('admin:servers');
    expect((await fetch(`${running.url}/hub/api/users`)).status).toBe(403);
  });

  it('spawns slowly: POST …/server answers 202 at once, then progress says what the spawner does until ready', async () => {
    expect((await hub('POST', '/users/lifecycle')).status).toBe(201);
    const asked = Date.now();
    expect((await hub('POST', '/users/lifecycle/server')).status).toBe(202);
    expect(Date.now() - asked).toBeLessThan(2_000);
    const progress = await (await hub('GET', '/users/lifecycle/server/progress')).text();
    const events = progress.split('\n').filter((line) => line.startsWith('data: ')).map((line) => JSON.parse(line.slice(6)) as { message: string; ready?: boolean });
    expect(events.map((event) => event.message)).toContain("Preparing lifecycle's server (1/3)");
    expect(events.at(-1)).toMatchObject({ ready: true });
    expect(processesIn(path.join(running.stateDir, 'homes', 'lifecycle')).length).toBeGreaterThan(0);
  }, 60_000);

  it('a second up reuses the running Hub', async () => {
    const again = await up(jupyterhub, where);
    expect(again.url).toBe(running.url);
    expect(again.timings.startMs).toBe(0);
  });

  it('down stops exactly what up started, and the Hub stops the user servers it spawned', async () => {
    const processes = readState(running.stateDir)?.processes ?? [];
    expect(await down(jupyterhub.name, where)).toBe(true);
    expect(processes.filter(groupAlive)).toEqual([]);
    expect(await jupyterhub.ready(running.url)).toBe(false);
    expect(processesIn(path.join(running.stateDir, 'homes', 'lifecycle'))).toEqual([]);
  }, 60_000);
});

describe.skipIf(why !== null)(`${jupyterhub.title}'s idle culler`, () => {
  let where: Where;

  afterAll(async () => {
    if (where) await down(jupyterhub.name, where);
    if (where) rmSync(where.stateRoot, { recursive: true, force: true });
  }, 60_000);

  it('stops a server idle past CONSOLE_JUPYTERHUB_CULL_TIMEOUT (jupyterhub-idle-culler, a Hub service)', async () => {
    where = { cache: cacheRoot(), stateRoot: mkdtempSync(path.join(tmpdir(), 'console-jupyterhub-cull-')), basePython: basePython(), say: () => {} };
    Object.assign(process.env, { CONSOLE_JUPYTERHUB_CULL_TIMEOUT: '5', CONSOLE_JUPYTERHUB_CULL_EVERY: '5' });
    let running: RunningUpstream;
    try {
      running = await up(jupyterhub, where);
    } finally {
      delete process.env.CONSOLE_JUPYTERHUB_CULL_TIMEOUT;
      delete process.env.CONSOLE_JUPYTERHUB_CULL_EVERY;
    }
    const headers = { authorization: `token ${hubServiceToken(secretsFor(running.stateDir, []))}` };
    const hub = (method: string, route: string) => fetch(`${running.url}/hub/api${route}`, { method, headers });
    expect((await hub('POST', '/users/idle')).status).toBe(201);
    expect((await hub('POST', '/users/idle/server')).status).toBe(202);
    await (await hub('GET', '/users/idle/server/progress')).text();
    const server = async () => ((await (await hub('GET', '/users/idle')).json()) as { servers: Record<string, unknown> }).servers[''];
    expect(await server()).toMatchObject({ ready: true });
    await expect.poll(server, { timeout: 45_000, interval: 500 }).toBeUndefined();
    expect(processesIn(path.join(running.stateDir, 'homes', 'idle'))).toEqual([]);
  }, UP_TIMEOUT_MS);
});
