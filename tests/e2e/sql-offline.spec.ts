import { expect, test, waitForServiceWorker } from './offlineFixtures';
import { SqlLabPage } from './pages/SqlLabPage';

test('a query saved while the server is down is queued, then saved once when it is back', async ({ page, server, loginPage }) => {
  await loginPage.goto();
  await loginPage.signInAsRole('admin');
  const sql = new SqlLabPage(page);
  await sql.goto();
  await waitForServiceWorker(page);
  await sql.setSql('SELECT game_name, sum(bet_amt) FROM gaming.bet_report GROUP BY 1');

  await server.stop();
  await sql.button('Save').click();
  const dialog = page.getByRole('dialog', { name: 'Save query' });
  await dialog.getByLabel('Name').fill('Turnover by game (offline)');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(sql.toast('Saved on this device.')).toBeVisible();

  await server.resume();
  // Saved exactly once, with the text as it was.
  await expect
    .poll(
      async () => {
        const res = await page.request.get('/api/bi/v1/saved_query/?q=(page:0,page_size:100)');
        if (!res.ok()) return null;
        const body = (await res.json()) as { result: { label: string; sql: string }[] };
        return body.result.filter((q) => q.label === 'Turnover by game (offline)').map((q) => q.sql);
      },
      { timeout: 60_000 },
    )
    .toEqual(['SELECT game_name, sum(bet_amt) FROM gaming.bet_report GROUP BY 1']);
  await page.goto('/admin/queries');
  await expect(page.getByRole('row').filter({ hasText: 'Turnover by game (offline)' })).toBeVisible();
});
