import { expect, test } from './offlineFixtures';
import { NotebookEditor } from './pages/NotebookEditor';
import { ShellPage } from './pages/ShellPage';

/**
 * A user's very first session: one document from the login page on (no reload, every move a click),
 * then the network goes. The service worker installed by that document must control it and hold
 * every route's code, or the pages not opened yet cannot load.
 */
test('on the first visit, with the server stopped and no reload, Catalog, Workflows and a notebook open', async ({ page, server, loginPage, workspace }) => {
  test.setTimeout(120_000);
  await loginPage.goto();
  await loginPage.signInAsRole('admin');
  const shell = new ShellPage(page);
  await shell.menuLink('Workspace').click();
  await expect(shell.pageTitle).toHaveText('Workspace');
  await workspace.newNotebook('first-visit.ipynb');
  await expect(workspace.row('first-visit.ipynb').getByText('Waiting to sync')).toBeHidden();
  // The worker that this very document registered takes control of it (no reload to help it).
  await page.waitForFunction(() => !!navigator.serviceWorker.controller, undefined, { timeout: 30_000 });

  await server.stop();
  // Every file of the app a page asks for comes from the precache: none fails for want of the network.
  const failed: string[] = [];
  page.on('requestfailed', (request) => {
    if (new URL(request.url()).pathname.startsWith('/assets/')) failed.push(new URL(request.url()).pathname);
  });
  await shell.menuLink('Catalog').click();
  await expect(shell.pageTitle).toHaveText('Catalog');
  await shell.menuLink('Workflows').click();
  await expect(shell.pageTitle).toHaveText('Workflows');
  await shell.menuLink('Workspace').click();
  await workspace.row('first-visit.ipynb').getByRole('link', { name: 'first-visit.ipynb' }).click();
  const editor = new NotebookEditor(page);
  await expect(editor.title).toHaveText('first-visit.ipynb');
  await expect(editor.cells.first()).toBeVisible();
  await shell.menuLink('SQL Editor').click();
  await expect(page.locator('.monaco-editor').first()).toBeVisible();
  // Monaco's icon font (codicon.ttf) loads once an icon is drawn: the find widget has several.
  await page.locator('.monaco-editor textarea').first().focus();
  await page.keyboard.press('ControlOrMeta+F');
  await expect(page.locator('.monaco-editor .find-widget .codicon').first()).toBeVisible();
  await expect.poll(() => page.evaluate(() => document.fonts.check('16px codicon'))).toBe(true);
  expect(failed).toEqual([]);
});
