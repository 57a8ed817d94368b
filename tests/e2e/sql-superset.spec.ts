import { expect } from '@playwright/test';
import { skipWithoutSuperset, test } from './supersetFixtures';

// The SQL workbench in front of a real Apache Superset 6.1 (npm run upstreams): its PostgreSQL
// warehouse and DuckDB file, each console user their own Superset user.

skipWithoutSuperset('SQL screens on a real Superset');

test.beforeEach(async ({ loginPage }) => {
  await loginPage.goto();
  await loginPage.signInAsRole('admin');
});

test('the catalog opens Superset\'s warehouse down to a column, with its type', async ({ page, catalog }, testInfo) => {
  await catalog.goto();
  await catalog.expand('warehouse', 1);
  await catalog.expand('gaming', 2);
  await catalog.expand('bet_report', 3);
  await catalog.select('bet_amt', 4);
  await expect(page).toHaveURL(/\/admin\/catalog\/warehouse\/gaming\/bet_report\/bet_amt$/);
  await expect(catalog.heading('bet_amt')).toBeVisible();
  await expect(catalog.details).toContainText(/NUMERIC|DECIMAL|DOUBLE/i);
  await page.screenshot({ path: testInfo.outputPath('superset-catalog-1280.png') });
});

test('execute on PostgreSQL through Superset shows the rows', async ({ page, sql }, testInfo) => {
  await sql.goto();
  await sql.chooseDatabase('warehouse');
  await sql.chooseSchema('gaming');
  // Superset 6.1 answered a query's own LIMIT 5 with the row limit's 1,000 rows (it ran LIMIT 1001): five rows by their ids.
  await sql.setSql('SELECT username, bet_amt FROM bet_report WHERE pre_cal_id <= 10000005 ORDER BY pre_cal_id');
  await page.keyboard.press('ControlOrMeta+Enter');
  await expect(sql.grid.getByRole('columnheader', { name: /bet_amt/ })).toBeVisible({ timeout: 30_000 });
  await expect(sql.results.getByText('5 rows')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('superset-execute-1280.png') });
  await page.setViewportSize({ width: 700, height: 800 });
  await page.screenshot({ path: testInfo.outputPath('superset-execute-700.png') });
});
