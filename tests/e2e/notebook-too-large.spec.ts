import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from './offlineFixtures';
import { NotebookEditor } from './pages/NotebookEditor';

/** A notebook of `mb` megabytes: one small cell, the bulk in its metadata (as big embedded outputs would be). */
function bigNotebook(mb: number): string {
  const cell = { id: 'c1', cell_type: 'code', metadata: {}, source: 'print(1)', outputs: [], execution_count: null };
  return JSON.stringify({ cells: [cell], metadata: { blob: 'x'.repeat(mb * 1024 * 1024) }, nbformat: 4, nbformat_minor: 5 });
}

test('a save over the server limit (413) says why and what to do, in the editor and the sync panel', async ({ page, server, loginPage, workspace }) => {
  test.setTimeout(180_000);
  await loginPage.goto();
  await loginPage.signInAsRole('editor');
  const folder = await workspace.freshFolder('big');
  await writeFile(join(server.dataDir, 'workspace', folder, 'huge.ipynb'), bigNotebook(45));
  const editor = new NotebookEditor(page);
  // 45 MB to fetch, parse and store: more than the page object's 10 s on a busy machine.
  await page.goto(`/admin/workspace/notebook/${folder}/huge.ipynb`);
  await expect(editor.cells.first()).toBeVisible({ timeout: 60_000 });
  await editor.typeInto(0, 'print(2)');
  await editor.save();

  await expect(workspace.syncBadge).toHaveAttribute('data-failed', '1', { timeout: 60_000 });
  await expect(editor.toast('Too large to save (45.')).toBeVisible();
  await expect(editor.docState).toHaveText('Not saved: too large');
  await expect(page.getByRole('alert').filter({ hasText: 'Too large to save' })).toHaveText(/^Too large to save \(45\.\d MB, over the server's limit\)\. Make it smaller \(clear large outputs/);
  await workspace.syncBadge.click();
  const failed = page.getByRole('dialog', { name: 'Sync' }).getByRole('listitem', { name: /huge\.ipynb/ });
  await expect(failed).toContainText(/413: Too large to save \(45\.\d MB/);
  // Retrying the same bytes cannot work: the way out is to make it smaller (or discard the save).
  await expect(failed.getByRole('button', { name: 'Retry' })).toHaveCount(0);
  await expect(failed.getByRole('button', { name: 'Discard' })).toBeVisible();
  await workspace.syncBadge.click();
  await expect(page.getByRole('dialog', { name: 'Sync' })).toBeHidden();
  for (const width of [1280, 700]) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({ path: test.info().outputPath(`too-large-${width}.png`) });
  }
});
