import { mkdtemp, rm } from 'node:fs/promises';
import { connect, type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { KernelModel, RunCodeResponse } from '../../contracts/kernels';
import { buildApp } from '../app';
import { biClient, q } from '../bi/testing/client';
import { closeListening, EDITOR_PASSWORD, FAST_HASHING, signIn, testConfig } from '../testing/harness';
import { warmWarehouseSeedCache } from '../testing/warehouse';

/**
 * A run's event stream over a real socket and a real Pyodide kernel: a client that reads slowly
 * costs the server a bounded buffer (it once grew by 0.9 GB in 45 s), and a client that goes away
 * stops its run.
 */
vi.setConfig({ testTimeout: 180_000 });

let app: FastifyInstance;
let dataDir: string;
let port: number;
let editor: string;
let kernel: KernelModel;

beforeAll(async () => {
  await warmWarehouseSeedCache();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'console-run-stream-'));
  // The output limit well above what the cells print: the stream's own bound is what is tested.
  ({ app } = await buildApp(testConfig(dataDir, { outputMaxMb: 128 }), { passwordHashing: FAST_HASHING }));
  editor = (await signIn(app, 'editor', EDITOR_PASSWORD)).cookie;
  await app.listen({ host: '127.0.0.1', port: 0 });
  port = (app.server.address() as AddressInfo).port;
  const started = await call('POST', '/start-kernel', {});
  expect(started.statusCode).toBe(201);
  kernel = started.json<KernelModel>();
}, 180_000);

afterAll(async () => {
  if (app) await closeListening(app);
  await rm(dataDir, { recursive: true, force: true });
});

function call(method: 'GET' | 'POST', url: string, payload?: object) {
  return app.inject({ method, url: `/api/notebook${url}`, headers: { cookie: editor }, ...(payload ? { payload } : {}) });
}

const stateOf = async () => (await call('GET', `/kernels/${kernel.id}`)).json<KernelModel>().execution_state;

/** A streamed run-code request on a raw socket that reads nothing until told to. */
function rawRun(code: string) {
  const body = JSON.stringify({ code, kernelId: kernel.id });
  const socket = connect(port, '127.0.0.1');
  socket.pause();
  socket.write(
    `POST /api/notebook/run-code HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nCookie: ${editor}\r\nAccept: text/event-stream\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
  return {
    socket,
    /** Reads everything from now until the server closes the connection. */
    readAll(): Promise<string> {
      const chunks: Buffer[] = [];
      socket.on('data', (chunk: Buffer) => chunks.push(chunk));
      socket.resume();
      return new Promise((resolve, reject) => {
        socket.once('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
        socket.once('error', reject);
      });
    },
  };
}

describe('a run’s event stream', () => {
  it('holds a bounded buffer for a client that does not read: outputs past it are dropped with a note, the end always arrives', async () => {
    const printedMb = 60;
    const run = rawRun(`chunk = 's' * (1 << 20)\nfor i in range(${printedMb}):\n    print(chunk)\nprint('end of cell')`);
    await expect.poll(stateOf, { timeout: 30_000 }).toBe('busy');
    await expect.poll(stateOf, { timeout: 120_000, interval: 200 }).toBe('idle');
    const text = await run.readAll();
    console.info(`a client that read nothing while ${printedMb} MB were printed then received ${(text.length / 2 ** 20).toFixed(1)} MB`);
    expect(text).toMatch(/^HTTP\/1.1 200/);
    // What the socket's kernel buffers took, plus the stream's own bound: far less than was printed.
    expect(text.length).toBeLessThan((printedMb / 3) * 2 ** 20);
    expect(text).toMatch(/outputs were dropped here: the connection read them more slowly than the cell printed them/);
    expect(text).toMatch(/event: done\ndata: \{"type":"done","execution_count":\d+,"status":"ok"\}\n\n/);
  });

  it('interrupts the run when its client goes away before the end', async () => {
    const controller = new AbortController();
    const response = await fetch(`http://127.0.0.1:${port}/api/notebook/run-code`, {
      method: 'POST',
      headers: { cookie: editor, accept: 'text/event-stream', 'content-type': 'application/json' },
      body: JSON.stringify({ code: 'import time\nfor step in range(200):\n    print(step)\n    time.sleep(0.1)', kernelId: kernel.id }),
      signal: controller.signal,
    });
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    let seen = '';
    while (!seen.includes('event: output')) seen += new TextDecoder().decode((await reader.read()).value);
    controller.abort();
    const gone = performance.now();
    await expect.poll(stateOf, { timeout: 10_000, interval: 100 }).toBe('idle');
    // Long before the cell's own 20 s.
    expect(performance.now() - gone).toBeLessThan(5000);
    const step = (await call('POST', '/run-code', { code: 'step', kernelId: kernel.id })).json<RunCodeResponse>();
    expect(Number(step.output)).toBeLessThan(100);
  });

  it('stops a streamed SQL run with a runId when its client goes away: its history says stopped', async () => {
    const controller = new AbortController();
    const response = await fetch(`http://127.0.0.1:${port}/api/notebook/run-code`, {
      method: 'POST',
      headers: { cookie: editor, accept: 'text/event-stream', 'content-type': 'application/json' },
      // Runs for minutes unless interrupted.
      body: JSON.stringify({ code: 'select sum(a.range + b.range) as s from range(1000000000) a cross join range(1000000000) b', language: 'sql', runId: 'gonesql1' }),
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    const bi = await biClient(app); // the history is the admin's to read
    const status = async () => {
      const answer = await bi.get(`/v1/query/?${q({ filters: [{ col: 'client_id', opr: 'eq', value: 'gonesql1' }] })}`);
      return (answer.json().result[0] as { status: string } | undefined)?.status;
    };
    await expect.poll(status, { timeout: 10_000 }).toBe('running');
    controller.abort();
    await expect.poll(status, { timeout: 10_000, interval: 100 }).toBe('stopped');
  });

  it('interrupts a run answered as JSON when its client goes away before the answer', async () => {
    const controller = new AbortController();
    const request = fetch(`http://127.0.0.1:${port}/api/notebook/run-code`, {
      method: 'POST',
      headers: { cookie: editor, 'content-type': 'application/json' },
      body: JSON.stringify({ code: 'import time\nfor tick in range(200):\n    time.sleep(0.1)', kernelId: kernel.id }),
      signal: controller.signal,
    });
    request.catch(() => undefined);
    await expect.poll(stateOf, { timeout: 10_000, interval: 50 }).toBe('busy');
    controller.abort();
    const gone = performance.now();
    await expect.poll(stateOf, { timeout: 10_000, interval: 100 }).toBe('idle');
    expect(performance.now() - gone).toBeLessThan(5000);
    const tick = (await call('POST', '/run-code', { code: 'tick', kernelId: kernel.id })).json<RunCodeResponse>();
    expect(Number(tick.output)).toBeLessThan(100);
  });
});
