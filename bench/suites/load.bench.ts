import autocannon from 'autocannon';
import { ConsoleServer, ADMIN_PASSWORD } from '../../tests/support/consoleServer';
import { startLoginFlood, type FloodStats } from '../support/loginFlood';
import { sleep, within } from '../support/time';
import { result, resultAtLeast, type BenchResult, type BenchSuite } from '../types';

const SUITE = 'load';
const CONNECTIONS = 50;
const WARMUP_SECONDS = 2;
const MEASURE_SECONDS = 10;
const WORKSPACE_ITEMS = 30;
const FLOOD_PER_SECOND = 20;
/** Enough for the measured run and its warm-up at the flood's rate, with room to spare. */
const FLOOD_MAX = FLOOD_PER_SECOND * (WARMUP_SECONDS + MEASURE_SECONDS + 10);
const READY_LIMIT_MS = 600_000;
/** A measured run is bounded by its duration; this only catches a hung client. */
const RUN_LIMIT_MS = 60_000;
/** Budgets of issue 14 ("Load"). */
const BUDGET = { workspaceRps: 2000, executeRps: 300, p99Ms: 250, floodChangePct: 20 };

interface Target {
  label: string;
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

interface Measured {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
}

/** A signed-in console user: the session cookie, and the CSRF token the BI API asks cookie sessions for. */
async function signIn(base: string): Promise<{ cookie: string; csrf: string }> {
  const res = await fetch(`${base}/api/v1/temp/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
  });
  if (!res.ok) throw new Error(`${SUITE}: sign-in answered ${res.status}: ${await res.text()}`);
  const session = res.headers.getSetCookie().find((c) => c.startsWith('session='));
  if (!session) throw new Error(`${SUITE}: sign-in set no session cookie`);
  const cookie = session.split(';')[0];
  const token = await fetch(`${base}/api/bi/v1/security/csrf_token/`, { headers: { cookie } });
  if (!token.ok) throw new Error(`${SUITE}: csrf_token answered ${token.status}`);
  return { cookie, csrf: ((await token.json()) as { result: string }).result };
}

async function seedWorkspace(base: string, cookie: string): Promise<void> {
  const headers = { cookie, 'content-type': 'application/json' };
  const folder = await fetch(`${base}/api/notebook/folders`, { method: 'POST', headers, body: JSON.stringify({ path: 'load' }) });
  if (!folder.ok) throw new Error(`${SUITE}: creating a folder answered ${folder.status}`);
  for (let i = 1; i < WORKSPACE_ITEMS; i++) {
    const content = JSON.stringify({ cells: [{ cell_type: 'code', source: [`print(${i})`] }], metadata: {}, nbformat: 4, nbformat_minor: 5 });
    const res = await fetch(`${base}/api/notebook/files`, { method: 'POST', headers, body: JSON.stringify({ path: `load/notebook-${i}.ipynb`, content }) });
    if (!res.ok) throw new Error(`${SUITE}: saving notebook ${i} answered ${res.status}: ${await res.text()}`);
  }
  const listed = (await (await fetch(`${base}/api/notebook/workspace`, { headers: { cookie } })).json()) as { files: unknown[] };
  if (listed.files.length !== WORKSPACE_ITEMS) throw new Error(`${SUITE}: the workspace lists ${listed.files.length} items, not ${WORKSPACE_ITEMS}`);
}

/** The warehouse is copied from the seed cache after the server starts; execute waits until it answers. */
async function waitForWarehouse(target: Target, base: string): Promise<void> {
  const deadline = Date.now() + READY_LIMIT_MS;
  for (;;) {
    const res = await fetch(`${base}${target.path}`, { method: target.method, headers: target.headers, body: target.body });
    if (res.ok) return;
    if (Date.now() > deadline) throw new Error(`${SUITE}: execute still answers ${res.status}: ${await res.text()}`);
    await sleep(500);
  }
}

async function cannon(base: string, target: Target, seconds: number): Promise<Measured> {
  const run = autocannon({
    url: `${base}${target.path}`,
    method: target.method,
    headers: target.headers,
    body: target.body,
    connections: CONNECTIONS,
    duration: seconds,
  });
  const out = await within(RUN_LIMIT_MS, `${SUITE}: ${target.label}`, run);
  const failed = out.non2xx + out.errors + out.timeouts;
  if (failed > 0) throw new Error(`${SUITE}: ${target.label}: ${out.non2xx} non-2xx answers, ${out.errors} errors, ${out.timeouts} timeouts`);
  return { rps: out.requests.total / out.duration, p50: out.latency.p50, p99: out.latency.p99, requests: out.requests.total };
}

/** A short run first (JIT, caches, connections), then the measured one. */
async function measure(base: string, target: Target): Promise<Measured> {
  await cannon(base, target, WARMUP_SECONDS);
  return cannon(base, target, MEASURE_SECONDS);
}

async function measureFlooded(base: string, target: Target): Promise<{ measured: Measured; flood: FloodStats }> {
  const flood = startLoginFlood({ url: base, perSecond: FLOOD_PER_SECOND, maxRequests: FLOOD_MAX });
  try {
    const measured = await measure(base, target);
    return { measured, flood: await flood.stop() };
  } catch (error) {
    await flood.stop();
    throw error;
  }
}

function report(target: Target, m: Measured, minRps?: number, during = ''): BenchResult[] {
  const name = (what: string) => `${target.label}${during}: ${what}`;
  const note = `${target.method} ${target.path}, ${CONNECTIONS} connections, ${MEASURE_SECONDS} s after ${WARMUP_SECONDS} s warm-up, ${m.requests} requests`;
  const budgeted = minRps !== undefined;
  return [
    budgeted ? resultAtLeast(SUITE, name('req/s'), m.rps, 'req/s', minRps, note) : result(SUITE, name('req/s'), m.rps, 'req/s', undefined, note),
    result(SUITE, name('p50'), m.p50, 'ms'),
    result(SUITE, name('p99'), m.p99, 'ms', budgeted ? BUDGET.p99Ms : undefined),
  ];
}

function floodReport(target: Target, quiet: Measured, flooded: { measured: Measured; flood: FloodStats }, minRps: number): BenchResult[] {
  const change = ((quiet.rps - flooded.measured.rps) / quiet.rps) * 100;
  const p99Change = ((flooded.measured.p99 - quiet.p99) / Math.max(quiet.p99, 1)) * 100;
  const answers = Object.entries(flooded.flood.answers)
    .map(([status, n]) => `${n}× ${status}`)
    .join(', ');
  const note = `${flooded.flood.sent} wrong sign-ins (admin, editor and made-up names) at ${FLOOD_PER_SECOND}/s, each from its own address: ${answers}`;
  return [
    ...report(target, flooded.measured, minRps, ' during a login flood'),
    result(SUITE, `${target.label}: req/s lost to the login flood`, change, '%', BUDGET.floodChangePct, note),
    result(SUITE, `${target.label}: p99 added by the login flood`, p99Change, '%', BUDGET.floodChangePct),
  ];
}

/**
 * Issue 14's load budgets: 50 connections (autocannon, in this process) against a console
 * server of its own on 127.0.0.1 (a temp data dir, proxy headers believed from 127.0.0.1 so
 * the flood can come from many addresses), signed in by cookie like the console's users.
 */
export const loadSuite: BenchSuite = {
  name: SUITE,
  async run() {
    const server = await ConsoleServer.start({ CONSOLE_TRUST_PROXY: '127.0.0.1' });
    try {
      const base = `http://127.0.0.1:${server.port}`;
      const { cookie, csrf } = await signIn(base);
      await seedWorkspace(base, cookie);
      const healthz: Target = { label: 'GET /healthz', method: 'GET', path: '/healthz', headers: {} };
      const workspace: Target = { label: 'workspace listing', method: 'GET', path: '/api/notebook/workspace', headers: { cookie } };
      const execute: Target = {
        label: 'execute select 42',
        method: 'POST',
        path: '/api/bi/v1/sqllab/execute/',
        headers: { cookie, 'x-csrftoken': csrf, 'content-type': 'application/json' },
        // No client_id: the server makes a new one for each run.
        body: JSON.stringify({ database_id: 1, sql: 'select 42', schema: null, runAsync: false, queryLimit: 1000 }),
      };
      await within(READY_LIMIT_MS + RUN_LIMIT_MS, `${SUITE}: warehouse ready`, waitForWarehouse(execute, base));

      const results = report(healthz, await measure(base, healthz));
      // Each endpoint quiet, then at once during the flood, so the pair sees the same machine.
      for (const [target, minRps] of [[workspace, BUDGET.workspaceRps], [execute, BUDGET.executeRps]] as const) {
        const quiet = await measure(base, target);
        results.push(...report(target, quiet, minRps), ...floodReport(target, quiet, await measureFlooded(base, target), minRps));
      }
      return results;
    } finally {
      await server.dispose();
    }
  },
};
