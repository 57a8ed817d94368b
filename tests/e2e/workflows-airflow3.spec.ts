import { expect } from '@playwright/test';
import { aSucceededRun, finishedRun } from '../support/airflowUpstream';
import { skipWithoutAirflow, test as airflowTest } from './airflowFixtures';

// The workflow screens in front of a real Apache Airflow 3.3.2 (npm run upstreams), with the same
// page objects as the demo's specs. Runs are arranged with Airflow's own API, watched through ours.
interface Runs {
  failing: string;
  bigLog: string;
  showcase: string;
}

const test = airflowTest.extend<object, { runs: Runs }>({
  runs: [
    async ({ upstream }, use) => {
      const [failing, bigLog, showcase] = await Promise.all([
        finishedRun(upstream.airflow, 'v2', 'console_failing'),
        finishedRun(upstream.airflow, 'v2', 'console_big_log'),
        finishedRun(upstream.airflow, 'v2', 'console_showcase'),
      ]);
      expect([failing.state, bigLog.state, showcase.state]).toEqual(['failed', 'success', 'success']);
      await use({ failing: failing.runId, bigLog: bigLog.runId, showcase: showcase.runId });
    },
    { scope: 'worker', timeout: 5 * 60_000 },
  ],
});

skipWithoutAirflow('Workflow screens on a real Airflow 3');

test.beforeEach(async ({ loginPage }) => {
  await loginPage.goto();
  await loginPage.signInAsRole('editor');
});

const runQuery = (runId: string, rest = '') => `run=${encodeURIComponent(runId)}${rest}`;

test('the DAG list shows our DAGs, searches and filters by tag, and pauses one in Airflow', async ({ workflows, upstream }) => {
  await workflows.gotoList('q=console_');
  await expect(workflows.row('console_smoke')).toBeVisible();
  await expect(workflows.row('console_showcase')).toBeVisible();
  await workflows.gotoList('tags=logs');
  await expect(workflows.rows()).toHaveCount(2);
  await expect(workflows.row('console_big_log')).toBeVisible();
  await expect(workflows.row('console_huge_log')).toBeVisible();

  await workflows.gotoList('q=console_smoke');
  const toggle = workflows.pauseSwitch('console_smoke');
  const wasOn = (await toggle.getAttribute('aria-checked')) === 'true';
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', wasOn ? 'false' : 'true');
  await expect.poll(async () => ((await upstream.airflow.get('/dags/console_smoke')) as { is_paused: boolean }).is_paused).toBe(wasOn);
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', wasOn ? 'true' : 'false');
});

test('trigger with a conf and watch the run reach success in the grid', async ({ page, workflows, upstream }, testInfo) => {
  await upstream.airflow.send('PATCH', '/dags/console_smoke', { is_paused: false });
  await workflows.gotoDag('console_smoke');
  const dialog = await workflows.trigger('{"from": "the e2e"}');
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/[?&]run=manual__/);
  await expect(workflows.runPanel).toContainText('"from": "the e2e"');
  await expect(workflows.runPanel.locator('.state-pill').first()).toHaveText('success', { timeout: 90_000 });
  await expect(workflows.grid.getByRole('gridcell').first()).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('grid-1280.png') });
  await page.setViewportSize({ width: 700, height: 800 });
  await page.screenshot({ path: testInfo.outputPath('grid-700.png') });
});

test('the failed task\'s log, then Clear re-runs it', async ({ page, workflows, runs }) => {
  await workflows.gotoDag('console_failing', runQuery(runs.failing, '&task=explode&tab=logs'));
  // The exception's own words, not only "Task failed with exception".
  await expect(page.getByText("column 'amount' has 3 NULLs").first()).toBeVisible({ timeout: 30_000 });
  await workflows.taskTab('Details').click();
  await expect(workflows.taskPanel.locator('.state-pill').first()).toHaveText('failed');
  const { dialog, affected } = await workflows.openClear('explode');
  // Airflow's dry run lists them in its own order.
  await expect(affected.locator('tbody tr td:first-child')).toHaveCount(2);
  expect((await affected.locator('tbody tr td:first-child').allInnerTexts()).sort()).toEqual(['after', 'explode']);
  await dialog.getByRole('button', { name: 'Clear 2 task instances' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Task explode cleared')).toBeVisible();
  // Cleared, Airflow runs it again (and it fails again): its try count goes up.
  await expect(workflows.taskPanel.getByText(/^2 of /)).toBeVisible({ timeout: 90_000 });
});

test('a mapped task\'s log and XCom by map index', async ({ page, workflows, runs }) => {
  await workflows.gotoDag('console_showcase', runQuery(runs.showcase, '&task=square'));
  const index = workflows.taskPanel.getByLabel('Map index');
  await expect(index.locator('option')).toHaveCount(24);
  await index.selectOption('7');
  await workflows.taskTab('XCom').click();
  await workflows.taskPanel.getByText('return_value').click();
  await expect(workflows.taskPanel.locator('pre')).toHaveText('49');
  await workflows.taskTab('Logs').click();
  await expect(page.getByText(/Returned value was: 49\b/).first()).toBeVisible({ timeout: 30_000 });
});

test('search in the 100,000-line log', async ({ page, workflows, runs }) => {
  await workflows.gotoDag('console_big_log', runQuery(runs.bigLog, '&task=shout&tab=logs'));
  const search = page.getByRole('searchbox', { name: /Search the log/ });
  // Read in pages, all of it, then followed to its end.
  await expect(page.getByText(/^100,0\d\d lines$/)).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText('line 099999').first()).toBeVisible();
  await search.fill('line 099999');
  await search.press('Enter');
  await expect(page.getByText('1 of 1', { exact: true })).toBeVisible({ timeout: 30_000 });
});

test('a 100 MB log: the first lines at once, more as the reader scrolls, a bounded window, the whole file from the server', async ({ page, workflows, upstream }, testInfo) => {
  test.setTimeout(10 * 60_000);
  const run = await aSucceededRun(upstream.airflow, 'v2', 'console_huge_log', 240_000);
  expect(run.state).toBe('success');
  await workflows.gotoDag('console_huge_log', runQuery(run.runId, '&task=flood&tab=logs'));
  // Airflow 3 parses the whole log before its stream's first byte (over a minute for 100 MB); the console waits it out.
  await expect(workflows.logFooter).toContainText('Lines 1–140,000 of a longer log', { timeout: 180_000 });
  await expect(page.getByText('line 0000001', { exact: false }).first()).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('huge-log-1280.png') });
  await workflows.scrollLogToEnd();
  await expect(workflows.logFooter).toContainText('Lines 1–280,000 of a longer log', { timeout: 60_000 });
  // Past 280,000 lines the window moves on: its top is let go (Load earlier reads it back), the reader stays on the same line.
  await workflows.scrollLogToEnd();
  await expect(workflows.logFooter).toContainText('Lines 140,001–420,000 of a longer log', { timeout: 60_000 });
  await expect(page.locator('.lv-num').getByText('280000', { exact: true })).toBeVisible();
  await expect(workflows.logFooter.getByRole('button', { name: 'Load earlier' })).toBeVisible();
  // The whole log comes from the server as a file, streamed to disk: its last line is the task's end marker.
  const saving = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download the whole log' }).click();
  const download = await saving;
  await page.screenshot({ path: testInfo.outputPath('huge-log-window-1280.png') });
  expect(download.suggestedFilename()).toMatch(/^console_huge_log__.+__flood__try-1\.log$/);
  let lines = 0;
  let tail = '';
  for await (const chunk of await download.createReadStream()) {
    const text = String(chunk);
    lines += text.split('\n').length - 1;
    tail = (tail + text).slice(-200);
  }
  expect(lines).toBeGreaterThanOrEqual(1_000_000);
  expect(tail).toContain('HUGE-LOG-END 1000000');
  await page.setViewportSize({ width: 700, height: 800 });
  await page.screenshot({ path: testInfo.outputPath('huge-log-700.png') });
});

test('graph, code and events of a DAG', async ({ page, workflows }, testInfo) => {
  await workflows.gotoDag('console_showcase');
  await workflows.tab('Graph').click();
  await expect(workflows.graph.locator('.react-flow__node').first()).toBeVisible({ timeout: 30_000 });
  const labels = await workflows.graph.locator('.react-flow__node').allInnerTexts();
  expect(labels.length).toBeGreaterThan(5);
  expect(labels.filter((label) => label.trim() === '')).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('graph-1280.png') });
  await workflows.tab('Code').click();
  await expect(page.getByText('dag_id="console_showcase"')).toBeVisible();
  await workflows.tab('Events').click();
  await expect(page.getByRole('table').last()).toBeVisible();
});
