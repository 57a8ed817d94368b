import type { Browser, Page } from '@playwright/test';
import { ADMIN_PASSWORD, ConsoleServer } from '../../tests/support/consoleServer';
import { signInAsAdmin } from '../support/consolePage';
import { keystrokesOf, thresholdPercentile } from '../support/eventTiming';
import { pushPath } from '../support/paintedPage';
import { typePaced } from '../support/typing';
import { sleep, within } from '../support/time';
import { median, percentile, result, type BenchResult } from '../types';
import { IN_PAGE, type NotebookBenchWindow } from './notebookPage';

/** The DAG list (/admin/workflow) of the real app on a console server whose demo holds 1,000 DAGs. */

declare const window: NotebookBenchWindow & Window;

const SUITE = 'workflow';
export const LIST_DAGS = 1000;
const VIEWPORT = { width: 1440, height: 900 };
/** List pages never opened before, one per sample (the app keeps what it has shown, and shows that first). */
const OPEN_PAGES = [2, 3, 4, 5, 6, 7];
/** Ids of generated copies (CONSOLE_WORKFLOW_DEMO_DAGS), typed whole: each matches one DAG. */
const TYPED_IDS = ['customer_360_0007', 'ml_churn_training_0513', 'web_sessions_rollup_0890'];
/** A fast typist's pace (about 80 words a minute): the search's 120 ms pause passes between some keys, as it would. */
const KEY_PACE_MS = 150;
const THRESHOLD = 16;
const ROWS = 'table[aria-label="DAGs"] tbody tr[data-dag]';

async function seededServer(): Promise<ConsoleServer> {
  const server = await ConsoleServer.start({ CONSOLE_WORKFLOW_DEMO_DAGS: String(LIST_DAGS) });
  // The first workflow request seeds the demo (seconds for 1,000 DAGs): done before anything is timed.
  const auth = `Basic ${Buffer.from(`admin:${ADMIN_PASSWORD}`).toString('base64')}`;
  const res = await within(120_000, `${SUITE}: seeding ${LIST_DAGS} DAGs`, fetch(`${server.url}/api/workflow/v1/dags?limit=1`, { headers: { authorization: auth } }));
  const body = (await res.json()) as { total_entries?: number };
  if (body.total_entries !== LIST_DAGS) throw new Error(`the bench server has ${body.total_entries} DAGs, not ${LIST_DAGS}`);
  return server;
}


/**
 * Plain JavaScript for page.evaluate (tsx would wrap a named arrow function in a helper the page
 * lacks): resolves once the list shows exactly `rows` rows (and, if given, `first` first), with
 * performance.now() after that frame's paint (a task posted from rAF runs after it).
 */
const ROWS_PAINTED = `({ selector, rows, first }) => new Promise((done) => {
  const check = () => {
    const shown = document.querySelectorAll(selector);
    if (shown.length !== rows || (first !== undefined && shown[0].getAttribute('data-dag') !== first)) return void requestAnimationFrame(check);
    const channel = new MessageChannel();
    channel.port1.onmessage = () => done(performance.now());
    channel.port2.postMessage(null);
  };
  requestAnimationFrame(check);
})`;

async function rowsPainted(page: Page, rows: number, first?: string): Promise<number> {
  return within(60_000, `${SUITE}: DAG rows`, page.evaluate(`(${ROWS_PAINTED})(${JSON.stringify({ selector: ROWS, rows, first })})`) as Promise<number>);
}

async function measureOpens(page: Page): Promise<{ first: number; uncached: number[]; cached: number[] }> {
  const open = async (path: string) => {
    await pushPath(page, '/my-profile'); // a light page in between, as a user comes from elsewhere
    await page.locator(ROWS).first().waitFor({ state: 'detached' });
    await sleep(300);
    const start = await pushPath(page, path);
    return (await rowsPainted(page, 10)) - start;
  };
  const first = await open('/admin/workflow');
  const uncached = [];
  for (const p of OPEN_PAGES) uncached.push(await open(`/admin/workflow?page=${p}`));
  const cached = [];
  for (const p of OPEN_PAGES) cached.push(await open(`/admin/workflow?page=${p}`));
  return { first, uncached, cached };
}

async function measureFilter(page: Page) {
  const box = page.getByRole('searchbox', { name: 'Search DAGs' });
  await page.evaluate(IN_PAGE);
  await page.evaluate(() => window.nbBench.startTyping());
  let keys = 0;
  const filtered: number[] = [];
  for (const id of TYPED_IDS) {
    keys += await typePaced(page, box, id, KEY_PACE_MS, SUITE);
    const lastKey = await page.evaluate(() => window.nbBench.lastInputAt());
    filtered.push((await rowsPainted(page, 1, id)) - lastKey);
    await box.fill('');
    await rowsPainted(page, 10);
  }
  const record = await page.evaluate(() => window.nbBench.stopTyping());
  const strokes = keystrokesOf(record.entries, record.armedAt);
  return { keys, strokes, work: record.work, keydowns: record.keydowns, filtered };
}

function listResults(opens: Awaited<ReturnType<typeof measureOpens>>, typing: Awaited<ReturnType<typeof measureFilter>>): BenchResult[] {
  const n = LIST_DAGS.toLocaleString('en-US');
  const open = `client-side navigation to /admin/workflow?page=N (the app loaded, signed in) → 10 DAG rows painted; ${OPEN_PAGES.length} pages never shown before: the sync worker asks the server (${n} DAGs, sorted by id), the answer goes to IndexedDB and the list; viewport ${VIEWPORT.width}×${VIEWPORT.height}`;
  const durations = typing.strokes.map((s) => s.duration);
  const processing = typing.strokes.map((s) => s.processing);
  const how = `${typing.keys} keys typed one at a time (${KEY_PACE_MS} ms apart, each left to paint and settle) into the header's "Search DAGs" box: ${TYPED_IDS.join(', ')}; ${typing.strokes.length} had Event Timing entries (durationThreshold ${THRESHOLD}), the others count as ${THRESHOLD} ms; ${typing.keydowns} keydowns counted`;
  return [
    result(SUITE, `DAG list of ${n}: open → rows painted, median`, median(opens.uncached), 'ms', undefined, open),
    result(SUITE, `DAG list of ${n}: open → rows painted, max`, Math.max(...opens.uncached), 'ms'),
    result(SUITE, `DAG list of ${n}: reopen of a page shown before → rows painted, median`, median(opens.cached), 'ms', undefined, 'the same pages again: shown from IndexedDB, refreshed behind'),
    result(SUITE, `DAG list of ${n}: first open of the session`, opens.first, 'ms', undefined, "page 1: the list's code loads too"),
    result(SUITE, `DAG list of ${n}: filter keystroke, Event Timing duration p95`, thresholdPercentile(durations, typing.keys, THRESHOLD, 95), 'ms', 16, how),
    result(SUITE, `DAG list of ${n}: filter keystroke, Event Timing duration p50`, thresholdPercentile(durations, typing.keys, THRESHOLD, 50), 'ms'),
    result(SUITE, `DAG list of ${n}: filter keystroke, Event Timing processing p95`, thresholdPercentile(processing, typing.keys, THRESHOLD, 95), 'ms', undefined, 'processingEnd − processingStart summed over the key\'s events (keydown, keypress, beforeinput, input, keyup)'),
    result(SUITE, `DAG list of ${n}: filter keystroke, keydown → next frame painted p95`, percentile(typing.work, 95), 'ms', undefined, 'wall time, unrounded'),
    result(SUITE, `DAG list of ${n}: last keystroke → filtered row painted, median`, median(typing.filtered), 'ms', undefined, `${TYPED_IDS.length} ids; includes the search box's 120 ms typing pause, the URL change, the server's query and IndexedDB`),
  ];
}

/** Measures the DAG list against its own console server (1,000 DAGs); the suite's shared server keeps the demo's 25. */
export async function measureDagList(browser: Browser): Promise<BenchResult[]> {
  const server = await seededServer();
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    const page = await context.newPage();
    page.on('pageerror', (error) => console.error(`bench workflow list page: ${error.message}`));
    await signInAsAdmin(page, server.url);
    const opens = await measureOpens(page);
    const typing = await measureFilter(page);
    return listResults(opens, typing);
  } finally {
    await context.close();
    await server.dispose();
  }
}
