import { expect, test } from './fixtures';
import { MonacoEditor } from './pages/MonacoEditor';
import { SqlLabPage } from './pages/SqlLabPage';
import { SqlWorkbenchLayout } from './pages/SqlWorkbenchLayout';

test.describe('SQL editor defaults', () => {
  test.beforeEach(async ({ loginPage }) => {
    await loginPage.goto('/auth/login?next=/admin/sql');
    await loginPage.signInAsRole('admin');
  });

  test('a new tab’s editor shows about ten lines at 1280×800, and the results still show seven rows', async ({ page }) => {
    const sql = new SqlLabPage(page);
    const layout = new SqlWorkbenchLayout(page);
    await sql.goto();
    await sql.newTab();
    // Polled: a new tab's editor is laid out a moment after the tab shows (0 px when read at once on a busy machine).
    await expect.poll(() => layout.editorHeight()).toBeGreaterThanOrEqual(190); // ten 19 px lines
    await sql.setSql('SELECT * FROM gaming.bet_report ORDER BY pre_cal_id LIMIT 200');
    await page.keyboard.press('ControlOrMeta+Enter');
    await expect(sql.grid).toBeVisible();
    expect(await layout.wholeRowsInView()).toBeGreaterThanOrEqual(7);
  });

  test('on the default schema the table browser says how to list tables', async ({ page }) => {
    const sql = new SqlLabPage(page);
    await sql.goto();
    await sql.newTab();
    const panel = page.getByRole('complementary', { name: 'Database and tables' });
    await expect(page.getByLabel('Schema', { exact: true })).toHaveValue('');
    await expect(panel.getByRole('note')).toContainText('Choose a schema to list its tables');
    await sql.chooseSchema('gaming');
    await expect(panel.getByRole('note')).toBeHidden();
  });

  test('Ctrl+Enter runs and closes the completion popup', async ({ page }) => {
    const sql = new SqlLabPage(page);
    const editor = new MonacoEditor(page);
    await sql.goto();
    await sql.newTab();
    await editor.clear();
    await editor.typeAtEnd('SELECT 1 AS gam');
    await page.keyboard.press('Control+Space');
    await expect(editor.suggestWidget).toBeVisible();
    await page.keyboard.press('ControlOrMeta+Enter');
    await expect(sql.grid).toBeVisible();
    await expect(editor.suggestWidget).toBeHidden();
  });
});
