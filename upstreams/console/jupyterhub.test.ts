import { mkdtemp, rm } from 'node:fs/promises';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KernelModel, KernelStreamEvent, NotebookServerStatus, RunCodeResponse } from '../../contracts/kernels';
import { buildApp } from '../../server/app';
import { ADMIN_PASSWORD, closeListening, EDITOR_PASSWORD, FAST_HASHING, signIn, testConfig } from '../../server/testing/harness';
import { warmWarehouseSeedCache } from '../../server/testing/warehouse';
import { createJupyterHubProvider } from '../../server/kernels/jupyterhub/provider';
import type { RunningUpstream } from '../definition';
import { hubServiceToken, jupyterhub } from '../jupyterhub';
import { down, up, whyNotHere, type Where } from '../lifecycle';
import { basePython, cacheRoot } from '../paths';
import { secretsFor } from '../state';
import { sseData } from '../../server/testing/sse';
import { processesIn } from '../testing/processesIn';

/** A cold venv build (~30 s), the proxy's npm install and the Hub's start, with room. */
const UP_TIMEOUT_MS = 5 * 60_000;

const why = await whyNotHere(jupyterhub, { cache: cacheRoot(), basePython: basePython() });
if (why) console.warn(`${jupyterhub.title} tests skipped: ${why}.`);

type Role = 'admin' | 'editor';

/**
 * The console in-process in front of a real JupyterHub of its own (this file kills servers and the
 * Hub): each console user's notebook server is their Hub server, their kernels run there.
 */
describe.skipIf(why !== null)(`The console's personal notebook servers on ${jupyterhub.title}`, () => {
  let where: Where;
  let running: RunningUpstream;
  let dataDir: string;
  let app: FastifyInstance;
  let base: string;
  const cookies = {} as Record<Role, string>;
  const events = { admin: [], editor: [] } as Record<Role, KernelStreamEvent[]>;
  const streams = new AbortController();
  const kernels = {} as Record<Role, KernelModel>;

  beforeAll(async () => {
    await warmWarehouseSeedCache();
    where = { cache: cacheRoot(), stateRoot: await mkdtemp(path.join(tmpdir(), 'console-jupyterhub-')), basePython: basePython(), say: () => {} };
    // Two spawns at once and no more: the third is refused (429).
    process.env.CONSOLE_JUPYTERHUB_SPAWN_LIMIT = '2';
    try {
      running = await up(jupyterhub, where);
    } finally {
      delete process.env.CONSOLE_JUPYTERHUB_SPAWN_LIMIT;
    }
    dataDir = await mkdtemp(path.join(tmpdir(), 'console-in-front-'));
    const jupyterHub = { url: running.url, token: hubServiceToken(secretsFor(running.stateDir, [])) };
    ({ app } = await buildApp(testConfig(dataDir, { jupyterHub }), { passwordHashing: FAST_HASHING }));
    await app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/notebook`;
    for (const role of ['admin', 'editor'] as const) {
      cookies[role] = (await signIn(app, role, role === 'admin' ? ADMIN_PASSWORD : EDITOR_PASSWORD)).cookie;
      void follow(role);
    }
  }, UP_TIMEOUT_MS);

  afterAll(async () => {
    streams.abort();
    if (app) await closeListening(app);
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
    if (where) await down(jupyterhub.name, where);
    if (where) await rm(where.stateRoot, { recursive: true, force: true });
  }, 60_000);

  async function follow(role: Role): Promise<void> {
    try {
      const response = await fetch(`${base}/kernel-events`, { headers: { cookie: cookies[role] }, signal: streams.signal });
      for await (const data of sseData(response)) events[role].push(JSON.parse(data) as KernelStreamEvent);
    } catch {
      // Aborted at the end.
    }
  }

  const call = async (role: Role, method: string, route: string, body?: unknown) => {
    const response = await fetch(`${base}${route}`, {
      method,
      headers: { cookie: cookies[role], ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, json: <T>() => response.json() as Promise<T> };
  };
  /** The role's own server as their event stream told it (an admin's stream hears of others' too). */
  const servers = (role: Role) => events[role].flatMap((event) => (event.type === 'server' && event.server.username === role ? [event.server] : []));
  const run = async (role: Role, code: string) => (await call(role, 'POST', '/run-code', { code, kernelId: kernels[role].id })).json<RunCodeResponse>();

  it('two users start their servers at once: `starting` at once, the spawner’s progress on each one’s stream, then running', async () => {
    const asked = Date.now();
    const answers = await Promise.all((['admin', 'editor'] as const).map(async (role) => (await call(role, 'POST', '/start-server', { username: role })).json<NotebookServerStatus>()));
    expect(Date.now() - asked).toBeLessThan(2_000);
    for (const answer of answers) expect(answer).toMatchObject({ status: 'starting', provider: 'jupyter' });
    for (const role of ['admin', 'editor'] as const) {
      await expect.poll(() => servers(role).at(-1)?.status, { timeout: 60_000, interval: 200 }).toBe('running');
      const messages = servers(role).filter((server) => server.status === 'starting').map((server) => server.message);
      expect(messages).toContain(`Preparing ${role}'s server (1/3)`);
    }
    expect(events.editor.some((event) => event.type === 'server' && event.server.username !== 'editor')).toBe(false);
  }, 90_000);

  it('each runs code on their own server through the Hub, kernelspecs from it', async () => {
    const specs = (await call('editor', 'GET', '/kernelspecs')).json<{ kernelspecs: Array<{ name: string; provider: string }> }>();
    expect((await specs).kernelspecs).toContainEqual(expect.objectContaining({ name: 'python3', provider: 'jupyter' }));
    for (const role of ['admin', 'editor'] as const) {
      const started = await call(role, 'POST', '/start-kernel', { kernelspec: 'python3' });
      expect(started.status).toBe(201);
      kernels[role] = await started.json<KernelModel>();
      const answer = await run(role, 'import os\nprint(os.environ["JUPYTERHUB_USER"], os.getcwd().split("/")[-1])');
      expect(answer).toMatchObject({ status: 'ok', output: `${role} ${role}\n` });
    }
  }, 60_000);

  it('streams output as it comes, interrupts a running cell, restarts to a fresh interpreter', async () => {
    const response = await fetch(`${base}/run-code`, {
      method: 'POST',
      headers: { cookie: cookies.editor, 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ code: 'import time\nfor i in range(3):\n    print(i, flush=True)\n    time.sleep(0.5)', kernelId: kernels.editor.id }),
    });
    const arrivals: Array<{ type: string; at: number }> = [];
    for await (const data of sseData(response)) arrivals.push({ type: (JSON.parse(data) as { type: string }).type, at: Date.now() });
    const outputs = arrivals.filter((event) => event.type === 'output');
    expect(outputs.length).toBeGreaterThanOrEqual(3);
    expect(arrivals.at(-1)!.at - outputs[0].at).toBeGreaterThan(800);

    const spinning = run('editor', 'while True:\n    pass');
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect((await call('editor', 'POST', `/kernels/${kernels.editor.id}/interrupt`)).status).toBe(200);
    expect(await spinning).toMatchObject({ status: 'aborted', output: expect.stringContaining('KeyboardInterrupt') });

    expect((await run('editor', 'x = 41')).status).toBe('ok');
    expect((await call('editor', 'POST', `/kernels/${kernels.editor.id}/restart`)).status).toBe(200);
    expect((await run('editor', 'x')).output).toMatch(/NameError/);
  }, 60_000);

  it('one user cannot reach the other’s kernels or server, not even with their own Hub token', async () => {
    expect((await call('editor', 'POST', '/run-code', { code: '1', kernelId: kernels.admin.id })).status).toBe(403);
    expect((await call('editor', 'POST', '/start-server', { username: 'admin' })).status).toBe(403);
    expect(await (await call('editor', 'GET', '/kernels')).json<KernelModel[]>()).toEqual([expect.objectContaining({ id: kernels.editor.id })]);
    // The token the console mints for the editor opens the editor's server and no other.
    const hub = `${running.url}/hub/api`;
    const service = { authorization: `token ${hubServiceToken(secretsFor(running.stateDir, []))}`, 'content-type': 'application/json' };
    const minted = await fetch(`${hub}/users/editor/tokens`, { method: 'POST', headers: service, body: JSON.stringify({ scopes: ['access:servers!user=editor'] }) });
    const { token } = (await minted.json()) as { token: string };
    const own = await fetch(`${running.url}/user/editor/api/kernels`, { headers: { authorization: `token ${token}` }, redirect: 'manual' });
    expect(own.status).toBe(200);
    const theirs = await fetch(`${running.url}/user/admin/api/kernels`, { headers: { authorization: `token ${token}` }, redirect: 'manual' });
    expect([302, 403]).toContain(theirs.status);
  }, 30_000);

  it('a server killed behind the console’s back shows as stopped, its kernel dead, without a reload', async () => {
    const pids = processesIn(path.join(running.stateDir, 'homes', 'editor'));
    expect(pids.length).toBeGreaterThan(0);
    for (const pid of pids) process.kill(pid, 'SIGKILL');
    await expect.poll(() => servers('editor').at(-1)?.status, { timeout: 30_000, interval: 250 }).toBe('stopped');
    expect(await (await call('editor', 'GET', '/status-server?username=editor')).json()).toMatchObject({ status: 'stopped' });
    const kernel = await call('editor', 'GET', `/kernels/${kernels.editor.id}`);
    expect(await kernel.json()).toMatchObject({ execution_state: 'dead' });
  }, 45_000);

  it('stop-server stops the user’s Hub server', async () => {
    const answer = await call('editor', 'POST', '/start-server', { username: 'editor' });
    expect((await answer.json<NotebookServerStatus>()).status).toBe('starting');
    await expect.poll(() => servers('editor').at(-1)?.status, { timeout: 60_000, interval: 200 }).toBe('running');
    const stopped = await call('editor', 'DELETE', '/stop-server', { username: 'editor' });
    expect(await stopped.json()).toMatchObject({ status: 'stopped', kernels: 0 });
    const user = await fetch(`${running.url}/hub/api/users/editor`, { headers: { authorization: `token ${hubServiceToken(secretsFor(running.stateDir, []))}` } });
    expect(((await user.json()) as { servers: object }).servers).toEqual({});
  }, 90_000);

  it('a spawn that fails says why, on the stream and in the status (the toast’s reason)', async () => {
    const home = path.join(running.stateDir, 'homes', 'editor');
    mkdirSync(home, { recursive: true });
    writeFileSync(path.join(home, '.console-fail'), 'no GPUs left');
    try {
      expect((await (await call('editor', 'POST', '/start-server', { username: 'editor' })).json<NotebookServerStatus>()).status).toBe('starting');
      await expect.poll(() => servers('editor').at(-1), { timeout: 30_000, interval: 200 }).toMatchObject({ status: 'failed', message: 'Spawn failed: no GPUs left' });
      expect(await (await call('editor', 'GET', '/status-server?username=editor')).json()).toMatchObject({ status: 'failed', message: 'Spawn failed: no GPUs left' });
    } finally {
      rmSync(path.join(home, '.console-fail'));
    }
  }, 45_000);

  it('the Hub’s refusals read clearly: a token without the scopes (403), too many spawns at once (429)', async () => {
    const log = { warn: () => {}, info: () => {} };
    const service = hubServiceToken(secretsFor(running.stateDir, []));
    const minted = await fetch(`${running.url}/hub/api/users/admin/tokens`, { method: 'POST', headers: { authorization: `token ${service}` }, body: JSON.stringify({ scopes: ['access:servers!user=admin'] }) });
    const userToken = ((await minted.json()) as { token: string }).token;
    const unscoped = createJupyterHubProvider({ url: running.url, token: userToken, log });
    await expect(unscoped.startHost('someone')).rejects.toThrow(/JupyterHub refused the console's token .*admin:users, servers and tokens/);
    await unscoped.close();

    const provider = createJupyterHubProvider({ url: running.url, token: service, log });
    const starts = await Promise.allSettled(['spawn-a', 'spawn-b', 'spawn-c'].map((name) => provider.startHost(name)));
    const refused = starts.flatMap((start) => (start.status === 'rejected' ? [(start.reason as Error).message] : []));
    expect(refused).toEqual([expect.stringMatching(/JupyterHub is starting too many servers at once .*try again in \d+ seconds/)]);
    await Promise.all(['spawn-a', 'spawn-b', 'spawn-c'].map((name) => provider.stopHost(name)));
    await provider.close();
  }, 90_000);

  it('a console restart re-adopts the servers running on the Hub and their kernels, variables and all', async () => {
    expect((await run('admin', 'survivor = 6')).status).toBe('ok');
    const otherDir = await mkdtemp(path.join(tmpdir(), 'console-in-front-'));
    const jupyterHub = { url: running.url, token: hubServiceToken(secretsFor(running.stateDir, [])) };
    const { app: restarted } = await buildApp(testConfig(otherDir, { jupyterHub }), { passwordHashing: FAST_HASHING });
    try {
      const { cookie } = await signIn(restarted, 'admin', ADMIN_PASSWORD);
      const status = async () => (await restarted.inject({ method: 'GET', url: '/api/notebook/status-server?username=admin', headers: { cookie } })).json<NotebookServerStatus>().status;
      await expect.poll(status, { timeout: 15_000, interval: 200 }).toBe('running');
      const listed = async () => (await restarted.inject({ method: 'GET', url: '/api/notebook/kernels', headers: { cookie } })).json<KernelModel[]>().map((kernel) => kernel.id);
      await expect.poll(listed, { timeout: 15_000, interval: 200 }).toContain(kernels.admin.id);
      const kept = await restarted.inject({ method: 'POST', url: '/api/notebook/run-code', headers: { cookie }, payload: { code: 'print(survivor * 7)', kernelId: kernels.admin.id } });
      expect(kept.json<RunCodeResponse>()).toMatchObject({ status: 'ok', output: '42\n' });
      const kernel = await restarted.inject({ method: 'POST', url: '/api/notebook/start-kernel', headers: { cookie }, payload: {} });
      expect(kernel.statusCode).toBe(201);
      const answer = await restarted.inject({ method: 'POST', url: '/api/notebook/run-code', headers: { cookie }, payload: { code: 'print(6 * 9)', kernelId: kernel.json<KernelModel>().id } });
      expect(answer.json<RunCodeResponse>()).toMatchObject({ status: 'ok', output: '54\n' });
    } finally {
      await restarted.close();
      await rm(otherDir, { recursive: true, force: true });
    }
  }, 60_000);

  it('the Hub going down mid-run and mid-spawn ends the run and the start with a reason, and a start then says the Hub is not reachable', async () => {
    const long = run('admin', 'import time\nfor i in range(600):\n    time.sleep(0.1)');
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect((await (await call('editor', 'POST', '/start-server', { username: 'editor' })).json<NotebookServerStatus>()).status).toBe('starting');
    await expect.poll(() => servers('editor').at(-1)?.message ?? '', { timeout: 10_000, interval: 100 }).toMatch(/Preparing/);
    await down(jupyterhub.name, where);
    const ended = await long;
    expect(ended.status).not.toBe('ok');
    expect(ended.output.length).toBeGreaterThan(0);
    await expect.poll(() => servers('editor').at(-1), { timeout: 30_000, interval: 200 }).toMatchObject({ status: 'failed', message: expect.stringMatching(/JupyterHub/) });
    // Its server's state cannot be known while the Hub is down: failed, saying why, not running.
    await expect.poll(() => servers('admin').at(-1), { timeout: 30_000, interval: 250 }).toMatchObject({ status: 'failed', message: expect.stringMatching(/JupyterHub at .* is not reachable/) });
    await call('editor', 'POST', '/start-server', { username: 'editor' });
    await expect.poll(() => servers('editor').at(-1), { timeout: 30_000, interval: 200 }).toMatchObject({ status: 'failed', message: expect.stringMatching(/JupyterHub at .* is not reachable/) });
  }, 90_000);
});
