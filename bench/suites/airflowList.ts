import type { Browser } from '@playwright/test';
import { signInAsAdmin } from '../support/consolePage';
import { keystrokesOf, thresholdPercentile } from '../support/eventTiming';
import { cellsInView, paintedAt } from '../support/paintedPage';
import { typePaced } from '../support/typing';
import { sleep } from '../support/time';
import { result, type BenchResult } from '../types';
import { IN_PAGE, type NotebookBenchWindow } from './notebookPage';
import { VIEWPORT } from './airflowUi';

/** Keystrokes in the console's DAG list search box, in front of the real Airflow 3 (issue 31 §4: ≤ 16 ms each). */

declare const window: NotebookBenchWindow & Window;

const SUITE = 'airflow';
/** Ids of our DAGs on the real Airflow, typed whole. */
const TYPED = ['console_wide', 'console_big_log', 'console_smoke'];
/** A fast typist's pace, as in the demo's list measure (workflowList.ts). */
const KEY_PACE_MS = 150;
const THRESHOLD = 16;
const ROWS = 'table[aria-label="DAGs"] tbody tr[data-dag]';

export async function measureAirflowDagListKeys(browser: Browser, consoleUrl: string): Promise<BenchResult[]> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    const page = await context.newPage();
    await signInAsAdmin(page, consoleUrl);
    await page.goto(`${consoleUrl}/admin/workflow`);
    await paintedAt(page, cellsInView(ROWS, 1), `${SUITE}: DAG list rows`);
    const box = page.getByRole('searchbox', { name: 'Search DAGs' });
    await page.evaluate(IN_PAGE);
    await page.evaluate(() => window.nbBench.startTyping());
    let keys = 0;
    for (const id of TYPED) {
      keys += await typePaced(page, box, id, KEY_PACE_MS, SUITE);
      await box.fill('');
      await sleep(500);
    }
    const record = await page.evaluate(() => window.nbBench.stopTyping());
    const durations = keystrokesOf(record.entries, record.armedAt).map((s) => s.duration);
    const how = `${keys} keys typed ${KEY_PACE_MS} ms apart into the console's "Search DAGs" box in front of the real Airflow 3: ${TYPED.join(', ')}; ${durations.length} had Event Timing entries (durationThreshold ${THRESHOLD}), the others count as ${THRESHOLD} ms; viewport ${VIEWPORT.width}×${VIEWPORT.height}`;
    return [
      result(SUITE, 'DAG list on Airflow 3: search keystroke, Event Timing duration p95', thresholdPercentile(durations, keys, THRESHOLD, 95), 'ms', 16, how),
      result(SUITE, 'DAG list on Airflow 3: search keystroke, Event Timing duration p50', thresholdPercentile(durations, keys, THRESHOLD, 50), 'ms'),
    ];
  } finally {
    await context.close();
  }
}
