import type { Browser, Locator, Page } from '@playwright/test';
import { keystrokesOf, thresholdPercentile } from '../support/eventTiming';
import { signInAsAdmin } from '../support/consolePage';
import { cellsInView, coldOpen, paintedAt } from '../support/paintedPage';
import { typePaced } from '../support/typing';
import { IN_PAGE, type NotebookBenchWindow } from './notebookPage';

/** Superset 6.1's own SQL Lab page against ours, same Chromium, same Superset, database and query (issue 32 §3). */

declare const window: NotebookBenchWindow & Window;

export const VIEWPORT = { width: 1280, height: 800 };
const SAMPLES = 5;
/** Data cells drawn in the viewport for a result to count as painted (both grids show ~12 rows × 4–8 columns). */
const CELLS = 40;
/** bet_report's first id; a sample's query starts after `FIRST_ID + i`, so its first row tells it from the last one's. */
const FIRST_ID = 10_000_000;
const TYPED = 'select username from bet_report';
const KEY_PACE_MS = 150;
const THRESHOLD = 16;

/** Where a measure looks and acts in a SQL page: Superset's SQL Lab and ours differ only in these. */
interface SqlScreen {
  path: string;
  editorReady: string;
  editor(page: Page): Locator;
  /** A data cell of the result grid. */
  cell: string;
  /** Before the samples: the tab on the warehouse database and its gaming schema. */
  prepare(page: Page): Promise<void>;
}

const superset: SqlScreen = {
  path: '/sqllab/',
  editorReady: cellsInView('.ace_editor .ace_line', 1),
  editor: (page) => page.locator('.ace_editor').first(),
  cell: '.ag-center-cols-container .ag-cell',
  async prepare(page) {
    // A user's SQL Lab tabs live in Superset's metadata: a new user has none.
    if ((await page.locator('.ace_editor').count()) === 0) await page.getByText('Add a new tab').first().click();
    await page.locator('.ace_editor').first().waitFor();
  },
};

const ours: SqlScreen = {
  path: '/admin/sql',
  editorReady: cellsInView('.sql-editor .monaco-editor .view-line', 1),
  editor: (page) => page.locator('.sql-editor .monaco-editor').first(),
  cell: '.rg [role="gridcell"]',
  async prepare(page) {
    await page.getByLabel('Database', { exact: true }).selectOption({ label: 'warehouse' });
  },
};

export interface SqlSamples {
  editorCold: number[];
  /** Run pressed → a new 1,000-row × 27-column result painted. */
  result: number[];
  keystrokes: { p95: number; p50: number; keys: number };
}

const query = (i: number) => `SELECT * FROM gaming.bet_report WHERE pre_cal_id > ${FIRST_ID + i} ORDER BY pre_cal_id LIMIT 1000`;

/** The new result painted: its first id shown (not the last sample's) and the grid filled. */
function resultPainted(screen: SqlScreen, i: number): string {
  const id = String(FIRST_ID + i + 1);
  return `() => {
    const cells = [...document.querySelectorAll(${JSON.stringify(screen.cell)})];
    if (!cells.some((cell) => cell.textContent.trim() === ${JSON.stringify(id)})) return false;
    return (${cellsInView(screen.cell, CELLS)})();
  }`;
}

async function setSql(page: Page, screen: SqlScreen, sql: string): Promise<void> {
  await screen.editor(page).click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.insertText(sql);
}

async function measureScreen(page: Page, base: string, screen: SqlScreen, what: string): Promise<SqlSamples> {
  const editorCold: number[] = [];
  for (let i = 0; i < SAMPLES; i++) editorCold.push(await coldOpen(page, base + screen.path, screen.editorReady, `${what}: editor`));
  await screen.prepare(page);
  const result: number[] = [];
  for (let i = 0; i < SAMPLES + 1; i++) {
    await setSql(page, screen, query(i));
    const start = await page.evaluate(() => performance.now());
    await page.keyboard.press('ControlOrMeta+Enter');
    const painted = await paintedAt(page, resultPainted(screen, i), `${what}: result ${i}`);
    if (i > 0) result.push(painted - start);
  }
  return { editorCold, result, keystrokes: await keystrokes(page, screen, what) };
}

async function keystrokes(page: Page, screen: SqlScreen, what: string): Promise<SqlSamples['keystrokes']> {
  await setSql(page, screen, '');
  await page.evaluate(IN_PAGE);
  await page.evaluate(() => window.nbBench.startTyping());
  const keys = await typePaced(page, screen.editor(page), TYPED, KEY_PACE_MS, `${what}: editor`);
  const record = await page.evaluate(() => window.nbBench.stopTyping());
  const durations = keystrokesOf(record.entries, record.armedAt).map((s) => s.duration);
  return { keys, p95: thresholdPercentile(durations, keys, THRESHOLD, 95), p50: thresholdPercentile(durations, keys, THRESHOLD, 50) };
}

/** Superset's SQL Lab as the console's admin: its session cookie, signed in through the console's trusted headers. */
export async function measureSupersetUi(browser: Browser, url: string, cookie: string): Promise<SqlSamples> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    await context.addCookies(cookie.split('; ').map((pair) => ({ name: pair.slice(0, pair.indexOf('=')), value: pair.slice(pair.indexOf('=') + 1), url })));
    return await measureScreen(await context.newPage(), url, superset, 'Superset SQL Lab');
  } finally {
    await context.close();
  }
}

/** Ours, on the console in front of the same Superset, signed in as admin. */
export async function measureConsoleSql(browser: Browser, url: string): Promise<SqlSamples> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    const page = await context.newPage();
    await signInAsAdmin(page, url);
    return await measureScreen(page, url, ours, 'console SQL editor');
  } finally {
    await context.close();
  }
}

export const KEYS_NOTE = `"${TYPED}" typed ${KEY_PACE_MS} ms apart into the empty editor; Event Timing duration (durationThreshold ${THRESHOLD}: keys without an entry count as ${THRESHOLD} ms)`;
export const SHAPE_NOTE = `${SAMPLES} samples each, medians; same Chromium, viewport ${VIEWPORT.width}×${VIEWPORT.height}; the warehouse database (PostgreSQL) through Superset`;
export const RESULT_NOTE = `Run (Ctrl+Enter) → a new result of 1,000 rows × 27 columns of gaming.bet_report painted (its first id shown, ≥ ${CELLS} data cells drawn in the viewport); 1 warm-up`;
