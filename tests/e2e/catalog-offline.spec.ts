import { expect, test, waitForServiceWorker } from './offlineFixtures';
import { CatalogPage } from './pages/CatalogPage';

test('the catalog stays browsable and searchable offline, and refreshes when the server is back', async ({ page, server, loginPage }) => {
  await loginPage.goto();
  await loginPage.signInAsRole('admin');
  const catalog = new CatalogPage(page);
  await catalog.goto('/lakehouse/gaming/bet_report');
  await waitForServiceWorker(page);
  await expect(catalog.heading('bet_report')).toBeVisible();
  await expect(catalog.details.getByText('1,000,000')).toBeVisible();
  await catalog.expand('bet_report', 3);
  await expect(catalog.node('stake', 4)).toBeVisible();

  await server.stop();
  await page.reload();
  await expect(catalog.heading('bet_report')).toBeVisible();
  await expect(catalog.details.getByText('1,000,000')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /The server cannot be reached · cached/ })).toBeVisible();
  await expect(catalog.node('stake', 4)).toBeVisible();
  await catalog.search.fill('STAKE');
  await expect(catalog.node('stake', 4).locator('mark')).toHaveText('stake');
  await catalog.search.fill('');

  await server.resume();
  // Nothing the user opened collapses while the background refresh runs.
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect(catalog.node('bet_report', 3)).toHaveAttribute('aria-expanded', 'true');
  await expect(catalog.node('stake', 4)).toBeVisible();
});
