import type { Page } from '@playwright/test';
import { seriousViolations } from './axe';
import { expect, test } from './fixtures';
import { NotebookEditor } from './pages/NotebookEditor';
import { SqlLabPage } from './pages/SqlLabPage';
import { WorkflowsPage } from './pages/WorkflowsPage';
import { WorkspacePage } from './pages/WorkspacePage';

/** The widths every page is checked at: a laptop and a narrow window (the sidebar floats, labels hide). */
const WIDTHS = [1280, 700] as const;

/** Every page a signed-in admin can open, with its header title; the unbuilt areas included. */
const ADMIN_PAGES: [path: string, title: string][] = [
  ['/admin/default', 'Home'],
  ['/admin/workspace', 'Workspace'],
  ['/admin/sql', 'SQL Editor'],
  ['/admin/queries', 'Queries'],
  ['/admin/catalog', 'Catalog'],
  ['/admin/recent', 'Recent'],
  ['/my-profile', 'My Profile'],
  ['/admin/compute', 'Compute'],
  ['/admin/job-runs', 'Job Runs'],
  ['/admin/playground', 'Play Ground'],
  ['/admin/experiments', 'Experiments'],
  ['/admin/features', 'Features'],
  ['/admin/models', 'Models'],
  ['/admin/serving', 'Serving'],
  ['/admin/workflow', 'Workflows'],
  ['/admin/dashboard', 'Dashboards'],
  ['/admin/connectors', 'Connectors'],
  ['/admin/no-such-page', 'Page not found'],
];

/** Waits for the page's own content (not a loading spinner), then asks axe. */
async function audit(page: Page, title: string): Promise<string[]> {
  await expect(page.locator('.page-header h1')).toHaveText(title);
  // A page's first load on a busy machine (CI's e2e beside the real upstreams) took over 10 s.
  await expect(page.locator('.loading')).toHaveCount(0, { timeout: 30_000 });
  return seriousViolations(page);
}

// One sign-in per role visits every page: a soft check per page names each page that fails.
test.describe('accessibility (axe-core, 1280×800): no serious or critical violation', () => {
  test('the login page', async ({ page, loginPage }) => {
    await loginPage.goto();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('a success toast ("You have signed out.") has enough contrast', async ({ page, loginPage, shell }) => {
    await loginPage.goto();
    await loginPage.signInAsRole('admin');
    await shell.logOut();
    await expect(page.getByText('You have signed out.')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('every page of an admin, a catalog table and the search dialog', async ({ page, loginPage, shell }) => {
    test.setTimeout(300_000);
    await loginPage.goto();
    await loginPage.signInAsRole('admin');
    for (const [path, title] of ADMIN_PAGES) {
      await page.goto(path);
      expect.soft(await audit(page, title), path).toEqual([]);
    }
    await page.setViewportSize({ width: 700, height: 800 });
    for (const [path, title] of ADMIN_PAGES) {
      await page.goto(path);
      expect.soft(await audit(page, title), `${path} at 700 px`).toEqual([]);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/admin/catalog');
    await page.getByRole('treeitem').first().click();
    expect.soft(await audit(page, 'Catalog'), 'a catalog node').toEqual([]);
    await shell.openSearch();
    await shell.searchInput.fill('re');
    expect.soft(await seriousViolations(page), 'the search dialog').toEqual([]);
  });

  // WCAG 2.5.3: speech-input users say what they see, so a control's name starts with its visible text.
  test("the top bar's controls are named by the text they show", async ({ page, loginPage, shell }) => {
    await loginPage.goto();
    await loginPage.signInAsRole('admin');
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      await expect(shell.pageTitle).toHaveText('Home');
      for (const control of [page.locator('.topbar .search-trigger'), shell.accountMenuButton]) {
        const visible = (await control.innerText()).replace(/\s+/g, ' ').trim();
        if (visible === '') continue; // an icon alone: any name is its label
        const startsWithVisible = new RegExp(`^${visible.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
        await expect.soft(control, `${visible} at ${width} px`).toHaveAccessibleName(startsWithVisible);
      }
    }
  });

  test("the notebook editor, a DAG's grid and graph and a task's log viewer, wide and narrow", async ({ page, loginPage }) => {
    test.setTimeout(180_000);
    await loginPage.goto();
    await loginPage.signInAsRole('admin');
    const workspace = new WorkspacePage(page);
    const folder = await workspace.freshFolder('a11y');
    await workspace.newNotebook('audit.ipynb');
    const editor = new NotebookEditor(page);
    const workflows = new WorkflowsPage(page);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      await editor.open(`${folder}/audit.ipynb`);
      await expect(editor.cells.first()).toBeVisible();
      expect.soft(await seriousViolations(page), `the notebook editor at ${width} px`).toEqual([]);

      await workflows.gotoDag('ml_churn_training');
      await expect(workflows.grid.getByRole('gridcell').first()).toBeVisible();
      expect.soft(await seriousViolations(page), `a DAG's grid at ${width} px`).toEqual([]);
      await workflows.tab('Graph').click();
      await expect(workflows.graph.locator('.react-flow__node').first()).toBeVisible();
      expect.soft(await seriousViolations(page), `a DAG's graph at ${width} px`).toEqual([]);

      await workflows.tab('Grid').click();
      await workflows.grid.getByRole('gridcell', { name: /^start, / }).last().click();
      await workflows.taskTab('Logs').click();
      await expect(page.getByRole('searchbox', { name: /Search the log/ })).toBeVisible();
      await expect(page.getByText('Marking task as SUCCESS').first()).toBeVisible();
      expect.soft(await seriousViolations(page), `a task's log at ${width} px`).toEqual([]);
    }
  });

  test('the no-access page (editor on the SQL Editor)', async ({ page, loginPage }) => {
    await loginPage.goto();
    await loginPage.signInAsRole('editor');
    await page.goto('/admin/sql');
    await expect(page.getByRole('heading', { name: 'No access' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the SQL tab bar works from the keyboard: arrows move, F2 renames, Delete closes', async ({ page, loginPage }) => {
    await loginPage.goto();
    await loginPage.signInAsRole('admin');
    const sql = new SqlLabPage(page);
    await page.goto('/admin/sql');
    await expect(sql.activeTab).toBeVisible();
    await sql.newTab();
    await expect(sql.tabs.getByRole('tab')).toHaveCount(2);
    const [first, second] = [sql.tabs.getByRole('tab').nth(0), sql.tabs.getByRole('tab').nth(1)];
    await expect(second).toHaveAttribute('aria-selected', 'true');
    await second.focus();
    await page.keyboard.press('ArrowLeft');
    await expect(first).toBeFocused();
    await expect(first).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('F2');
    await sql.tabs.getByLabel('Tab name').fill('by keyboard');
    await page.keyboard.press('Enter');
    await expect(sql.tab('by keyboard')).toBeFocused();
    await page.keyboard.press('Delete');
    await expect(sql.tab('by keyboard')).toHaveCount(0);
    await expect(sql.tabs.getByRole('tab')).toHaveCount(1);
    await expect(sql.activeTab).toBeFocused();
  });
});
