import { expect, test } from './fixtures';

test.describe('redirect rules', () => {
  test('signed out: / and unknown paths end on the login page', async ({ page, loginPage }) => {
    await page.goto('/');
    await expect(loginPage.heading).toBeVisible();
    await expect(page).toHaveURL(/\/auth\/login/);
    await expect(page).toHaveTitle('Sign in · Data Platform Console');
    await page.goto('/no/such/place');
    await expect(page).toHaveURL(/\/auth\/login\?returnTo=%2Fadmin%2Fdefault/);
  });

  test.describe('signed in', () => {
    test.beforeEach(async ({ loginPage }) => {
      await loginPage.goto();
      await loginPage.signInAsRole('admin');
    });

    for (const [from, to] of [
      ['/', '/admin/default'],
      ['/admin', '/admin/default'],
      ['/admin/', '/admin/default'],
      ['/admin/new', '/admin/default'],
      ['/anything-else', '/admin/default'],
      ['/deep/unknown/path', '/admin/default'],
    ]) {
      test(`${from} → ${to}, replacing history`, async ({ page }) => {
        await page.goto('/admin/connectors');
        await page.goto(from);
        await expect(page).toHaveURL(new RegExp(`${to}$`));
        await page.goBack();
        // Replace, not push: Back skips the redirecting URL.
        await expect(page).toHaveURL(/\/admin\/connectors$/);
      });
    }

    test('every menu entry opens a page with its title, none a 404', async ({ page, shell }) => {
      await shell.menuLink('Workspace').click();
      await expect(shell.pageTitle).toHaveText('Workspace');
      const entries = ['Recent', 'Catalog', 'Workflows', 'Compute', 'SQL Editor', 'Queries', 'Dashboards', 'Job Runs', 'Connectors', 'Play Ground', 'Experiments', 'Features', 'Models', 'Serving'];
      const built = new Set(['Recent', 'Catalog', 'Workflows', 'SQL Editor', 'Queries']);
      for (const label of entries) {
        await shell.menuLink(label).click();
        await expect(shell.pageTitle).toHaveText(label);
        await expect(page).toHaveTitle(`${label} · Data Platform Console`);
        if (!built.has(label)) await expect(page.getByTestId('empty-state')).toBeVisible();
        await expect(page.getByText('Page not found')).toHaveCount(0);
      }
    });

    test('pages with no screen yet say so plainly', async ({ page, shell }) => {
      await shell.menuLink('Compute').click();
      await expect(page.getByRole('heading', { name: 'Compute is not available yet' })).toBeVisible();
      await shell.menuLink('Dashboards').click();
      await expect(page.getByRole('heading', { name: 'Dashboards is not built yet' })).toBeVisible();
    });

    test('hidden routes render: workspace/create, workflow/:id, catalog deep links', async ({ page, shell }) => {
      await page.goto('/admin/workspace/create?type=folder');
      await expect(page).toHaveURL(/\/admin\/workspace$/);
      await expect(page.getByRole('dialog', { name: 'New folder' })).toBeVisible();
      await page.getByRole('button', { name: 'Cancel' }).click();
      await page.goto('/admin/workflow/example_etl');
      await expect(shell.pageTitle).toHaveText('Workflow');
      await expect(page.getByRole('heading', { name: 'example_etl', level: 2 })).toBeVisible();
      await page.goto('/admin/catalog/warehouse/sales/orders');
      await expect(shell.pageTitle).toHaveText('Catalog');
      await expect(page).toHaveTitle('Catalog · Data Platform Console');
    });

    test('the New button opens a menu to create a notebook, folder or SQL query', async ({ page, shell }) => {
      await shell.mainMenu.getByRole('button', { name: 'New' }).click();
      const menu = page.getByRole('menu', { name: 'New' });
      await expect(menu.getByRole('menuitem')).toHaveText(['Notebook', 'Folder', 'SQL query']);
      await menu.getByRole('menuitem', { name: 'Folder' }).click();
      await expect(page).toHaveURL(/\/admin\/workspace$/);
      await expect(page.getByRole('dialog', { name: 'New folder' })).toBeVisible();
      await page.getByRole('button', { name: 'Cancel' }).click();
      // Already on the Workspace, the menu opens the dialog again.
      await shell.mainMenu.getByRole('button', { name: 'New' }).click();
      await page.getByRole('menu', { name: 'New' }).getByRole('menuitem', { name: 'Notebook' }).click();
      await expect(page.getByRole('dialog', { name: 'New notebook' })).toBeVisible();
    });
  });
});

test.describe('roles', () => {
  test('admin sees SQL Editor and Queries', async ({ loginPage, shell }) => {
    await loginPage.goto();
    await loginPage.signInAsRole('admin');
    await expect(shell.menuLink('SQL Editor')).toBeVisible();
    await expect(shell.menuLink('Queries')).toBeVisible();
    await shell.menuLink('SQL Editor').click();
    await expect(shell.pageTitle).toHaveText('SQL Editor');
    await expect(shell.page.getByTestId('no-access')).toHaveCount(0);
  });

  test('editor does not see them and gets "no access" by URL; the server refuses with 403', async ({ page, loginPage, shell }) => {
    await loginPage.goto();
    await loginPage.signInAsRole('editor');
    await expect(shell.menuLink('Workspace')).toBeVisible();
    await expect(shell.menuLink('SQL Editor')).toHaveCount(0);
    await expect(shell.menuLink('Queries')).toHaveCount(0);
    for (const path of ['/admin/sql', '/admin/queries']) {
      await page.goto(path);
      await expect(page.getByTestId('no-access')).toBeVisible();
      await expect(page.getByRole('heading', { name: 'No access' })).toBeVisible();
    }
    await shell.mainMenu.getByRole('button', { name: 'New' }).click();
    await expect(page.getByRole('menu', { name: 'New' }).getByRole('menuitem')).toHaveText(['Notebook', 'Folder']);
    const res = await page.request.get('/api/bi/v1/me/');
    expect(res.status()).toBe(403);
  });
});
