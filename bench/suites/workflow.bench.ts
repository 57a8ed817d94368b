import type { Browser, Page } from '@playwright/test';
import { serveHarness } from '../support/harness';
import { within } from '../support/time';
import { median, percentile, result, type BenchResult, type BenchSuite } from '../types';
import { measureDagList } from './workflowList';

const SUITE = 'workflow';
/** A laptop window; the component fills it as a DAG page's tab would. */
const VIEWPORT = { width: 1440, height: 900 };
const SCROLL_FRAMES = 180;
const LOG_LINES = 100_000;

async function openPage(page: Page, harnessUrl: string): Promise<void> {
  page.on('pageerror', (error) => console.error(`bench workflow page: ${error.message}`));
  await page.goto(new URL('workflow.html', harnessUrl).href);
  await page.waitForFunction(() => window.workflowBench?.ready === true, undefined, { timeout: 15_000 });
}

/** `runs` samples after `warmup` of showing a generated grid: from data arriving to painted cells. */
async function gridPainted(page: Page, runs: number, tasks: number, warmup: number, samples: number) {
  const times = [];
  let last = { renderedRows: 0, renderedCells: 0 };
  for (let i = 0; i < warmup + samples; i++) {
    const timing = await within(60_000, `${SUITE}: grid ${runs} × ${tasks}`, page.evaluate(([r, t]) => window.workflowBench.showGrid(r, t), [runs, tasks]));
    if (i >= warmup) times.push(timing.paintedMs);
    last = timing;
  }
  return { times, note: `${samples} samples after ${warmup} warm-up; ${last.renderedRows} rows / ${last.renderedCells} cells rendered (virtualized); viewport ${VIEWPORT.width}×${VIEWPORT.height}` };
}

async function measureGrids(page: Page): Promise<BenchResult[]> {
  const small = await gridPainted(page, 100, 50, 3, 10);
  const big = await gridPainted(page, 25, 5000, 1, 5);
  await within(60_000, `${SUITE}: grid scroll warm-up`, page.evaluate(() => window.workflowBench.scroll('grid', 30)));
  const scroll = await within(60_000, `${SUITE}: grid scroll`, page.evaluate((n) => window.workflowBench.scroll('grid', n), SCROLL_FRAMES));
  return [
    result(SUITE, 'grid 100 runs × 50 tasks: data → painted, median', median(small.times), 'ms', 100, small.note),
    result(SUITE, 'grid 100 runs × 50 tasks: data → painted, max', Math.max(...small.times), 'ms'),
    result(SUITE, 'grid 25 runs × 5,000 tasks: data → painted, median', median(big.times), 'ms', undefined, big.note),
    result(SUITE, 'grid 25 runs × 5,000 tasks: scroll frame work p95', percentile(scroll.work, 95), 'ms', undefined, `${scroll.work.length} frames of 200 px steps and jumps`),
  ];
}

async function measureLog(page: Page): Promise<BenchResult[]> {
  const opens = [];
  for (let i = 0; i < 6; i++) {
    const timing = await within(60_000, `${SUITE}: open log`, page.evaluate((n) => window.workflowBench.openLog(n), LOG_LINES));
    if (i > 0) opens.push(timing.paintedMs);
  }
  const pure = [];
  for (let i = 0; i < 7; i++) pure.push(await page.evaluate((q) => window.workflowBench.searchPure(q), i % 2 ? 'batch 4242' : 'slow query'));
  const typed = [];
  for (const query of ['batch 4242', 'ValueError', 'order_id', 'pool: 4 idle']) {
    typed.push(await within(30_000, `${SUITE}: search`, page.evaluate((q) => window.workflowBench.searchTyped(q), query)));
    await page.evaluate(() => window.workflowBench.searchTyped(''));
  }
  await within(30_000, `${SUITE}: log scroll warm-up`, page.evaluate(() => window.workflowBench.scroll('log', 30)));
  const scroll = await within(60_000, `${SUITE}: log scroll`, page.evaluate((n) => window.workflowBench.scroll('log', n), SCROLL_FRAMES));
  const lines = LOG_LINES.toLocaleString('en-US');
  return [
    result(SUITE, `log ${lines} lines: text → lines painted, median`, median(opens), 'ms', 500, '5 samples after 1 warm-up; includes splitting the text into lines and levels'),
    result(SUITE, `log ${lines} lines: search (searchLog alone), median`, median(pure), 'ms', 50, '7 searches over every line, case-insensitive'),
    result(SUITE, `log ${lines} lines: search typed → "n of m" painted, median`, median(typed), 'ms', undefined, '4 queries typed at once into the search box'),
    result(SUITE, `log ${lines} lines: scroll frame work p95`, percentile(scroll.work, 95), 'ms', 16.7, `${scroll.work.length} frames of 200 px steps and jumps; first task → painted`),
    result(SUITE, `log ${lines} lines: scroll frame work max`, Math.max(...scroll.work), 'ms'),
  ];
}

const GRAPH_SAMPLES = 5;

/** The DAG page's graph at 500 tasks: a cold first layout (the worker and ELK start), then fresh graphs on the warm worker. */
async function measureGraph(page: Page): Promise<BenchResult[]> {
  const first = await within(120_000, `${SUITE}: first graph`, page.evaluate(() => window.workflowBench.showGraph()));
  const samples = [];
  for (let i = 0; i < GRAPH_SAMPLES; i++) samples.push(await within(120_000, `${SUITE}: graph`, page.evaluate(() => window.workflowBench.showGraph())));
  const tasks = first.tasks.toLocaleString('en-US');
  const shape = `${GRAPH_SAMPLES} graphs of ${tasks} tasks in 24 task groups (${first.nodes} nodes with the groups, ${first.edges} edges) after the first; ELK layered in src/workers/layout.worker.ts through the app's createGraphLayout, drawn by DagGraphCanvas (React Flow, fitView, minimap) in a ${VIEWPORT.width}×${VIEWPORT.height} window`;
  return [
    result(SUITE, `graph ${tasks} tasks: layout in the worker, median`, median(samples.map((s) => s.layoutMs)), 'ms', undefined, shape),
    result(SUITE, `graph ${tasks} tasks: laid out → every node and edge drawn, median`, median(samples.map((s) => s.drawnMs)), 'ms', undefined, 'setState with the layout → the frame after every node is measured and shown and every edge is in the DOM, painted'),
    result(SUITE, `graph ${tasks} tasks: layout + drawn, median`, median(samples.map((s) => s.layoutMs + s.drawnMs)), 'ms'),
    result(SUITE, `graph ${tasks} tasks: first layout (worker and ELK start)`, first.layoutMs, 'ms', undefined, "the session's first graph: the worker's script loads and ELK starts"),
  ];
}

async function onHarness(browser: Browser): Promise<BenchResult[]> {
  const harness = await serveHarness();
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    const page = await context.newPage();
    await openPage(page, harness.url);
    return [...(await measureGrids(page)), ...(await measureLog(page)), ...(await measureGraph(page))];
  } finally {
    await context.close();
    await harness.close();
  }
}

/**
 * The DAG grid and the task log viewer (src/ui/workflow) in Chromium, on the harness page
 * workflow.html (bench-only, not part of the app's build): grid paint times at 100 × 50 and
 * 25 × 5,000, the log viewer at 100,000 lines (open, search, scroll) and a 500-task graph laid
 * out and drawn; then the real DAG list page on a console server of 1,000 DAGs (workflowList.ts).
 */
export const workflowSuite: BenchSuite = {
  name: SUITE,
  async run({ browser }) {
    return [...(await onHarness(browser)), ...(await measureDagList(browser))];
  },
};
