import { expect, test } from './fixtures';
import { CatalogPage } from './pages/CatalogPage';
import { RecentPage } from './pages/RecentPage';
import { SqlLabPage } from './pages/SqlLabPage';
import { WorkspacePage } from './pages/WorkspacePage';

test.describe('Recent page', () => {
  test.beforeEach(async ({ loginPage }) => {
    await loginPage.goto();
    await loginPage.signInAsRole('admin');
  });

  test('lists the tables, SQL tabs, notebooks and pages opened lately, and opens each again', async ({ page }) => {
    const recent = new RecentPage(page);
    await recent.goto();
    await expect(recent.empty).toBeVisible();
    await expect(recent.empty.getByRole('heading', { name: 'Nothing opened yet' })).toBeVisible();

    const catalog = new CatalogPage(page);
    await catalog.goto('/lakehouse/gaming/members');
    await expect(catalog.heading('members')).toBeVisible();
    await catalog.details.getByRole('button', { name: 'Open in SQL editor' }).click();
    const sql = new SqlLabPage(page);
    await expect(sql.activeTab).toHaveText('members');
    await sql.newTab();
    await expect(sql.activeTab).not.toHaveText('members');
    const workspace = new WorkspacePage(page);
    // Its own folder: the server keeps what earlier specs made, and a row far down a long listing is not rendered.
    await workspace.freshFolder('recent');
    await workspace.newNotebook('recent-report.ipynb');

    await recent.goto();
    await expect(recent.empty).toHaveCount(0);
    await expect(recent.entry('Tables', 'members')).toContainText('lakehouse.gaming');
    await expect(recent.entry('Queries', 'members')).toBeVisible();
    await expect(recent.entry('Notebooks', 'recent-report.ipynb')).toBeVisible();
    await expect(recent.entry('Pages', 'Workspace')).toBeVisible();
    await expect(recent.entry('Pages', 'SQL Editor')).toBeVisible();

    await recent.open('Tables', 'members');
    await expect(page).toHaveURL(/\/admin\/catalog\/lakehouse\/gaming\/members$/);
    await expect(catalog.heading('members')).toBeVisible();

    // The query opens the editor on its tab, though another tab was in front.
    await recent.goto();
    await recent.open('Queries', 'members');
    await expect(page).toHaveURL(/\/admin\/sql$/);
    await expect(sql.activeTab).toHaveText('members');

    await recent.goto();
    await recent.open('Notebooks', 'recent-report.ipynb');
    // A notebook opens in the editor.
    await expect(page).toHaveURL(/\/admin\/workspace\/notebook\/(.+\/)?recent-report\.ipynb$/);
  });

  test('an editor sees no SQL tabs there (not even those an admin left in this browser)', async ({ page, loginPage, shell }) => {
    await page.goto('/admin/sql');
    await expect(new SqlLabPage(page).activeTab).toBeVisible();
    await shell.logOut();
    await loginPage.signInAsRole('editor');
    const catalog = new CatalogPage(page);
    await catalog.goto('/lakehouse/gaming/members');
    await expect(catalog.heading('members')).toBeVisible();
    const recent = new RecentPage(page);
    await recent.goto();
    await expect(recent.entry('Tables', 'members')).toBeVisible();
    await expect(recent.section('Queries')).toHaveCount(0);
  });
});
