import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { KernelModel, RunCodeResponse } from '../../contracts/kernels';
import { buildApp } from '../app';
import { ADMIN_PASSWORD, closeListening, EDITOR_PASSWORD, FAST_HASHING, signIn, testConfig } from '../testing/harness';
import { warmWarehouseSeedCache } from '../testing/warehouse';
import { testSandbox } from './pyodide/testing';

/**
 * Issue 28's probe 12 through the real console: an editor's cell starts 50 spinning worker threads;
 * the kernel's CPU quota and pids limit (its cgroup) keep every other user's calls fast, and a
 * restart ends them all (the sandbox's whole process tree goes).
 */
vi.setConfig({ testTimeout: 120_000 });
const available = testSandbox();
// The CPU quota and pids limit are a cgroup's: without one (not root, no delegated cgroup v2) they do not hold.
const missing = available.missing ?? (available.sandbox.limits.startsWith('cgroup') ? null : 'no writable cgroup here for the CPU quota (run as root, or delegate a cgroup v2 subtree)');
if (missing) console.info(`Skipping the kernel isolation tests through the console: ${missing}`);

let app: FastifyInstance;
let dataDir: string;
let origin: string;
let editor: string;
let admin: string;

beforeAll(async () => {
  if (missing) return;
  await warmWarehouseSeedCache();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'console-isolation-routes-'));
  ({ app } = await buildApp(testConfig(dataDir, { kernelSandbox: 'on' }), { passwordHashing: FAST_HASHING }));
  editor = (await signIn(app, 'editor', EDITOR_PASSWORD)).cookie;
  admin = (await signIn(app, 'admin', ADMIN_PASSWORD)).cookie;
  await app.listen({ host: '127.0.0.1', port: 0 });
  origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}, 120_000);

afterAll(async () => {
  if (app) await closeListening(app);
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function call<T>(cookie: string, method: 'GET' | 'POST', url: string, body?: object): Promise<{ status: number; body: T }> {
  const response = await fetch(`${origin}${url}`, {
    method,
    headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}

/** The median time of a few calls of /healthz and of the admin's workspace listing. */
async function medianMs(): Promise<{ healthz: number; listing: number }> {
  const time = async (run: () => Promise<unknown>) => {
    const samples: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      const started = performance.now();
      await run();
      samples.push(performance.now() - started);
    }
    return samples.sort((a, b) => a - b)[3];
  };
  return {
    healthz: await time(() => fetch(`${origin}/healthz`).then((response) => response.text())),
    listing: await time(() => call(admin, 'GET', '/api/notebook/workspace')),
  };
}

const SPIN = `from pyodide.code import run_js
run_js("""(async () => {
  const { Worker } = await import('node:worker_threads');
  globalThis.spinning = 0;
  for (let i = 0; i < 50; i++) {
    try { new Worker('for (;;) {}', { eval: true, execArgv: [] }).on('error', () => {}); globalThis.spinning++; } catch {}
  }
})()""")
"started"`;

describe.skipIf(missing !== null)('a cell that leaves 50 spinning worker threads behind', () => {
  it('slows no other user: /healthz and the listing answer well within 250 ms, and a restart ends the threads', async () => {
    const started = await call<KernelModel>(editor, 'POST', '/api/notebook/start-kernel', {});
    expect(started.status).toBe(201);
    const kernelId = started.body.id;
    const ran = await call<RunCodeResponse>(editor, 'POST', '/api/notebook/run-code', { kernelId, code: SPIN });
    expect(ran.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const during = await medianMs();
    console.info(`while 50 threads spin: /healthz p50 ${during.healthz.toFixed(1)} ms, listing p50 ${during.listing.toFixed(1)} ms`);
    // The bound is 250 ms; without the sandbox they took 130–230 ms here, inside it under 10 ms:
    // held well within, so the test tells the two apart.
    expect(during.healthz).toBeLessThan(100);
    expect(during.listing).toBeLessThan(100);
    await call(editor, 'POST', `/api/notebook/kernels/${kernelId}/interrupt`);
    const restartedAt = performance.now();
    const restarted = await call(editor, 'POST', `/api/notebook/kernels/${kernelId}/restart`);
    expect(restarted.status).toBeLessThan(300);
    console.info(`restart with the threads spinning: ${Math.round(performance.now() - restartedAt)} ms`);
    const after = await call<RunCodeResponse>(editor, 'POST', '/api/notebook/run-code', { kernelId, code: 'import js\nprint(hasattr(js.globalThis, "spinning"))' });
    expect(after.body.output).toBe('False\n');
    const afterMs = await medianMs();
    expect(afterMs.healthz).toBeLessThan(250);
    expect(afterMs.listing).toBeLessThan(250);
  });
});
