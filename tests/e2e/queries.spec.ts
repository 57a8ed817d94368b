import { expect, test } from './fixtures';
import { QueriesPage } from './pages/QueriesPage';
import { SqlLabPage } from './pages/SqlLabPage';
import { WorkspacePage } from './pages/WorkspacePage';

const LONG_NAME = 'Revenue per game and currency over last quarter';

test.describe('Queries page layout', () => {
  // The worker's server keeps every test's saved query: each test saves its own name.
  let name = LONG_NAME;
  test.beforeEach(async ({ page, loginPage }, testInfo) => {
    name = `${LONG_NAME} ${testInfo.testId.slice(-4)}`;
    await loginPage.goto('/auth/login?next=/admin/sql');
    await loginPage.signInAsRole('admin');
    const sql = new SqlLabPage(page);
    await sql.goto();
    await sql.setSql('SELECT game_id, currency, sum(bet_amt) AS revenue FROM gaming.bet_report GROUP BY ALL ORDER BY revenue DESC');
    await sql.button('Save').click();
    const dialog = page.getByRole('dialog', { name: 'Save query' });
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('Description').fill('For the monthly report to finance');
    await dialog.getByLabel('Schema').fill('gaming');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(sql.toast('Query saved successfully!')).toBeVisible();
  });

  /** Every action button lies inside the window and inside the table. */
  async function expectActionsInView(queries: QueriesPage, label: string) {
    const viewport = queries.page.viewportSize();
    const table = await queries.table.boundingBox();
    for (const action of queries.actions(label)) {
      await expect(action).toBeVisible();
      const box = await action.boundingBox();
      expect(box && table && viewport).toBeTruthy();
      expect(box!.x + box!.width).toBeLessThanOrEqual(Math.min(viewport!.width, table!.x + table!.width));
    }
    expect(await queries.overflowsSideways()).toBe(false);
  }

  test('at 1280 px the name keeps to two lines and the actions are in view', async ({ page }) => {
    const queries = new QueriesPage(page);
    await queries.goto();
    const box = await queries.name(name).boundingBox();
    const lineHeight = await queries.name(name).evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
    expect(box!.height).toBeLessThanOrEqual(2 * lineHeight + 8);
    for (const column of ['Name', 'Database', 'Schema', 'SQL', 'Modified']) await expect(queries.columnHeader(column)).toBeVisible();
    await expectActionsInView(queries, name);
  });

  test('at 700 px the name and database stay (the workspace table rules do not apply here)', async ({ page }) => {
    await page.setViewportSize({ width: 700, height: 800 });
    const queries = new QueriesPage(page);
    await queries.goto();
    await expect(queries.columnHeader('Name')).toBeVisible();
    await expect(queries.columnHeader('Database')).toBeVisible();
    await expect(queries.name(name)).toBeVisible();
    await expect(queries.row(name).getByRole('cell', { name: 'lakehouse' })).toBeVisible();
    await expectActionsInView(queries, name);
  });
});

test('at 700 px the workspace listing still drops its Owner and Created columns (its own rule)', async ({ page, loginPage }) => {
  await loginPage.goto('/auth/login?next=/admin/workspace');
  await loginPage.signInAsRole('admin');
  await page.setViewportSize({ width: 700, height: 800 });
  const workspace = new WorkspacePage(page);
  await workspace.goto();
  await workspace.newFolder('Narrow check');
  for (const hidden of ['Owner', 'Created']) await expect(workspace.table.getByRole('columnheader', { name: hidden })).toBeHidden();
  await expect(workspace.table.getByRole('columnheader', { name: 'Name' })).toBeVisible();
  await expect(workspace.table.getByRole('columnheader', { name: 'Status' })).toBeVisible();
});
