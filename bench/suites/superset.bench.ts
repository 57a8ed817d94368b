import type { Browser } from '@playwright/test';
import { ConsoleServer, ADMIN_PASSWORD } from '../../tests/support/consoleServer';
import { startSupersetBehindConsole, supersetEnv, whyNoSuperset } from '../../tests/support/supersetUpstream';
import { supersetClient } from '../../upstreams/testing/supersetClient';
import { median, result, resultAtLeast, type BenchResult, type BenchSuite } from '../types';
import { KEYS_NOTE, measureConsoleSql, measureSupersetUi, RESULT_NOTE, SHAPE_NOTE, type SqlSamples } from './supersetUi';

const SUITE = 'superset';
const SAMPLES = 40;
const SQL = 'SELECT * FROM gaming.bet_report LIMIT 1000';

/** Sends an execute's body: straight to Superset, or through the console. */
type Caller = (body: object) => Promise<Response>;

/** One execute's time to the last byte of its answer. */
async function timedExecute(send: Caller, databaseId: number, where: string): Promise<number> {
  const started = performance.now();
  const response = await send({ database_id: databaseId, schema: 'gaming', sql: SQL, runAsync: false, queryLimit: 1000 });
  const text = await response.text();
  if (!response.ok) throw new Error(`${SUITE}: execute ${where} answered ${response.status}: ${text.slice(0, 300)}`);
  return performance.now() - started;
}

/** The console's admin: its session cookie and its own CSRF token for /api/bi writes. */
async function consoleCaller(server: ConsoleServer): Promise<Caller> {
  const login = await fetch(`${server.url}/api/v1/temp/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }) });
  const cookie = login.headers.getSetCookie().find((line) => line.startsWith('session='))?.split(';')[0];
  if (!cookie) throw new Error(`${SUITE}: the console's sign-in answered ${login.status} with no session`);
  const csrf = ((await (await fetch(`${server.url}/api/bi/v1/security/csrf_token/`, { headers: { cookie } })).json()) as { result: string }).result;
  const headers = { cookie, 'x-csrftoken': csrf, origin: server.url, 'content-type': 'application/json' };
  return (body) => fetch(`${server.url}/api/bi/v1/sqllab/execute/`, { method: 'POST', headers, body: JSON.stringify(body) });
}

/** The proxy's cost: execute through the console against the same call straight to Superset, interleaved. */
async function measureProxy(direct: Caller, through: Caller, databaseId: number): Promise<BenchResult[]> {
  const straight: number[] = [];
  const proxied: number[] = [];
  for (let i = 0; i < SAMPLES + 5; i++) {
    const a = await timedExecute(direct, databaseId, 'straight to Superset');
    const b = await timedExecute(through, databaseId, 'through the console');
    if (i >= 5) {
      straight.push(a);
      proxied.push(b);
    }
  }
  const note = `${SAMPLES} interleaved POST sqllab/execute/ of "${SQL}" (warehouse, PostgreSQL) after 5 warm-up, the console's admin as the same Superset user`;
  return [
    result(SUITE, 'execute straight to Superset, median', median(straight), 'ms', undefined, note),
    result(SUITE, 'execute through the console, median', median(proxied), 'ms', undefined, note),
    result(SUITE, 'execute: console ÷ straight (ratio of medians)', median(proxied) / median(straight), '×', 1.1, note),
  ];
}

/** Ours against Superset's: faster on each (a ratio ≥ 1), and each one's keystrokes. */
function compare(ours: SqlSamples, theirs: SqlSamples): BenchResult[] {
  const pair = (what: string, a: number[], b: number[], note: string) => [
    result(SUITE, `${what}: ours, median`, median(a), 'ms', undefined, note),
    result(SUITE, `${what}: Superset SQL Lab, median`, median(b), 'ms', undefined, note),
    resultAtLeast(SUITE, `${what}: Superset ÷ ours (ratio of medians)`, median(b) / median(a), '×', 1, note),
  ];
  return [
    ...pair('editor ready, cold', ours.editorCold, theirs.editorCold, `a new page load, navigation start → the editor's first line drawn; ${SHAPE_NOTE}`),
    ...pair('1,000-row result painted', ours.result, theirs.result, `${RESULT_NOTE}; ${SHAPE_NOTE}`),
    result(SUITE, 'editor keystroke: ours, Event Timing p95', ours.keystrokes.p95, 'ms', 16, `${ours.keystrokes.keys} keys; ${KEYS_NOTE}`),
    result(SUITE, 'editor keystroke: Superset SQL Lab, Event Timing p95', theirs.keystrokes.p95, 'ms', undefined, `${theirs.keystrokes.keys} keys; ${KEYS_NOTE}`),
  ];
}

async function measureAll(browser: Browser): Promise<BenchResult[]> {
  const upstream = await startSupersetBehindConsole();
  // The proxy's cost is measured without the relay the e2e fixtures put between them.
  const server = await ConsoleServer.start(supersetEnv(upstream.running));
  try {
    const admin = await supersetClient(upstream.running);
    const databases = (await (await admin.get('/api/v1/database/?q=(page_size:100)')).json()) as { result: { id: number; database_name: string }[] };
    const warehouse = databases.result.find((row) => row.database_name === 'warehouse');
    if (!warehouse) throw new Error(`${SUITE}: Superset has no warehouse database`);
    const direct: Caller = (body) => admin.post('/api/v1/sqllab/execute/', body);
    const proxy = await measureProxy(direct, await consoleCaller(server), warehouse.id);
    const ours = await measureConsoleSql(browser, server.url);
    const theirs = await measureSupersetUi(browser, upstream.running.url, admin.cookie);
    return [...proxy, ...compare(ours, theirs)];
  } finally {
    await server.dispose();
    await upstream.dispose();
  }
}

export const supersetSuite: BenchSuite = {
  name: SUITE,
  async run({ browser }) {
    const why = await whyNoSuperset();
    if (why) {
      console.warn(`bench ${SUITE}: skipped, ${why}.`);
      return [];
    }
    return measureAll(browser);
  },
};
