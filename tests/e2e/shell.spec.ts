import { expect, test } from './fixtures';

test.describe('console shell', () => {
  test.beforeEach(async ({ loginPage }) => {
    await loginPage.goto();
    await loginPage.signInAsRole('admin');
  });

  test('sidebar is closed at 700 px and open at 1280 px', async ({ page, shell }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(shell.sidebar).toHaveAttribute('data-state', 'open');
    await expect(shell.menuLink('Workspace')).toBeVisible();
    await page.setViewportSize({ width: 700, height: 800 });
    await expect(shell.sidebar).toHaveAttribute('data-state', 'closed');
    await expect(shell.menuLink('Workspace')).toBeHidden();
    // Opened by hand on a narrow screen it floats over the page and closes after a pick.
    await shell.sidebarToggle.click();
    await expect(shell.menuLink('Catalog')).toBeVisible();
    await shell.menuLink('Catalog').click();
    await expect(shell.pageTitle).toHaveText('Catalog');
    await expect(shell.sidebar).toHaveAttribute('data-state', 'closed');
  });

  test('on a wide screen the toggle collapses the sidebar to icons and back', async ({ shell }) => {
    await shell.sidebarToggle.click();
    await expect(shell.sidebar).toHaveAttribute('data-state', 'closed');
    await expect(shell.sidebar.locator('.menu-label').first()).toBeHidden();
    await shell.sidebarToggle.click();
    await expect(shell.sidebar).toHaveAttribute('data-state', 'open');
  });

  test('Ctrl+K opens the search dialog, finds a page and navigates', async ({ page, shell }) => {
    await shell.openSearch();
    await expect(shell.searchInput).toBeFocused();
    await shell.searchInput.fill('workflows');
    await expect(shell.searchDialog.getByRole('option', { name: /Workflows/ })).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(shell.searchDialog).toBeHidden();
    await expect(page).toHaveURL(/\/admin\/workflow$/);
    await shell.openSearch();
    await shell.searchInput.fill('zzzz-nothing');
    await expect(shell.searchDialog.getByText('Nothing matches.')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(shell.searchDialog).toBeHidden();
  });

  test('the avatar dropdown opens My Profile', async ({ page, shell }) => {
    await shell.openAccountMenu();
    await expect(shell.accountMenu.getByRole('menuitem')).toHaveText(['My Profile', 'Log Out']);
    await shell.accountMenu.getByRole('menuitem', { name: 'My Profile' }).click();
    await expect(page).toHaveURL(/\/my-profile$/);
    await expect(page.getByTestId('profile-username')).toHaveText('admin');
    await expect(page.getByTestId('profile-role')).toHaveText('admin (Administrator)');
    await page.keyboard.press('Escape');
  });

  test('the logo leads to the admin home', async ({ page, shell }) => {
    await shell.menuLink('Connectors').click();
    await expect(shell.pageTitle).toHaveText('Connectors');
    await shell.logo.click();
    await expect(page).toHaveURL(/\/admin\/default$/);
    await expect(shell.pageTitle).toHaveText('Home');
  });

  test('the home page lists recent pages and filters shortcuts from the header search', async ({ page, shell }) => {
    // A new user has only visited Home (kept by the reload), which is no recent item.
    await page.reload();
    await expect(shell.pageTitle).toHaveText('Home');
    await expect(page.getByRole('region', { name: 'Recent' })).toContainText('will show here');
    await shell.menuLink('Dashboards').click();
    await shell.logo.click();
    await expect(page.getByRole('region', { name: 'Recent' }).getByRole('link', { name: 'Dashboards' })).toBeVisible();
    const filter = page.getByRole('searchbox', { name: 'Filter shortcuts' });
    await filter.fill('experiments');
    const shortcuts = page.getByRole('region', { name: 'Shortcuts' });
    await expect(shortcuts.getByRole('link')).toHaveCount(1);
    await expect(shortcuts.getByRole('link', { name: /Experiments/ })).toBeVisible();
    await expect(page).toHaveURL(/q=experiments/);
  });

  test('admin home screenshot', async ({ page, shell }, testInfo) => {
    await shell.menuLink('Catalog').click();
    await shell.logo.click();
    await expect(page.getByRole('heading', { name: 'Shortcuts' })).toBeVisible();
    const shot = await page.screenshot({ fullPage: true, path: testInfo.outputPath('admin-home.png') });
    await testInfo.attach('admin-home', { body: shot, contentType: 'image/png' });
  });
});
