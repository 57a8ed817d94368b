import { airflow3 } from '../../upstreams/airflow3';
import { attachOrStart } from '../../upstreams/testing/attach';
import { consoleEnv, whyNoAirflow } from '../../tests/support/airflowUpstream';
import { ADMIN_PASSWORD, ConsoleServer } from '../../tests/support/consoleServer';
import type { Browser } from '@playwright/test';
import { median, result, type BenchResult, type BenchSuite } from '../types';
import { AirflowApi, airflowToken, ensureUiData } from './airflowData';
import { measureAirflowDagListKeys } from './airflowList';
import { measureAirflowUi, measureConsoleUi, uiResults } from './airflowUi';

const SUITE = 'airflow';
const SAMPLES = 40;
const LIST = '/api/v2/dags?limit=100&offset=0&order_by=dag_id';

/** One GET's time to the last byte of its body. */
async function timed(url: string, headers: Record<string, string>): Promise<number> {
  const started = performance.now();
  const response = await fetch(url, { headers });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${SUITE}: ${url} answered ${response.status}`);
  return performance.now() - started;
}

async function consoleCookie(base: string): Promise<string> {
  const response = await fetch(`${base}/api/v1/temp/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }) });
  const session = response.headers.getSetCookie().find((cookie) => cookie.startsWith('session='));
  if (!session) throw new Error(`${SUITE}: the console's sign-in answered ${response.status} with no session`);
  return session.split(';')[0];
}

/**
 * The proxy's cost on a real Airflow 3.3.2: the DAG list through the console against the same call
 * straight to Airflow with the same account, interleaved so both see the same machine.
 */
async function measureProxy(airflowUrl: string, token: string, server: ConsoleServer): Promise<BenchResult[]> {
  const direct = { authorization: `Bearer ${token}`, accept: 'application/json' };
  const through = { cookie: await consoleCookie(server.url), accept: 'application/json' };
  const straight: number[] = [];
  const proxied: number[] = [];
  for (let i = 0; i < SAMPLES + 5; i++) {
    const a = await timed(airflowUrl + LIST, direct);
    const b = await timed(`${server.url}/api/workflow${LIST}`, through);
    if (i >= 5) {
      straight.push(a);
      proxied.push(b);
    }
  }
  const note = `${SAMPLES} interleaved GET ${LIST} after 5 warm-up, admin account, same machine`;
  return [
    result(SUITE, 'DAG list straight to Airflow 3, median', median(straight), 'ms', undefined, note),
    result(SUITE, 'DAG list through the console, median', median(proxied), 'ms', undefined, note),
    result(SUITE, 'DAG list: console ÷ straight (ratio of medians)', median(proxied) / median(straight), '×', 1.1, note),
  ];
}

/** Every §4 measure on the shared Airflow 3, with the console started in front of it. */
async function measureAll(browser: Browser): Promise<BenchResult[]> {
  const attached = await attachOrStart(airflow3);
  const server = await ConsoleServer.start(consoleEnv(attached.running));
  try {
    const admin = attached.running.accounts.find((account) => account.console === 'admin');
    if (!admin) throw new Error(`${SUITE}: no admin account`);
    const url = attached.running.url;
    const token = await airflowToken(url, admin.username, admin.password);
    const { logRun } = await ensureUiData(new AirflowApi(url, token));
    const proxy = await measureProxy(url, token, server);
    const ours = await measureConsoleUi(browser, server.url, logRun);
    const theirs = await measureAirflowUi(browser, url, token, logRun);
    const keys = await measureAirflowDagListKeys(browser, server.url);
    return [...proxy, ...uiResults(ours, theirs), ...keys];
  } finally {
    await server.dispose();
    await attached.release();
  }
}

export const airflowSuite: BenchSuite = {
  name: SUITE,
  async run({ browser }) {
    const why = await whyNoAirflow();
    if (why) {
      console.warn(`bench ${SUITE}: skipped, ${why}.`);
      return [];
    }
    return measureAll(browser);
  },
};
