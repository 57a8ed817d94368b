import type { APIRequestContext } from '@playwright/test';
import { seriousViolations } from './axe';
import { expect, test } from './fixtures';
import { CatalogPage } from './pages/CatalogPage';
import { SqlLabPage } from './pages/SqlLabPage';

/** Saves a query through the BI API, as another session (or another day) would have. */
async function saveQuery(request: APIRequestContext, body: { label: string; sql: string; schema: string }) {
  const token = ((await (await request.get('/api/bi/v1/security/csrf_token/')).json()) as { result: string }).result;
  const res = await request.post('/api/bi/v1/saved_query/', { headers: { 'X-CSRFToken': token }, data: { db_id: 1, ...body } });
  expect(res.status()).toBe(201);
}

test.describe('Ctrl+K asks the server', () => {
  test('a fresh admin finds a table never browsed and a saved query, and opens each', async ({ page, loginPage, shell }) => {
    await loginPage.goto();
    await loginPage.signInAsRole('admin');
    await saveQuery(page.request, { label: 'Weekly signups by site', sql: 'SELECT 42 AS weekly_signups', schema: 'raw' });

    // raw.member_signups was never opened: only the server's search_tables knows it.
    await shell.searchAndPick('member_signups', 'member_signups lakehouse.raw');
    await expect(page).toHaveURL(/\/admin\/catalog\/lakehouse\/raw\/member_signups$/);
    await expect(new CatalogPage(page).heading('member_signups')).toBeVisible();

    await shell.searchAndPick('weekly signups', 'Weekly signups by site');
    await expect(page).toHaveURL(/\/admin\/sql$/);
    const sql = new SqlLabPage(page);
    await expect(sql.activeTab).toHaveText('Weekly signups by site');
    // Monaco is a lazy chunk: its first load can take a while on a busy machine.
    await expect(sql.editor).toBeVisible({ timeout: 30_000 });
    await expect.poll(() => sql.editorText(), { timeout: 20_000 }).toContain('SELECT 42 AS weekly_signups');
  });

  test('an editor finds server tables too, and never asks for saved queries (admins only)', async ({ page, loginPage, shell }) => {
    await loginPage.goto();
    await loginPage.signInAsRole('editor');
    const savedQueryCalls: string[] = [];
    page.on('request', (request) => request.url().includes('/saved_query') && savedQueryCalls.push(request.url()));
    await shell.openSearch();
    await shell.searchInput.fill('member_signups');
    await expect(shell.searchOption('member_signups lakehouse.raw')).toBeVisible();
    expect(savedQueryCalls).toEqual([]);
  });

  test('while the server is asked, the dialog says so outside the list (a listbox holds only options)', async ({ page, loginPage, shell }) => {
    await loginPage.goto();
    await loginPage.signInAsRole('admin');
    // Hold the server's answer so the "searching" state lasts long enough to look at.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/search_tables/**', async (route) => {
      await held;
      await route.continue();
    });
    await shell.openSearch();
    await shell.searchInput.fill('member_signups');
    await expect(shell.searchDialog.getByRole('status')).toHaveText('Searching the server…');
    expect(await seriousViolations(page)).toEqual([]);
    release();
    await expect(shell.searchOption('member_signups lakehouse.raw')).toBeVisible();
    await expect(shell.searchDialog.getByRole('status')).toHaveText('');
  });
});

test.describe('Ctrl+K ranks by how well the name matches', () => {
  test('"ord" lists the DAG orders_incremental first, above menu entries that merely hold the letters', async ({ loginPage, shell }) => {
    await loginPage.goto();
    await loginPage.signInAsRole('admin');
    await shell.openSearch();
    await shell.searchInput.fill('ord');
    await expect(shell.searchOption('orders_incremental')).toBeVisible();
    await expect(shell.searchDialog.getByRole('option').first()).toHaveAccessibleName(/^orders_incremental/);
  });
});
