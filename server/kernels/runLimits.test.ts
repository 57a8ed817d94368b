import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { KernelModel, RunCodeResponse, RunEvent } from '../../contracts/kernels';
import { buildApp } from '../app';
import { closeListening, EDITOR_PASSWORD, FAST_HASHING, signIn, testConfig } from '../testing/harness';
import { warmWarehouseSeedCache } from '../testing/warehouse';

/**
 * A run's outputs are capped (CONSOLE_OUTPUT_MAX_MB) on the console's side over a real Pyodide
 * kernel, streamed or not: a cell printing 600 MB once made a string longer than V8 allows in the
 * console's own process, and it crashed.
 */
vi.setConfig({ testTimeout: 180_000 });

const LIMIT_MB = 1;
let app: FastifyInstance;
let dataDir: string;
let base: string;
let editor: string;
let kernel: KernelModel;

beforeAll(async () => {
  await warmWarehouseSeedCache();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'console-run-limits-'));
  ({ app } = await buildApp(testConfig(dataDir, { outputMaxMb: LIMIT_MB }), { passwordHashing: FAST_HASHING }));
  editor = (await signIn(app, 'editor', EDITOR_PASSWORD)).cookie;
  await app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/notebook`;
  const started = await app.inject({ method: 'POST', url: '/api/notebook/start-kernel', headers: { cookie: editor }, payload: {} });
  expect(started.statusCode).toBe(201);
  kernel = started.json<KernelModel>();
}, 180_000);

afterAll(async () => {
  if (app) await closeListening(app);
  await rm(dataDir, { recursive: true, force: true });
});

const runCode = (code: string) =>
  app.inject({ method: 'POST', url: '/api/notebook/run-code', headers: { cookie: editor }, payload: { code, kernelId: kernel.id } });

const NOTE = new RegExp(`Output truncated: over the ${LIMIT_MB} MB limit \\(CONSOLE_OUTPUT_MAX_MB\\)`);

describe('the output limit', () => {
  it('cuts a run’s answer at the limit with a note, while the cell runs to its end', async () => {
    const answer = (await runCode("for i in range(50):\n    print('x' * 100_000)\nprint('gone')\nfinished = True")).json<RunCodeResponse>();
    expect(answer.status).toBe('ok');
    expect(answer.output).toMatch(NOTE);
    expect(answer.output).not.toContain('gone');
    expect(answer.output.length).toBeLessThan(LIMIT_MB * 2 ** 20 + 1000);
    expect(answer.output.length).toBeGreaterThan(LIMIT_MB * 2 ** 20 - 1000);
    expect((await runCode('finished')).json<RunCodeResponse>().output).toBe('True\n');
  });

  it('counts every kind of output: rich displays past the limit are dropped too', async () => {
    const code = "from IPython.display import display, HTML\nfor i in range(30):\n    display(HTML('<b>' + 'y' * 100_000 + '</b>'))";
    const answer = (await runCode(code)).json<RunCodeResponse>();
    expect(answer.status).toBe('ok');
    const shown = answer.outputs.filter((output) => output.output_type === 'display_data');
    expect(shown.length).toBeGreaterThan(5);
    expect(shown.length).toBeLessThan(11);
    expect(answer.output).toMatch(NOTE);
  });

  it('cuts a streamed run the same way: the note, then done', async () => {
    const response = await fetch(`${base}/run-code`, {
      method: 'POST',
      headers: { cookie: editor, accept: 'text/event-stream', 'content-type': 'application/json' },
      body: JSON.stringify({ code: "for i in range(30):\n    print('z' * 100_000)", kernelId: kernel.id }),
    });
    const text = await response.text();
    expect(text.length).toBeLessThan(LIMIT_MB * 2 ** 20 + 10_000);
    const events = text.split('\n').filter((line) => line.startsWith('data: ')).map((line) => JSON.parse(line.slice(6)) as RunEvent);
    expect(events.at(-1)).toMatchObject({ type: 'done', status: 'ok' });
    expect(JSON.stringify(events.at(-2))).toMatch(NOTE);
  });

  it('survives a cell printing 1 GB (the probe’s 600 MB once crashed it): the console answers within the limit and stays healthy', async () => {
    const code = "chunk = 'p' * (1 << 20)\nfor i in range(1024):\n    print(chunk)";
    let finished = false;
    const running = runCode(code).finally(() => (finished = true));
    // The console answers others while the kernel floods it.
    const latencies: number[] = [];
    await new Promise((resolve) => setTimeout(resolve, 500));
    while (!finished) {
      const sent = performance.now();
      const health = await fetch(`${base.replace('/api/notebook', '')}/healthz`);
      expect(health.status).toBe(200);
      latencies.push(performance.now() - sent);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    latencies.sort((a, b) => a - b);
    console.info(`/healthz during a 1 GB print: ${latencies.length} answers, median ${latencies[latencies.length >> 1]?.toFixed(0)} ms, max ${latencies.at(-1)?.toFixed(0)} ms`);
    // The median, not the max: other tests share the machine's 2 cores.
    expect(latencies[latencies.length >> 1]).toBeLessThan(250);
    const answer = (await running).json<RunCodeResponse>();
    expect(answer.status).toBe('ok');
    expect(answer.output).toMatch(NOTE);
    expect(answer.output.length).toBeLessThan(LIMIT_MB * 2 ** 20 + 1000);
  });
});
