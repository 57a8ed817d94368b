import type { BrowserContext, Page } from '@playwright/test';
import { serveHarness } from '../support/harness';
import { within } from '../support/time';
import { median, percentile, result, type BenchResult, type BenchSuite } from '../types';

const SUITE = 'grid';
/** A big laptop / small desktop window, the grid filling it: about 30 rows × 12 columns on screen. */
const VIEWPORT = { width: 1600, height: 900 };
const WARMUP = 3;
const RUNS = 15;
const SCROLL_FRAMES = 180;
/** A frame that misses its vsync (60 Hz) shows as an interval this long or longer. */
const DROPPED_INTERVAL_MS = 25;

async function openGridPage(context: BrowserContext, harnessUrl: string): Promise<Page> {
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`bench grid page: ${error.message}`));
  await page.goto(new URL('grid.html', harnessUrl).href);
  await page.waitForFunction(() => window.gridBench?.ready === true, undefined, { timeout: 15_000 });
  return page;
}

/** Data arrives (setState with 1,000 × 29 cells) → rows painted; median of RUNS after WARMUP. */
async function measureRender(page: Page): Promise<BenchResult[]> {
  const runs = [];
  for (let i = 0; i < WARMUP + RUNS; i++) {
    const run = await within(30_000, `${SUITE}: render ${i}`, page.evaluate(() => window.gridBench.show(1000, 29)));
    if (i >= WARMUP) runs.push(run);
  }
  const { renderedRows, renderedCells } = runs[runs.length - 1];
  const note = `${RUNS} runs after ${WARMUP} warm-up; viewport ${VIEWPORT.width}×${VIEWPORT.height}; ${renderedRows} rows / ${renderedCells} cells rendered (virtualized)`;
  const painted = runs.map((r) => r.paintedMs);
  return [
    result(SUITE, '1,000 × 29 data → rows in DOM, median', median(runs.map((r) => r.committedMs)), 'ms', undefined, note),
    result(SUITE, '1,000 × 29 data → rows painted, median', median(painted), 'ms', 50, note),
    result(SUITE, '1,000 × 29 data → rows painted, max', Math.max(...painted), 'ms'),
  ];
}

/** Programmatic scrolling over 100,000 × 29 cells; frame work and frame intervals. */
async function measureScroll(page: Page): Promise<BenchResult[]> {
  await within(60_000, `${SUITE}: show 100,000 rows`, page.evaluate(() => window.gridBench.show(100_000, 29)));
  await within(30_000, `${SUITE}: scroll warm-up`, page.evaluate(() => window.gridBench.scroll(30)));
  const timing = await within(60_000, `${SUITE}: scroll`, page.evaluate((n) => window.gridBench.scroll(n), SCROLL_FRAMES));
  const { work, fromVsync, intervals } = timing;
  const dropped = intervals.filter((ms) => ms >= DROPPED_INTERVAL_MS).length;
  const note =
    `${work.length} frames: 200 px steps, 4 jumps across the rows, a sideways stretch; main-thread work per frame, ` +
    `first task (scroll event) → task after paint, as Long Animation Frames count; scrolled to ${Math.round(timing.maxScrollTop).toLocaleString('en-US')} px`;
  return [
    result(SUITE, 'scroll 100,000 × 29: frame work p50', percentile(work, 50), 'ms', undefined, note),
    result(SUITE, 'scroll 100,000 × 29: frame work p95', percentile(work, 95), 'ms', 16.7, note),
    result(SUITE, 'scroll 100,000 × 29: frame work max', Math.max(...work), 'ms'),
    result(SUITE, 'scroll 100,000 × 29: vsync → painted p95', percentile(fromVsync, 95), 'ms', undefined, 'frame work plus the wait for the main thread'),
    result(SUITE, 'scroll 100,000 × 29: frame interval p50', percentile(intervals, 50), 'ms', undefined, 'time between rAF callbacks'),
    result(SUITE, 'scroll 100,000 × 29: frame interval p95', percentile(intervals, 95), 'ms', undefined, 'time between rAF callbacks'),
    result(SUITE, 'scroll 100,000 × 29: dropped frames', dropped, 'frames', undefined, `intervals ≥ ${DROPPED_INTERVAL_MS} ms of ${intervals.length}`),
    ...(timing.longFrames === null ? [] : [result(SUITE, 'scroll 100,000 × 29: long animation frames (> 50 ms)', timing.longFrames, 'frames')]),
  ];
}

/** Sorting 100,000 rows: the pure function alone (median of 5), and a header click until painted. */
async function measureSort(page: Page): Promise<BenchResult[]> {
  const pure = [];
  for (let i = 0; i < 5; i++) pure.push(await within(30_000, `${SUITE}: sort`, page.evaluate(() => window.gridBench.sortPure(100_000))));
  // Column 3 is `amount`, a DECIMAL(18,2).
  const click = await within(30_000, `${SUITE}: click sort`, page.evaluate(() => window.gridBench.clickSort(3)));
  return [
    result(SUITE, 'sort 100,000 rows by a DECIMAL column (sortOrder), median', median(pure.map((p) => p.numericMs)), 'ms'),
    result(SUITE, 'sort 100,000 rows by a VARCHAR column (sortOrder), median', median(pure.map((p) => p.textMs)), 'ms', undefined, 'Intl.Collator'),
    result(SUITE, 'sort 100,000 rows: header click → sorted rows painted', click, 'ms'),
  ];
}

/**
 * The SQL results grid (src/ui/components/resultsGrid) in Chromium, on the harness page grid.html: time from
 * data arrival to painted rows, scroll frame times over 100,000 rows, sort times.
 */
export const gridSuite: BenchSuite = {
  name: SUITE,
  async run({ browser }) {
    const harness = await serveHarness();
    const context = await browser.newContext({ viewport: VIEWPORT });
    try {
      const page = await openGridPage(context, harness.url);
      return [...(await measureRender(page)), ...(await measureScroll(page)), ...(await measureSort(page))];
    } finally {
      await context.close();
      await harness.close();
    }
  },
};
