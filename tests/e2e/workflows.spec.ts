import { expect, test as base } from '@playwright/test';
import { ConsoleServer } from '../support/consoleServer';
import { seriousViolations } from './axe';
import { LoginPage } from './pages/LoginPage';
import { WorkflowsPage } from './pages/WorkflowsPage';

/** One server for this file, with demo tasks of 300 ms so a triggered run finishes within the test. */
const test = base.extend<{ loginPage: LoginPage; workflows: WorkflowsPage }, { workflowServer: ConsoleServer }>({
  workflowServer: [
    async ({}, use) => {
      const server = await ConsoleServer.start({ CONSOLE_WORKFLOW_TASK_MS: '300' });
      await use(server);
      await server.dispose();
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ workflowServer }, use) => use(workflowServer.url),
  loginPage: async ({ page }, use) => use(new LoginPage(page)),
  workflows: async ({ page }, use) => use(new WorkflowsPage(page)),
});

test.beforeEach(async ({ loginPage }) => {
  await loginPage.goto();
  await loginPage.signInAsRole('editor');
});

test('the DAG list pages 10 at a time, searches and filters, all kept in the URL', async ({ page, workflows }) => {
  await workflows.gotoList();
  await expect(workflows.rows()).toHaveCount(10);
  const pager = page.getByLabel('DAG pages');
  await expect(pager).toContainText('Page 1 of 3 · 25 DAGs');
  await pager.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/[?&]page=2/);
  await expect(workflows.rows().first()).toHaveAttribute('data-dag', 'inventory_snapshot');

  await workflows.search.fill('orders');
  await expect(page).toHaveURL(/[?&]q=orders/);
  await expect(page).not.toHaveURL(/page=/);
  await expect(workflows.rows()).toHaveCount(2);
  await expect(workflows.row('orders_incremental')).toBeVisible();

  await workflows.search.fill('');
  await page.getByRole('radio', { name: 'Paused' }).click();
  await expect(page).toHaveURL(/status=paused/);
  await expect(workflows.rows()).toHaveCount(4);
  await expect(workflows.table.locator('tbody tr[data-dag]:not([data-paused])')).toHaveCount(0);

  await workflows.gotoList('tags=ml&sort=-dag_id');
  await expect(workflows.rows()).toHaveCount(5);
  await expect(workflows.rows().first()).toHaveAttribute('data-dag', 'reviews_sentiment');
  await expect(page.getByRole('button', { name: 'Remove tag filter ml' })).toBeVisible();
  await page.reload();
  await expect(workflows.rows()).toHaveCount(5);
  await expect(page.getByLabel('Sort')).toHaveValue('-dag_id');
});

test('pause and unpause a DAG from the list; the choice is the server’s, so it stays after a reload', async ({ page, workflows }) => {
  await workflows.gotoList('q=web_sessions');
  const toggle = workflows.pauseSwitch('web_sessions_rollup');
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await toggle.click();
  await expect(page.getByText('DAG web_sessions_rollup paused')).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await page.reload();
  await expect(workflows.pauseSwitch('web_sessions_rollup')).toHaveAttribute('aria-checked', 'false');
  await workflows.pauseSwitch('web_sessions_rollup').click();
  await expect(page.getByText('DAG web_sessions_rollup unpaused')).toBeVisible();
  await expect(workflows.pauseSwitch('web_sessions_rollup')).toHaveAttribute('aria-checked', 'true');
});

test('open a DAG: the grid and the graph draw, a task’s log opens, finds lines, and the URL reopens it', async ({ page, workflows }) => {
  await workflows.gotoList('q=churn');
  await workflows.table.getByRole('link', { name: 'ml_churn_training' }).click();
  await expect(page).toHaveURL(/\/admin\/workflow\/ml_churn_training$/);
  await expect(workflows.grid.getByRole('gridcell').first()).toBeVisible();
  expect(await workflows.grid.getByRole('gridcell').count()).toBeGreaterThan(50);

  await workflows.tab('Graph').click();
  await expect(workflows.graph.locator('.react-flow__node').first()).toBeVisible();
  expect(await workflows.graph.locator('.react-flow__node').count()).toBeGreaterThan(20);
  expect.soft(await seriousViolations(page), 'the graph').toEqual([]);

  await workflows.tab('Grid').click();
  await workflows.grid.getByRole('gridcell', { name: /^start, / }).last().click();
  await expect(workflows.taskPanel.getByRole('heading', { name: 'start' })).toBeVisible();
  await workflows.taskTab('Logs').click();
  await expect(page).toHaveURL(/[?&]task=start&.*tab=logs|tab=logs.*[?&]task=start/);
  const search = page.getByRole('searchbox', { name: /Search the log/ });
  await search.fill('Marking task as SUCCESS');
  await search.press('Enter');
  await expect(page.getByText('1 of 1', { exact: true })).toBeVisible();
  expect.soft(await seriousViolations(page), 'the grid with a task log open').toEqual([]);

  const url = page.url();
  await page.reload();
  expect(page.url()).toBe(url);
  await expect(workflows.taskTab('Logs')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('Marking task as SUCCESS').first()).toBeVisible();
});

test('trigger a run: a bad conf is refused where it was typed, a good one runs to success', async ({ page, workflows }) => {
  await workflows.gotoDag('example_etl');
  const dialog = await workflows.trigger('{"day": ');
  await expect(dialog.getByRole('alert')).toContainText('Conf is not valid JSON');
  await expect(dialog.getByLabel('Configuration (JSON object)')).toHaveValue('{"day": ');
  await dialog.getByLabel('Configuration (JSON object)').fill('{"day": "2026-11-25"}');
  await dialog.getByRole('button', { name: 'Trigger', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/[?&]run=manual__/);
  await expect(workflows.runPanel).toContainText('"day": "2026-11-25"');
  await expect(workflows.runPanel.locator('.state-pill').first()).toHaveText('success', { timeout: 45_000 });
  await expect(workflows.runPanel.getByRole('table', { name: 'Task instances' }).locator('.state-pill', { hasText: 'success' })).not.toHaveCount(0);
});

test('Ctrl+K finds a DAG the list showed, and one it never showed (the server’s search)', async ({ page, workflows }) => {
  await workflows.gotoList();
  await expect(workflows.row('ad_spend_import')).toBeVisible();
  await page.keyboard.press('Control+k');
  const dialog = page.getByRole('dialog', { name: 'Search the console' });
  await dialog.getByRole('combobox').fill('spend_imp');
  await dialog.getByRole('option', { name: /^ad_spend_import/ }).click();
  await expect(page).toHaveURL(/\/admin\/workflow\/ad_spend_import$/);
  await page.keyboard.press('Control+k');
  await dialog.getByRole('combobox').fill('web_sessions');
  await dialog.getByRole('option', { name: /^web_sessions_rollup/ }).click();
  await expect(page.getByRole('heading', { name: 'web_sessions_rollup', level: 2 })).toBeVisible();
});

test('the DAG list fits 1280 px and 700 px: no sideways scroll, Next run and Trigger in view', async ({ page, workflows }) => {
  for (const width of [1280, 700]) {
    await page.setViewportSize({ width, height: 800 });
    await workflows.gotoList();
    await expect(workflows.rows()).toHaveCount(10);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `page width at ${width}`).toBeLessThanOrEqual(width);
    const widest = await page.evaluate(() => Math.max(...Array.from(document.querySelectorAll('table[aria-label="DAGs"] tr')).map((tr) => tr.getBoundingClientRect().right)));
    expect(widest, `table right edge at ${width}`).toBeLessThanOrEqual(width);
    await expect(page.getByRole('button', { name: /^Trigger / }).first()).toBeInViewport({ ratio: 1 });
    if (width === 1280) await expect(workflows.table.locator('td.col-next').first()).toBeInViewport({ ratio: 1 });
  }
});

test('a task log takes the width and the height at 1280×800, in one scroller, with the selected run in view in the grid', async ({ page, workflows }) => {
  await workflows.gotoDag('ml_churn_training');
  const cells = workflows.grid.getByRole('gridcell', { name: /^start, / });
  await expect(cells.first()).toBeVisible();
  await cells.last().click();
  await workflows.taskTab('Logs').click();
  const log = page.locator('.lv');
  await expect(page.locator('.lv-row').first()).toBeVisible();
  await log.scrollIntoViewIfNeeded();
  const box = (await log.boundingBox())!;
  expect(box.width, 'log width').toBeGreaterThanOrEqual(640);
  const scroller = page.locator('.lv-scroll');
  expect(await scroller.evaluate((el) => el.clientHeight), 'log lines height').toBeGreaterThanOrEqual(400);
  await expect(scroller).toBeInViewport({ ratio: 0.95 });
  // The panel around the log does not scroll too: the log's own scroller is the only one in it.
  const panel = page.getByRole('region', { name: 'Details' });
  expect(await panel.evaluate((el) => el.scrollHeight - el.clientHeight), 'panel scrolls').toBeLessThanOrEqual(1);
  // The chosen run's column stays in the (narrower) grid's view.
  await expect(workflows.grid.locator('[role="gridcell"][aria-selected="true"]').first()).toBeInViewport();
  const selected = await workflows.grid.locator('[role="gridcell"][aria-selected="true"]').first().boundingBox();
  const gridBox = (await workflows.grid.boundingBox())!;
  expect(selected!.x + selected!.width).toBeLessThanOrEqual(gridBox.x + gridBox.width);
});

test('Events lists a pause and an unpause, with the Extra column under its header', async ({ page, workflows }) => {
  await workflows.gotoDag('customer_360');
  const toggle = workflows.pauseSwitch('customer_360');
  await toggle.click();
  await expect(page.getByText('DAG customer_360 paused')).toBeVisible();
  await workflows.pauseSwitch('customer_360').click();
  await expect(page.getByText('DAG customer_360 unpaused')).toBeVisible();
  await workflows.tab('Events').click();
  const log = page.getByRole('table', { name: 'Event log' });
  await expect(log.getByRole('cell', { name: 'paused', exact: true }).first()).toBeVisible();
  await expect(log.getByRole('cell', { name: 'unpaused', exact: true }).first()).toBeVisible();
  // The Extra cell is a table cell like its neighbours: same top and height in its row, under its header.
  const row = log.locator('tbody tr').first();
  const header = (await log.getByRole('columnheader', { name: 'Extra' }).boundingBox())!;
  const first = (await row.locator('td').first().boundingBox())!;
  const extra = (await row.locator('td').nth(5).boundingBox())!;
  expect(Math.abs(extra.x - header.x), 'Extra cell under its header').toBeLessThanOrEqual(1);
  expect(Math.abs(extra.y - first.y), 'Extra cell top').toBeLessThanOrEqual(1);
  expect(Math.abs(extra.height - first.height), 'Extra cell height').toBeLessThanOrEqual(1);
  await expect(row.locator('td').nth(5)).toContainText('is_paused');
});

test('a mapped task’s pane shows the chosen map index: its log, and its mark marks that index alone', async ({ page, workflows }) => {
  await workflows.gotoDag('customer_360');
  await workflows.grid.getByRole('gridcell', { name: /^process_partition \[ \], .*, success$/ }).last().click();
  await expect(workflows.taskPanel.getByRole('heading', { name: 'process_partition' })).toBeVisible();
  await workflows.taskPanel.getByLabel('Map index').selectOption('2');
  await workflows.taskTab('Logs').click();
  const log = page.getByLabel(/^Log of process_partition\[2\], try \d+$/);
  await expect(log).toBeVisible();
  await expect(log).toContainText('map_index=2');
  await expect(log).not.toContainText('map_index=0');
  await workflows.taskTab('Details').click();
  const { dialog, affected } = await workflows.openMark('process_partition[2]', 'failed');
  await expect(affected.locator('tbody tr')).toHaveCount(1);
  await expect(affected.locator('tbody tr td').nth(2)).toHaveText('2');
  // The demo speaks Airflow 2's API: a mapped instance's mark has no options there.
  await dialog.getByRole('checkbox', { name: 'Past' }).check();
  await expect(dialog.getByRole('alert')).toContainText('one instance of a mapped task');
  await expect(dialog.getByRole('button', { name: /^Mark .* failed$/ })).toBeDisabled();
  await dialog.getByRole('checkbox', { name: 'Past' }).uncheck();
  await dialog.getByRole('button', { name: 'Mark 1 task instance failed' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Task process_partition[2] marked failed')).toBeVisible();
  await expect(workflows.taskPanel.locator('.state-pill').first()).toHaveText('failed');
});

test('Mark and Clear ask first: their dialogs list the task instances, Downstream changes the list, Cancel keeps them, Confirm clears', async ({ page, workflows }, testInfo) => {
  await workflows.gotoDag('example_etl');
  const cell = workflows.grid.getByRole('gridcell', { name: /^load_warehouse, .*, success$/ }).last();
  await cell.click();
  await expect(workflows.taskPanel.getByRole('heading', { name: 'load_warehouse' })).toBeVisible();
  const runId = (await workflows.taskPanel.locator('p.mono').first().textContent())!;

  const mark = await workflows.openMark('load_warehouse', 'failed');
  const marked = mark.affected.locator('tbody tr td:first-child');
  await expect(marked).toHaveText(['load_warehouse']);
  await expect(mark.affected.locator('tbody tr').first()).toContainText(runId);
  await mark.dialog.getByRole('checkbox', { name: 'Downstream' }).check();
  await expect(marked).toHaveText(['load_warehouse', 'notify']);
  await expect(mark.dialog.getByRole('button', { name: 'Mark 2 task instances failed' })).toBeEnabled();
  await page.screenshot({ path: testInfo.outputPath('mark-dialog-1280.png') });
  await page.setViewportSize({ width: 700, height: 800 });
  await page.screenshot({ path: testInfo.outputPath('mark-dialog-700.png') });
  await page.setViewportSize({ width: 1280, height: 800 });
  await mark.dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(mark.dialog).toBeHidden();
  await expect(workflows.taskPanel.locator('.state-pill').first()).toHaveText('success');

  const { dialog, affected } = await workflows.openClear('load_warehouse');
  const tasks = affected.locator('tbody tr td:first-child');
  await expect(tasks).toHaveText(['load_warehouse', 'notify']);
  await expect(affected.locator('tbody tr').first()).toContainText(runId);
  await expect(affected.locator('tbody tr').first()).toContainText('success');
  await page.screenshot({ path: testInfo.outputPath('clear-dialog-1280.png') });
  await page.setViewportSize({ width: 700, height: 800 });
  await page.screenshot({ path: testInfo.outputPath('clear-dialog-700.png') });
  await page.setViewportSize({ width: 1280, height: 800 });

  await dialog.getByRole('checkbox', { name: 'Downstream' }).uncheck();
  await expect(tasks).toHaveText(['load_warehouse']);
  await expect(dialog.getByRole('button', { name: 'Clear 1 task instance' })).toBeEnabled();
  await dialog.getByRole('checkbox', { name: 'Only failed' }).check();
  await expect(dialog.getByRole('status')).toHaveText(/nothing to clear/);
  await dialog.getByRole('checkbox', { name: 'Only failed' }).uncheck();
  await expect(tasks).toHaveText(['load_warehouse']);

  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(workflows.taskPanel.locator('.state-pill').first()).toHaveText('success');

  const again = await workflows.openClear('load_warehouse');
  await expect(again.affected.locator('tbody tr')).toHaveCount(2);
  await again.dialog.getByRole('button', { name: 'Clear 2 task instances' }).click();
  await expect(again.dialog).toBeHidden();
  await expect(page.getByText('Task load_warehouse cleared')).toBeVisible();
  // Cleared, it runs again: its try count goes up.
  await expect(workflows.taskPanel.getByText(/^2 of /)).toBeVisible({ timeout: 45_000 });
});
