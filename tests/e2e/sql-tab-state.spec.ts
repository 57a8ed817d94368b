import { expect, test } from './fixtures';
import { SqlLabPage } from './pages/SqlLabPage';

test.describe('SQL tabs keep what the user chose', () => {
  test.beforeEach(async ({ loginPage }) => {
    await loginPage.goto('/auth/login?next=/admin/sql');
    await loginPage.signInAsRole('admin');
  });

  test('Save names the tab after the saved query, as SQL Lab does', async ({ page }, testInfo) => {
    const name = `Bets by game ${testInfo.testId.slice(-4)}`;
    const sql = new SqlLabPage(page);
    await sql.goto();
    await sql.newTab();
    await sql.setSql('SELECT game_name, count(*) FROM gaming.bet_report GROUP BY 1');
    await sql.button('Save').click();
    const dialog = page.getByRole('dialog', { name: 'Save query' });
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(sql.toast('Query saved successfully!')).toBeVisible();
    await expect(sql.activeTab).toHaveText(new RegExp(name));
  });

  test('the row limit is kept per tab across a reload', async ({ page }) => {
    const sql = new SqlLabPage(page);
    await sql.goto();
    await sql.newTab();
    const limit = page.getByLabel('Row limit');
    await limit.selectOption('100');
    await page.reload();
    await sql.ready();
    await expect(page.getByLabel('Row limit')).toHaveValue('100');
    await sql.newTab();
    await expect(page.getByLabel('Row limit')).toHaveValue('1000');
  });

  test('after Stop the results pane says the query was stopped', async ({ page }) => {
    const sql = new SqlLabPage(page);
    await sql.goto();
    await sql.newTab();
    await sql.setSql('SELECT count(*) FROM range(1000000000) a, range(100000) b WHERE hash(a.range + b.range) = 42');
    await sql.button('Run').click();
    await expect(sql.button('Stop')).toBeVisible();
    await sql.button('Stop').click();
    await expect(sql.button('Run')).toBeEnabled();
    await expect(sql.results.getByRole('status')).toContainText('Query was stopped');
  });
});
