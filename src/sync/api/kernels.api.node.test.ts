// Runs in Node against a real console server (tsconfig.node.json): the client as the browser uses it, over HTTP.
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { KernelModel, KernelStreamEvent, RunEvent } from '../../../contracts/kernels';
import { applyRunEvent, NO_OUTPUTS } from '../../../contracts/runOutputs';
import { buildApp } from '../../../server/app';
import { closeListening, EDITOR_PASSWORD, FAST_HASHING, signIn, testConfig } from '../../../server/testing/harness';
import { warmWarehouseSeedCache } from '../../../server/testing/warehouse';
import { createHttp } from './http';
import { createKernelsApi, KernelApiError, serverErrorReason, type KernelsApi } from './kernels.api';

/** One app and one Pyodide kernel for the file (a kernel takes seconds of CPU to start). */
let app: FastifyInstance;
let dataDir: string;
let api: KernelsApi;
let kernel: KernelModel;

/** The client as the editor's browser would have it: the session cookie on every call. */
function clientFor(mount: string, cookie: string): KernelsApi {
  const http = createHttp({ baseURL: mount });
  http.defaults.headers.common.cookie = cookie;
  const withCookie: typeof fetch = (input, init) => fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string>), cookie } });
  return createKernelsApi(http, mount, withCookie);
}

beforeAll(async () => {
  await warmWarehouseSeedCache();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'console-kernels-api-'));
  ({ app } = await buildApp(testConfig(dataDir), { passwordHashing: FAST_HASHING }));
  const { cookie } = await signIn(app, 'editor', EDITOR_PASSWORD);
  await app.listen({ host: '127.0.0.1', port: 0 });
  api = clientFor(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/notebook`, cookie);
  kernel = await api.start({});
}, 120_000);

afterAll(async () => {
  if (app) await closeListening(app);
  await rm(dataDir, { recursive: true, force: true });
});

/** The rejection of a call, which must be a KernelApiError. */
async function failure(promise: Promise<unknown>): Promise<KernelApiError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(KernelApiError);
  return error as KernelApiError;
}

describe('kernels', () => {
  it('lists kernelspecs, starts a kernel for its owner, and lists and gets it', async () => {
    const specs = await api.kernelspecs();
    expect(specs.kernelspecs.map((spec) => spec.name)).toContain(specs.default);
    expect(kernel).toMatchObject({ owner: 'editor', name: specs.default, execution_state: 'idle' });
    expect((await api.list()).map((k) => k.id)).toEqual([kernel.id]);
    expect(await api.get(kernel.id)).toMatchObject({ id: kernel.id, execution_state: 'idle' });
  });

  it('streams a run: each event in order as it comes, then resolves with done', async () => {
    const events: RunEvent[] = [];
    const code = 'import sys\nprint("one", flush=True)\nprint("two", file=sys.stderr)\n6 * 7';
    const done = await api.run({ code, kernelId: kernel.id }, (event) => events.push(event));
    expect(done).toEqual({ type: 'done', status: 'ok', execution_count: expect.any(Number) });
    expect(events.map((event) => (event.type === 'output' ? event.output.output_type : event.type))).toEqual(['stream', 'stream', 'execute_result']);
    const outputs = events.reduce(applyRunEvent, NO_OUTPUTS).outputs;
    expect(outputs[0]).toEqual({ output_type: 'stream', name: 'stdout', text: 'one\n' });
    expect(outputs[2]).toMatchObject({ execution_count: done.execution_count, data: { 'text/plain': '42' } });
  });

  it('ends a run with status error and the traceback when the code raises', async () => {
    const events: RunEvent[] = [];
    expect(await api.run({ code: '1/0', kernelId: kernel.id }, (event) => events.push(event))).toMatchObject({ status: 'error' });
    expect(events).toEqual([{ type: 'output', output: expect.objectContaining({ output_type: 'error', ename: 'ZeroDivisionError' }) }]);
  });

  it('interrupts a run of `while True: pass`: it ends aborted with KeyboardInterrupt', async () => {
    const events: RunEvent[] = [];
    const running = api.run({ code: 'while True: pass', kernelId: kernel.id }, (event) => events.push(event));
    await expect.poll(async () => (await api.get(kernel.id)).execution_state, { timeout: 5000 }).toBe('busy');
    expect((await api.interrupt(kernel.id)).id).toBe(kernel.id);
    expect(await running).toMatchObject({ type: 'done', status: 'aborted' });
    expect(events).toContainEqual({ type: 'output', output: expect.objectContaining({ ename: 'KeyboardInterrupt' }) });
  });
});

describe('failures as KernelApiError with the server’s message', () => {
  it('404 for an unknown kernel, over axios and over the streamed run', async () => {
    for (const call of [() => api.get('nope'), () => api.interrupt('nope'), () => api.shutdown('nope'), () => api.run({ code: '1', kernelId: 'nope' }, () => undefined)]) {
      const error = await failure(call());
      expect(error).toMatchObject({ status: 404, message: 'No kernel with id nope', body: { message: 'No kernel with id nope' } });
    }
  });

  it('403 for another user’s server, 400 for bad requests', async () => {
    expect(await failure(api.serverStatus('admin'))).toMatchObject({ status: 403, message: expect.stringMatching(/\S/) });
    const noKernel = await failure(api.run({ code: '1', kernelId: '' }, () => undefined));
    expect(noKernel).toMatchObject({ status: 400, message: expect.stringMatching(/kernelId is required/) });
    expect(await failure(api.cancelRun('much-too-long-id'))).toMatchObject({ status: 400, message: 'runId must be 1 to 11 characters' });
    const unknownSpec = await failure(api.start({ kernelspec: 'julia' }));
    expect(unknownSpec.message).toMatch(/No kernel named "julia"/);
    expect(serverErrorReason(unknownSpec)).toBe(unknownSpec.message);
  });

  it('status null and a clear message when the server cannot be reached', async () => {
    const nowhere = clientFor('http://127.0.0.1:9/api/notebook', '');
    for (const call of [() => nowhere.list(), () => nowhere.run({ code: '1', kernelId: 'k' }, () => undefined)]) {
      expect(await failure(call())).toMatchObject({ status: null, message: expect.stringMatching(/^The console server could not be reached/) });
    }
  });
});

describe('the kernel event stream', () => {
  it('delivers kernel changes, and reconnects after the server drops it', async () => {
    const events: KernelStreamEvent[] = [];
    const connection: boolean[] = [];
    const close = api.events(
      (event) => events.push(event),
      (open) => connection.push(open),
    );
    try {
      await expect.poll(() => events.some((event) => event.type === 'server')).toBe(true);
      expect(connection).toEqual([true]);
      await api.run({ code: '1 + 1', kernelId: kernel.id }, () => undefined);
      const states = () => events.flatMap((event) => (event.type === 'kernel' && event.kernel.id === kernel.id ? [event.kernel.execution_state] : []));
      await expect.poll(() => states().join(' ')).toMatch(/busy idle$/);

      const before = events.length;
      app.server.closeAllConnections(); // the stream drops as it would when a proxy or the server goes away
      await expect.poll(() => connection, { timeout: 10_000 }).toEqual([true, false, true]);
      // A fresh connection starts with the current state again.
      await expect.poll(() => events.slice(before).some((event) => event.type === 'server')).toBe(true);
    } finally {
      close();
    }
  });
});

// Last: stopping the server shuts down every kernel of the user, the shared one included.
describe('the personal notebook server', () => {
  it('starts, tells its status, and stops (with the user’s kernels)', async () => {
    expect(await api.startServer('editor')).toMatchObject({ username: 'editor', status: 'running' });
    expect(await api.serverStatus('editor')).toMatchObject({ username: 'editor', status: 'running', kernels: 1 });
    expect(await api.stopServer('editor')).toMatchObject({ username: 'editor', status: 'stopped', kernels: 0 });
    expect(await api.list()).toEqual([]);
  });
});
