import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { KernelModel, KernelSpecList, KernelStreamEvent, RunCodeResponse, RunEvent } from '../../contracts/kernels';
import { buildApp } from '../app';
import { ADMIN_PASSWORD, closeListening, EDITOR_PASSWORD, FAST_HASHING, signIn, testConfig } from '../testing/harness';
import { warmWarehouseSeedCache } from '../testing/warehouse';
import { PYODIDE_SPEC } from './pyodide/provider';
import { sseData } from '../testing/sse';

/**
 * The kernels half of the Notebook API over real Pyodide kernels: one app for the file (each
 * kernel costs seconds of CPU), signed in as the editor and the admin.
 */
// A cold Pyodide start takes 5 s alone and far longer beside the rest of the suite on 2 cores.
vi.setConfig({ testTimeout: 120_000 });

let app: FastifyInstance;
let dataDir: string;
let base: string;
let editor: string;
let admin: string;
/** The editor's kernel most cases share. */
let shared: KernelModel;

beforeAll(async () => {
  await warmWarehouseSeedCache();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'console-kernels-'));
  ({ app } = await buildApp(testConfig(dataDir), { passwordHashing: FAST_HASHING }));
  editor = (await signIn(app, 'editor', EDITOR_PASSWORD)).cookie;
  admin = (await signIn(app, 'admin', ADMIN_PASSWORD)).cookie;
  await app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/notebook`;
  shared = await startKernel(editor);
}, 120_000);

afterAll(async () => {
  if (app) await closeListening(app);
  await rm(dataDir, { recursive: true, force: true });
});

const call = (cookie: string, method: string, url: string, payload?: object) =>
  app.inject({ method: method as 'GET', url: `/api/notebook${url}`, headers: { cookie }, ...(payload ? { payload } : {}) });

async function startKernel(cookie: string): Promise<KernelModel> {
  const answer = await call(cookie, 'POST', '/start-kernel', {});
  expect(answer.statusCode).toBe(201);
  return answer.json<KernelModel>();
}

/** A streamed run over real HTTP: each event with the ms since the request was sent. */
async function streamRun(cookie: string, body: object, during?: () => Promise<void>): Promise<{ event: RunEvent; at: number }[]> {
  const sent = performance.now();
  const response = await fetch(`${base}/run-code`, { method: 'POST', headers: { cookie, accept: 'text/event-stream', 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const events: { event: RunEvent; at: number }[] = [];
  const pending = during?.();
  for await (const data of sseData(response)) events.push({ event: JSON.parse(data) as RunEvent, at: performance.now() - sent });
  await pending;
  return events;
}

describe('kernelspecs and kernels', () => {
  it('lists what can be started, the embedded Python as the default', async () => {
    const specs = (await call(editor, 'GET', '/kernelspecs')).json<KernelSpecList>();
    expect(specs.default).toBe(PYODIDE_SPEC);
    expect(specs.kernelspecs).toContainEqual(expect.objectContaining({ name: PYODIDE_SPEC, provider: 'pyodide', language: 'python' }));
  });

  it('starts a kernel for its owner, runs code with state across runs, and answers nbformat outputs and their text', async () => {
    const kernel = shared;
    expect(kernel).toMatchObject({ owner: 'editor', name: PYODIDE_SPEC, execution_state: 'idle', provider: 'pyodide' });
    expect((await call(editor, 'POST', '/run-code', { code: 'x = 2', kernelId: kernel.id })).json()).toMatchObject({ status: 'ok', outputs: [] });
    const answer = (await call(editor, 'POST', '/run-code', { code: 'print(x)\nx * 21', kernelId: kernel.id })).json<RunCodeResponse>();
    expect(answer).toMatchObject({ status: 'ok', execution_count: 2, output: '2\n42\n' });
    expect(answer.outputs).toEqual([
      { output_type: 'stream', name: 'stdout', text: '2\n' },
      expect.objectContaining({ output_type: 'execute_result', execution_count: 2, data: expect.objectContaining({ 'text/plain': '42' }) }),
    ]);
    const failed = (await call(editor, 'POST', '/run-code', { code: '1/0', kernelId: kernel.id })).json<RunCodeResponse>();
    expect(failed).toMatchObject({ status: 'error', outputs: [expect.objectContaining({ output_type: 'error', ename: 'ZeroDivisionError' })] });
    expect(failed.output).toMatch(/ZeroDivisionError/);
    expect((await call(editor, 'GET', '/kernels')).json<KernelModel[]>().map((k) => k.id)).toContain(kernel.id);
    expect((await call(editor, 'GET', `/kernels/${kernel.id}`)).json()).toMatchObject({ id: kernel.id, execution_state: 'idle' });
  });

  it('keeps other users out of a kernel (403) while an admin may list and shut it down', async () => {
    const kernel = await startKernel(editor);
    expect((await call(admin, 'GET', '/kernels')).json<KernelModel[]>().map((k) => k.id)).toContain(kernel.id);
    for (const [method, url, body] of [
      ['POST', '/run-code', { code: 'print(1)', kernelId: kernel.id }],
      ['POST', `/kernels/${kernel.id}/interrupt`],
      ['POST', `/kernels/${kernel.id}/restart`],
      ['POST', `/kernels/${kernel.id}/start`],
    ] as const) {
      const answer = await call(admin, method, url, body);
      expect(answer.statusCode, url).toBe(403);
      expect(answer.json().message).toMatch(/belongs to editor/);
    }
    expect((await call(admin, 'DELETE', `/kernels/${kernel.id}`)).statusCode).toBe(204);
    expect((await call(editor, 'GET', `/kernels/${kernel.id}`)).statusCode).toBe(404);
  });

  it('answers unknown kernels 404 and bad bodies 400 with a message', async () => {
    for (const [method, url, body] of [
      ['GET', '/kernels/nope'],
      ['DELETE', '/kernels/nope'],
      ['POST', '/kernels/nope/interrupt'],
      ['POST', '/run-code', { code: '1', kernelId: 'nope' }],
    ] as const) {
      const answer = await call(editor, method, url, body);
      expect(answer.statusCode, url).toBe(404);
      expect(answer.json()).toEqual({ message: 'No kernel with id nope' });
    }
    for (const body of [{ kernelId: 'k' }, { code: 1, kernelId: 'k' }, { code: '1' }, { code: '1', kernelId: 'k', runId: 'much-too-long-id' }, { code: '1', language: 'r' }]) {
      const answer = await call(editor, 'POST', '/run-code', body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.json().message).toEqual(expect.any(String));
    }
    expect((await call(editor, 'POST', '/start-kernel', { kernelspec: 'julia' })).json().message).toMatch(/No kernel named "julia"/);
  });

  it('restarts a kernel with its state cleared', async () => {
    const kernel = shared;
    await call(editor, 'POST', '/run-code', { code: 'kept = 1', kernelId: kernel.id });
    expect((await call(editor, 'POST', `/kernels/${kernel.id}/restart`)).json()).toMatchObject({ execution_state: 'idle' });
    const answer = (await call(editor, 'POST', '/run-code', { code: 'kept', kernelId: kernel.id })).json<RunCodeResponse>();
    expect(answer.outputs[0]).toMatchObject({ ename: 'NameError' });
  });
});

describe('isolation in the real data directory', () => {
  it('keeps the console’s store, signing key and credentials out of a cell’s reach, and its environment empty', async () => {
    const { readdir } = await import('node:fs/promises');
    const secrets = (await readdir(dataDir)).filter((name) => /^(console\.sqlite|secret\.key|credentials\.txt)$/.test(name));
    expect(secrets.length).toBeGreaterThanOrEqual(2);
    for (const name of secrets) {
      const code = `import js\ntry:\n    print(js.process.getBuiltinModule('node:fs').readFileSync(${JSON.stringify(path.join(dataDir, name))}, 'utf8')[:20])\nexcept Exception as e:\n    print('refused', type(e).__name__)`;
      const answer = (await call(editor, 'POST', '/run-code', { code, kernelId: shared.id })).json<RunCodeResponse>();
      expect(answer.output, name).toMatch(/^refused/);
    }
    const env = (await call(editor, 'POST', '/run-code', { code: 'import js\nprint(len(list(js.Object.keys(js.process.env))))', kernelId: shared.id })).json<RunCodeResponse>();
    expect(env.output).toBe('0\n');
  });
});

describe('streamed runs', () => {
  it('sends each output as it is printed and ends with done', async () => {
    const kernel = shared;
    const code = 'import time\nfor i in range(3):\n    print(i)\n    time.sleep(0.4)';
    const events = await streamRun(editor, { code, kernelId: kernel.id });
    expect(events.map(({ event }) => event.type)).toEqual(['output', 'output', 'output', 'done']);
    expect(events.at(-1)?.event).toMatchObject({ type: 'done', status: 'ok', execution_count: expect.any(Number) });
    // The first line reached the client while the cell still had ~0.8 s to run.
    expect(events.at(-1)!.at - events[0].at).toBeGreaterThan(600);
  });

  it('interrupts a running loop: the run ends aborted with KeyboardInterrupt', async () => {
    const kernel = shared;
    const events = await streamRun(editor, { code: 'while True: pass', kernelId: kernel.id }, async () => {
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect((await call(editor, 'POST', `/kernels/${kernel.id}/interrupt`)).statusCode).toBe(200);
    });
    expect(events.at(-1)?.event).toMatchObject({ type: 'done', status: 'aborted' });
    expect(events.map(({ event }) => event)).toContainEqual({ type: 'output', output: expect.objectContaining({ ename: 'KeyboardInterrupt' }) });
  });

  it('refuses another user’s kernel with a JSON 403 before any stream opens', async () => {
    const kernel = shared;
    const response = await fetch(`${base}/run-code`, { method: 'POST', headers: { cookie: admin, accept: 'text/event-stream', 'content-type': 'application/json' }, body: JSON.stringify({ code: '1', kernelId: kernel.id }) });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ message: expect.stringMatching(/belongs to editor/) });
  });
});

describe('SQL on the warehouse', () => {
  it('runs a SQL cell through SQL Lab: a table output, or the database error', async () => {
    const answer = (await call(editor, 'POST', '/run-code', { code: 'select 6 * 7 as answer', language: 'sql', runId: 'nbsql1' })).json<RunCodeResponse>();
    expect(answer.status).toBe('ok');
    expect(answer.outputs[0]).toMatchObject({ output_type: 'execute_result', data: { 'text/html': expect.stringContaining('<td>42</td>') } });
    expect(answer.output).toMatch(/^answer\n42\n1 row/);
    const failed = (await call(editor, 'POST', '/run-code', { code: 'select * from no_such_table', language: 'sql' })).json<RunCodeResponse>();
    expect(failed).toMatchObject({ status: 'error', outputs: [expect.objectContaining({ ename: 'SQLError', evalue: expect.stringMatching(/no_such_table/) })] });
    const reused = (await call(editor, 'POST', '/run-code', { code: 'select 1', language: 'sql', runId: 'nbsql1' })).json<RunCodeResponse>();
    expect(reused.outputs[0]).toMatchObject({ evalue: expect.stringMatching(/already used/) });
  });

  it('runs a SQL cell in the database and schema it names; a database that does not exist is a clear error', async () => {
    const schemas = (await call(editor, 'POST', '/run-code', { code: "select table_name from information_schema.tables where table_schema = 'gaming' limit 1", language: 'sql' })).json<RunCodeResponse>();
    const table = schemas.output.split('\n')[1];
    expect(table).toMatch(/\w+/);
    const unqualified = (await call(editor, 'POST', '/run-code', { code: `select count(*) as n from ${table}`, language: 'sql', database_id: 1, schema: 'gaming' })).json<RunCodeResponse>();
    expect(unqualified.status).toBe('ok');
    const elsewhere = (await call(editor, 'POST', '/run-code', { code: `select count(*) as n from ${table}`, language: 'sql', database_id: 1 })).json<RunCodeResponse>();
    expect(elsewhere.status).toBe('error');
    const missing = (await call(editor, 'POST', '/run-code', { code: 'select 1', language: 'sql', database_id: 999 })).json<RunCodeResponse>();
    expect(missing).toMatchObject({ status: 'error', outputs: [expect.objectContaining({ ename: 'SQLError', evalue: expect.stringMatching(/database/i) })] });
    expect((await call(editor, 'POST', '/run-code', { code: 'select 1', language: 'sql', database_id: 0 })).statusCode).toBe(400);
  });

  it('stops a SQL cell by its runId: a long query ends stopped; an unknown runId is a 404, a bad one a 400', async () => {
    const running = call(editor, 'POST', '/run-code', { code: 'select count(*) from range(10000000000)', language: 'sql', runId: 'nbslow1' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await call(editor, 'POST', '/cancel-run', { runId: 'nbslow1' })).statusCode).toBe(204);
    const answer = (await running).json<RunCodeResponse>();
    expect(answer.status).toBe('error');
    expect(answer.output).toMatch(/stopped/i);
    expect((await call(editor, 'POST', '/cancel-run', { runId: 'nbnone' })).json()).toEqual({ message: 'No SQL run with runId nbnone' });
    expect((await call(editor, 'POST', '/cancel-run', { runId: 'x'.repeat(12) })).statusCode).toBe(400);
  });

  it('gives the embedded kernel sql(query): rows as dicts, shown as a table', async () => {
    const kernel = shared;
    const answer = (await call(editor, 'POST', '/run-code', { code: 'rows = sql("select 1 as a, \'x\' as b")\nprint(rows[0]["a"], rows[0]["b"])\nrows', kernelId: kernel.id })).json<RunCodeResponse>();
    expect(answer.status).toBe('ok');
    expect(answer.outputs[0]).toEqual({ output_type: 'stream', name: 'stdout', text: '1 x\n' });
    expect(answer.outputs[1]).toMatchObject({ output_type: 'execute_result', data: { 'text/html': expect.stringContaining('<table') } });
    const failed = (await call(editor, 'POST', '/run-code', { code: 'sql("select * from nowhere")', kernelId: kernel.id })).json<RunCodeResponse>();
    expect(failed.status).toBe('error');
    expect(failed.output).toMatch(/nowhere/);
  });
});

describe('personal notebook servers', () => {
  it('shows users their own server only; admins anyone’s; unknown users 404; bad bodies 400', async () => {
    expect((await call(editor, 'GET', '/status-server?username=editor')).json()).toMatchObject({ username: 'editor', provider: 'pyodide', status: expect.any(String) });
    expect((await call(editor, 'GET', '/status-server?username=admin')).statusCode).toBe(403);
    expect((await call(editor, 'POST', '/start-server', { username: 'admin' })).statusCode).toBe(403);
    expect((await call(editor, 'DELETE', '/stop-server', { username: 'admin' })).statusCode).toBe(403);
    expect((await call(admin, 'GET', '/status-server?username=editor')).statusCode).toBe(200);
    expect((await call(admin, 'GET', '/status-server?username=ghost')).json()).toEqual({ message: 'No user named ghost' });
    expect((await call(editor, 'POST', '/start-server', {})).statusCode).toBe(400);
    expect((await call(editor, 'GET', '/status-server')).statusCode).toBe(400);
  });

  it('starts a server, and stopping it shuts down every kernel of that user only', async () => {
    expect((await call(admin, 'POST', '/start-server', { username: 'admin' })).json()).toMatchObject({ status: 'running' });
    const mine = await startKernel(admin);
    const stopped = await call(editor, 'DELETE', '/stop-server', { username: 'editor' });
    expect(stopped.json()).toMatchObject({ username: 'editor', status: 'stopped', kernels: 0 });
    expect((await call(editor, 'GET', '/kernels')).json()).toEqual([]);
    expect((await call(admin, 'GET', '/kernels')).json<KernelModel[]>().map((k) => k.id)).toEqual([mine.id]);
  });
});

describe('the per-user event stream', () => {
  it('tells a user of their own kernels and server as they change, not of others', async () => {
    const controller = new AbortController();
    const response = await fetch(`${base}/kernel-events`, { headers: { cookie: editor }, signal: controller.signal });
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const seen: KernelStreamEvent[] = [];
    const reading = (async () => {
      try {
        for await (const data of sseData(response)) seen.push(JSON.parse(data) as KernelStreamEvent);
      } catch {
        // aborted at the end
      }
    })();
    const theirs = (await call(admin, 'GET', '/kernels')).json<KernelModel[]>().find((k) => k.owner === 'admin')!;
    expect((await call(admin, 'POST', `/kernels/${theirs.id}/restart`)).statusCode).toBe(200);
    const kernel = await startKernel(editor);
    await call(editor, 'DELETE', `/kernels/${kernel.id}`);
    await expect.poll(() => seen.some((event) => event.type === 'kernel_removed')).toBe(true);
    controller.abort();
    await reading;
    expect(seen[0]).toMatchObject({ type: 'server', server: { username: 'editor' } });
    expect(seen).toContainEqual({ type: 'kernel', kernel: expect.objectContaining({ id: kernel.id, execution_state: 'idle' }) });
    expect(seen).toContainEqual({ type: 'kernel_removed', id: kernel.id, owner: 'editor' });
    expect(JSON.stringify(seen)).not.toContain(theirs.id);
  });

  it('ends when its session signs out: no event arrives after logout', async () => {
    const { cookie } = await signIn(app, 'editor', EDITOR_PASSWORD);
    const response = await fetch(`${base}/kernel-events`, { headers: { cookie } });
    const seen: KernelStreamEvent[] = [];
    let ended = false;
    const reading = (async () => {
      for await (const data of sseData(response)) seen.push(JSON.parse(data) as KernelStreamEvent);
      ended = true;
    })();
    await expect.poll(() => seen.length).toBeGreaterThan(0);
    const logout = await app.inject({ method: 'POST', url: '/api/v1/temp/logout', headers: { cookie } });
    expect(logout.statusCode).toBe(200);
    await expect.poll(() => ended, { timeout: 5000 }).toBe(true);
    const before = seen.length;
    // The editor's other session starts a kernel: the ended stream hears nothing of it.
    const kernel = await startKernel(editor);
    await call(editor, 'DELETE', `/kernels/${kernel.id}`);
    await reading;
    expect(seen).toHaveLength(before);
  });
});
