import type { Browser, Page } from '@playwright/test';
import { signInAsAdmin } from '../support/consolePage';
import { cellsInView, coldOpen, paintedAt, textInView, warmOpen } from '../support/paintedPage';
import { sleep } from '../support/time';
import { median, result, resultAtLeast, type BenchResult } from '../types';
import { BIG_LOG_DAG, BIG_LOG_TASK, WIDE_DAG, WIDE_RUNS, WIDE_TASKS } from './airflowData';

/** The Airflow 3 UI's own pages against ours, in the same Chromium, on the same Airflow and DAGs (issue 31 §4). */

const SUITE = 'airflow';
export const VIEWPORT = { width: 1280, height: 800 };
const SAMPLES = 5;
/** A first screen of the grid: 20 task rows × 10 runs drawn in the viewport (both grids draw more). */
const GRID_CELLS = 200;
/** Any line of console_big_log's (`line 012345 record …`): a view may open at its head or its tail. */
const LOG_LINE = /line \d{6}/;
/** A query matching one line in the middle of the log. */
export const QUERY = 'line 050000';

export interface Screens {
  /** Path of the grid page, of the log page, and of a light page to come from. */
  grid: string;
  log: string;
  elsewhere: string;
  gridPainted: string;
  logPainted: string;
  /** Types the query into the log's search; answers performance.now() at the first key, or null: no search. */
  search(page: Page): Promise<number | null>;
  searchPainted: string;
}

export function airflowScreens(logRun: string): Screens {
  return {
    grid: `/dags/${WIDE_DAG}`,
    log: `/dags/${BIG_LOG_DAG}/runs/${encodeURIComponent(logRun)}/tasks/${BIG_LOG_TASK}`,
    elsewhere: '/dags',
    // Each task instance's cell is a link with id `grid-<run id>-<task id>`.
    gridPainted: cellsInView('a[id^="grid-"]', GRID_CELLS),
    logPainted: textInView('[data-testid="virtualized-item"], pre, code, div:not(:has(div))', LOG_LINE),
    search: (page) => typeQuery(page, page.getByPlaceholder('Search logs...')),
    searchPainted: textInView('mark, [data-testid="virtualized-item"], div:not(:has(div))', /line 050000/),
  };
}

export function consoleScreens(logRun: string): Screens {
  return {
    grid: `/admin/workflow/${WIDE_DAG}`,
    log: `/admin/workflow/${BIG_LOG_DAG}?run=${encodeURIComponent(logRun)}&task=${BIG_LOG_TASK}&tab=logs`,
    elsewhere: '/my-profile',
    gridPainted: cellsInView('[role="treegrid"] [role="gridcell"]', GRID_CELLS),
    logPainted: textInView('.lv-row .lv-text', LOG_LINE),
    search: (page) => typeQuery(page, page.getByRole('searchbox', { name: 'Search the log' })),
    // The search box's status: "1 of 1".
    searchPainted: `() => /\\b1 of 1\\b/.test(document.querySelector('.lv-search')?.textContent ?? '')`,
  };
}

async function typeQuery(page: Page, box: ReturnType<Page['getByPlaceholder']>): Promise<number | null> {
  if ((await box.count()) === 0) return null;
  await box.fill('');
  await box.click();
  const start = await page.evaluate(() => performance.now());
  await box.pressSequentially(QUERY);
  return start;
}

interface Samples {
  cold: number[];
  warm: number[];
}

/** A page that never paints within the bench's wait counts as that wait, a lower bound (said in the notes). */
export const GAVE_UP_MS = 60_000;

async function sample(times: number[], measure: () => Promise<number>): Promise<void> {
  if (times.includes(GAVE_UP_MS)) return; // one wait of two minutes is enough to know
  try {
    times.push(await measure());
  } catch (error) {
    if (!(error instanceof Error) || !/took longer than/.test(error.message)) throw error;
    console.warn(`bench ${SUITE}: ${error.message}`);
    times.push(GAVE_UP_MS);
  }
}

async function gridAndLog(page: Page, base: string, s: Screens): Promise<{ grid: Samples; log: Samples }> {
  const grid: Samples = { cold: [], warm: [] };
  const log: Samples = { cold: [], warm: [] };
  for (let i = 0; i < SAMPLES; i++) {
    await sample(grid.cold, () => coldOpen(page, base + s.grid, s.gridPainted, `${SUITE}: grid at ${base}`));
    await sample(grid.warm, () => warmOpen(page, s.elsewhere, s.grid, s.gridPainted, `${SUITE}: grid at ${base}`));
    await sample(log.cold, () => coldOpen(page, base + s.log, s.logPainted, `${SUITE}: log at ${base}`));
    await sample(log.warm, () => warmOpen(page, s.elsewhere, s.log, s.logPainted, `${SUITE}: log at ${base}`));
  }
  return { grid, log };
}

/** The query typed into the open log's own search → its match painted; [] when the log view has no search. */
async function searches(page: Page, s: Screens): Promise<number[]> {
  const times: number[] = [];
  await page.goto(page.url().split('/').slice(0, 3).join('/') + s.log);
  const shown: number[] = [];
  await sample(shown, () => paintedAt(page, s.logPainted, `${SUITE}: log before its search`));
  if (shown.includes(GAVE_UP_MS)) return [];
  for (let i = 0; i < SAMPLES; i++) {
    const start = await s.search(page);
    if (start === null) return [];
    times.push((await paintedAt(page, s.searchPainted, `${SUITE}: log search`)) - start);
    await sleep(500);
  }
  return times;
}

export interface UiSamples {
  grid: Samples;
  log: Samples;
  search: number[];
}

/** Airflow's UI, signed in by its `_token` cookie (COOKIE_NAME_JWT_TOKEN of base_auth_manager.py). */
export async function measureAirflowUi(browser: Browser, url: string, token: string, logRun: string): Promise<UiSamples> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    await context.addCookies([{ name: '_token', value: token, url }]);
    const page = await context.newPage();
    const screens = airflowScreens(logRun);
    const opened = await gridAndLog(page, url, screens);
    // Its search needs its log shown: not measured when the log never painted.
    const search = opened.log.cold.includes(GAVE_UP_MS) ? [] : await searches(page, screens);
    return { ...opened, search };
  } finally {
    await context.close();
  }
}

/** Ours, on the console in front of the same Airflow, signed in as admin. */
export async function measureConsoleUi(browser: Browser, url: string, logRun: string): Promise<UiSamples> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    const page = await context.newPage();
    await signInAsAdmin(page, url);
    const screens = consoleScreens(logRun);
    const opened = await gridAndLog(page, url, screens);
    return { ...opened, search: await searches(page, screens) };
  } finally {
    await context.close();
  }
}

function compare(what: string, ours: number[], theirs: number[], note: string): BenchResult[] {
  if (ours.length === 0) {
    console.warn(`bench ${SUITE}: ${what} not measured on the console (its log never painted)`);
    return [];
  }
  if (theirs.length === 0) {
    return [result(SUITE, `${what}: ours, median`, median(ours), 'ms', undefined, `${note}; not measured in Airflow's log view (no search there, or its log never painted): no ratio`)];
  }
  return [
    result(SUITE, `${what}: ours, median`, median(ours), 'ms', undefined, note),
    result(SUITE, `${what}: Airflow 3 UI, median`, median(theirs), 'ms', undefined, note),
    resultAtLeast(SUITE, `${what}: Airflow UI ÷ ours (ratio of medians)`, median(theirs) / median(ours), '×', 3, note),
  ];
}

export function uiResults(ours: UiSamples, theirs: UiSamples): BenchResult[] {
  const shape = `${SAMPLES} samples each, medians; same Chromium, viewport ${VIEWPORT.width}×${VIEWPORT.height}; DAG ${WIDE_DAG}: ${WIDE_TASKS} tasks × ${WIDE_RUNS} runs`;
  const cold = 'cold: a new page load, navigation start → painted';
  const warm = 'warm: the app loaded, client-side navigation from another page → painted';
  const grid = `grid painted = ≥ ${GRID_CELLS} task-instance cells (20 rows × 10 runs) drawn in the viewport; ${shape}`;
  const log = `${BIG_LOG_DAG}.${BIG_LOG_TASK}, 100,000 lines; a page not painted in ${GAVE_UP_MS / 1000} s counts as ${GAVE_UP_MS / 1000} s (a lower bound) and is not sampled again; painted = a line of it drawn in the viewport; ${shape}`;
  return [
    ...compare('grid, cold', ours.grid.cold, theirs.grid.cold, `${cold}; ${grid}`),
    ...compare('grid, warm', ours.grid.warm, theirs.grid.warm, `${warm}; ${grid}`),
    ...compare('100,000-line log, cold', ours.log.cold, theirs.log.cold, `${cold}; ${log}`),
    ...compare('100,000-line log, warm', ours.log.warm, theirs.log.warm, `${warm}; ${log}`),
    ...compare('log search', ours.search, theirs.search, `"${QUERY}" typed into the log view's own search (the log open) → its one match painted (ours: "1 of 1")`),
  ];
}
