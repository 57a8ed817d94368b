import type { Page } from '@playwright/test';
import { expect, test, waitForServiceWorker } from './offlineFixtures';
import { SqlLabPage } from './pages/SqlLabPage';

interface ServerQuery {
  id: number;
  label: string;
  sql: string;
}

/** The saved queries as the server has them, read with the page's session. */
async function serverQueries(page: Page): Promise<ServerQuery[] | null> {
  const res = await page.request.get('/api/bi/v1/saved_query/?q=(page:0,page_size:100)');
  if (!res.ok()) return null;
  return ((await res.json()) as { result: ServerQuery[] }).result;
}

async function createOnServer(page: Page, label: string) {
  const token = ((await (await page.request.get('/api/bi/v1/security/csrf_token/')).json()) as { result: string }).result;
  const res = await page.request.post('/api/bi/v1/saved_query/', { headers: { 'X-CSRFToken': token }, data: { db_id: 1, label, sql: `SELECT '${label}'` } });
  expect(res.status()).toBe(201);
}

const row = (page: Page, label: string) => page.getByRole('row').filter({ hasText: label });

test('saved queries are made, edited, favourited and deleted offline, kept across a reload, and saved once when the server is back', async ({ page, context, server, loginPage }) => {
  test.slow(); // two server starts, Monaco, a reload and a second tab
  await loginPage.goto();
  await loginPage.signInAsRole('admin');
  await createOnServer(page, 'Keep me');
  await createOnServer(page, 'Delete me');
  await page.goto('/admin/queries');
  await expect(row(page, 'Delete me')).toBeVisible(); // the list is cached from here on
  await waitForServiceWorker(page);
  const sql = new SqlLabPage(page);
  await page.goto('/admin/sql');
  await expect(sql.editor).toBeVisible({ timeout: 60_000 }); // Monaco (3 MB) may take a while on a busy machine
  await sql.setSql('SELECT game_name FROM gaming.bet_report');

  await server.stop();
  await sql.button('Save').click();
  const dialog = page.getByRole('dialog', { name: 'Save query' });
  await dialog.getByLabel('Name').fill('Made offline');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(sql.toast('Saved on this device.')).toBeVisible();

  await page.goto('/admin/queries');
  await expect(page.getByTestId('saved-queries-note')).toContainText('could not be refreshed');
  await expect(row(page, 'Made offline')).toContainText('Waiting to sync');
  // Edit a listed query and the one made offline (its server id comes with its create's answer).
  const edit = async (label: string, newLabel: string) => {
    await row(page, label).getByRole('button', { name: `Edit ${label}` }).click();
    const editor = page.getByRole('dialog', { name: 'Edit saved query' });
    await editor.getByLabel('Name').fill(newLabel);
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect(row(page, newLabel)).toBeVisible();
  };
  await edit('Keep me', 'Kept and renamed');
  await edit('Made offline', 'Made offline v2');
  await row(page, 'Made offline v2').getByRole('button', { name: 'Favourite Made offline v2' }).click();
  await row(page, 'Delete me').getByRole('button', { name: 'Delete Delete me' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(row(page, 'Delete me')).toHaveCount(0);
  await expect(page.getByTestId('sync-badge')).toHaveAttribute('data-queued', '5');

  // Kept across a reload, and the same in another tab.
  await page.reload();
  await expect(row(page, 'Made offline v2').getByRole('button', { name: 'Unfavourite Made offline v2' })).toBeVisible();
  await expect(row(page, 'Kept and renamed')).toBeVisible();
  await expect(row(page, 'Delete me')).toHaveCount(0);
  const other = await context.newPage();
  await other.goto('/admin/queries');
  await expect(row(other, 'Made offline v2')).toBeVisible();
  await other.close();

  await server.resume();
  await expect(page.getByTestId('sync-badge')).toHaveAttribute('data-queued', '0', { timeout: 60_000 });
  await expect(page.getByTestId('sync-badge')).toHaveAttribute('data-failed', '0');
  const saved = await serverQueries(page);
  // Each saved exactly once, as it was last edited; the deleted one is gone.
  expect(saved?.map((q) => q.label).sort()).toEqual(['Kept and renamed', 'Made offline v2']);
  const made = saved?.find((q) => q.label === 'Made offline v2');
  const favourite = await page.request.get(`/api/bi/v1/saved_query/favorite_status/?q=!(${made?.id})`);
  expect(((await favourite.json()) as { result: { value: boolean }[] }).result[0]?.value).toBe(true);
  expect(made?.sql).toBe('SELECT game_name FROM gaming.bet_report');

  // Undo (Ctrl+Z) on the Queries page brings a deleted query back, on the server too.
  await row(page, 'Kept and renamed').getByRole('button', { name: 'Delete Kept and renamed' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(row(page, 'Kept and renamed')).toHaveCount(0);
  await page.locator('body').press('ControlOrMeta+z');
  await expect(row(page, 'Kept and renamed')).toBeVisible();
  await expect.poll(async () => (await serverQueries(page))?.map((q) => q.label).sort(), { timeout: 30_000 }).toEqual(['Kept and renamed', 'Made offline v2']);
});
