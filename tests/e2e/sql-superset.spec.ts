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
