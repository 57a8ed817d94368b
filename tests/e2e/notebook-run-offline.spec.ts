import { expect, test, waitForServiceWorker } from './offlineFixtures';
import { NotebookEditor } from './pages/NotebookEditor';

test('offline, a cached notebook opens and edits, and running a cell says the kernel is unreachable', async ({ page, server, loginPage, workspace }) => {
  test.setTimeout(120_000);
  await loginPage.goto();
  await loginPage.signInAsRole('editor');
  const folder = await workspace.freshFolder('offline-run');
  await workspace.newNotebook('away.ipynb');
  await workspace.row('away.ipynb').getByRole('link', { name: 'away.ipynb' }).click();
  const editor = new NotebookEditor(page);
  await expect(editor.cell(0)).toBeVisible();
  // The reload below comes from the service worker's cache: it must control the page first.
  await waitForServiceWorker(page);

  await server.stop();
  await page.reload(); // from the service worker's cache and this device's copy
  await expect(editor.title).toHaveText('away.ipynb');
  await editor.typeInto(0, 'print("offline")');
  await page.keyboard.press('Escape');
  await editor.cell(0).getByRole('button', { name: 'Run cell 1' }).click();
  await expect(editor.cell(0)).toHaveAttribute('data-run-state', 'failed', { timeout: 30_000 });
  await expect(editor.cell(0).locator('.nb-run-message')).toHaveText(/^Kernel unreachable: /);
  // What was typed is kept.
  await expect(editor.cell(0)).toContainText('print("offline")');
  await expect(page).toHaveURL(new RegExp(`/admin/workspace/notebook/${encodeURIComponent(folder)}/away.ipynb$`));
});

test('a tab that crashes right after typing loses nothing: the notebook reopens with the text', async ({ page, loginPage, workspace }) => {
  test.setTimeout(120_000);
  await loginPage.goto();
  await loginPage.signInAsRole('editor');
  await workspace.freshFolder('crash');
  await workspace.newNotebook('crash.ipynb');
  await workspace.row('crash.ipynb').getByRole('link', { name: 'crash.ipynb' }).click();
  await expect(page).toHaveURL(/\/admin\/workspace\/notebook\/.+\/crash\.ipynb$/);
  const url = page.url();
  const editor = new NotebookEditor(page);
  await editor.typeInto(0, 'print("typed a moment before the crash")');
  // The renderer dies at once, well inside the pause that would have made the typing an edit.
  const reopened = await page.context().newPage();
  const cdp = await page.context().newCDPSession(page);
  const crashed = page.waitForEvent('crash');
  void cdp.send('Page.crash').catch(() => {}); // the session dies with the page
  await crashed;
  await reopened.goto(url);
  const again = new NotebookEditor(reopened);
  await expect(again.cell(0)).toContainText('print("typed a moment before the crash")');
  await expect(again.docState).toHaveText(/Unsaved changes|Waiting to sync|Saved/);
});
