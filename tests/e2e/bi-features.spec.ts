import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { CatalogPage } from './pages/CatalogPage';
import { QueriesPage } from './pages/QueriesPage';
import { SqlLabPage } from './pages/SqlLabPage';

/** /config.json as the server serves it, with the given BI features turned off (as a BI server lacking them would say). */
async function withoutFeatures(page: Page, off: string[]) {
  await page.route('**/config.json', async (route) => {
    const served = await route.fetch();
    const config = (await served.json()) as { features: Record<string, boolean> };
    for (const name of off) config.features[name] = false;
    await route.fulfill({ response: served, json: config });
  });
}

test.describe('BI features a server says it lacks are hidden', () => {
  // The service worker would answer /config.json itself, past page.route.
  test.use({ serviceWorkers: 'block' });
  test.beforeEach(async ({ loginPage }) => {
    await loginPage.goto();
    await loginPage.signInAsRole('admin');
  });

  test('the served config turns every BI feature on; the screens use them', async ({ page }) => {
    const config = await (await page.request.get('/config.json')).json();
    expect(config.features).toMatchObject({ biTableSearch: true, biColumnSearch: true, biTablePreview: true, biFavourites: true });
    expect(config.features.biSearchSnapshot).toBeUndefined();
  });

  test('no table preview: the catalog says so and asks the server for none', async ({ page }) => {
    await withoutFeatures(page, ['biTablePreview']);
    const previews: string[] = [];
    page.on('request', (request) => request.url().includes('/table_preview/') && previews.push(request.url()));
    const catalog = new CatalogPage(page);
    await catalog.goto('/lakehouse/gaming/members');
    await expect(catalog.heading('members')).toBeVisible();
    await expect(catalog.details.getByText('Preview unavailable: this BI server has no table preview')).toBeVisible();
    expect(previews).toEqual([]);
  });

  test('no server search: the catalog searches what it has cached, and asks the server nothing', async ({ page }) => {
    await withoutFeatures(page, ['biTableSearch']);
    const searches: string[] = [];
    page.on('request', (request) => /search_(tables|columns)/.test(request.url()) && searches.push(request.url()));
    const catalog = new CatalogPage(page);
    await catalog.goto();
    await catalog.search.fill('bet_report');
    await expect(page.getByRole('status').filter({ hasText: /Nothing matches|match/ })).toBeVisible();
    await page.waitForTimeout(600); // past the server search's 250 ms pause
    expect(searches).toEqual([]);
  });

  test('no favourites: the saved queries have no star', async ({ page }) => {
    const name = `No star ${test.info().testId.slice(-4)}`;
    const sql = new SqlLabPage(page);
    await sql.goto();
    await sql.setSql('SELECT 1');
    await sql.button('Save').click();
    const dialog = page.getByRole('dialog', { name: 'Save query' });
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(sql.toast('Query saved successfully!')).toBeVisible();
    const queries = new QueriesPage(page);
    await queries.goto();
    await expect(queries.row(name).getByRole('button', { name: `Favourite ${name}` })).toBeVisible();
    await withoutFeatures(page, ['biFavourites']);
    await page.reload();
    await expect(queries.name(name)).toBeVisible();
    await expect(queries.row(name).getByRole('button', { name: `Favourite ${name}` })).toHaveCount(0);
  });

  test('a partial server search says so and why, beside its matches', async ({ page }) => {
    // The embedded service searches everything: its answer is marked partial as a Superset upstream's bounded one is.
    await page.route('**/api/bi/v1/database/search_columns/**', async (route) => {
      const served = await route.fetch();
      await route.fulfill({ response: served, json: { ...(await served.json()), partial: 'the columns of 12 tables are not read yet; search again for more' } });
    });
    const catalog = new CatalogPage(page);
    await catalog.goto();
    await catalog.search.fill('win_lose');
    const note = page.getByRole('status').filter({ hasText: /match/ });
    await expect(note).toContainText('· the server’s search is partial: the columns of 12 tables are not read yet; search again for more');
    await expect(catalog.node('win_lose', 4).first()).toBeVisible();
  });
});
