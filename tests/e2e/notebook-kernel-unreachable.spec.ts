import { expect, test } from './offlineFixtures';
import { NotebookEditor } from './pages/NotebookEditor';

/**
 * Issue 35 item 5: while the console server cannot be reached, the kernel's state is unknown (it
 * said "Idle"), and a run that never reached a kernel gets no execution count (it got one).
 */
test('the kernel shows as unknown while the console server is down, and again as it is once the server is back; a run that never ran has no count', async ({ page, server, loginPage }) => {
  test.setTimeout(240_000);
  await loginPage.goto();
  await loginPage.signInAsRole('editor');
  const folder = `down-${Date.now().toString(36)}`;
  expect((await page.request.post('/api/notebook/folders', { data: { path: folder } })).ok()).toBe(true);
  const cells = [{ id: 'a', cell_type: 'code', metadata: {}, source: '40 + 2', outputs: [], execution_count: null }];
  const content = { nbformat: 4, nbformat_minor: 5, metadata: {}, cells };
  expect((await page.request.post('/api/notebook/files', { data: { path: `${folder}/down.ipynb`, content: JSON.stringify(content) } })).ok()).toBe(true);
  await page.goto(`/admin/workspace/notebook/${folder}/down.ipynb`);
  const editor = new NotebookEditor(page);
  await editor.cell(0).getByRole('button', { name: 'Run cell 1' }).click();
  await expect(editor.outputs(0)).toContainText('42', { timeout: 150_000 });
  await expect(editor.kernelStatus).toHaveAttribute('data-state', 'idle');

  await server.stop();
  await expect(editor.kernelStatus).toHaveAttribute('data-state', 'unknown', { timeout: 15_000 });
  await expect(editor.kernelStatus).toHaveText(/Unknown/);
  await page.screenshot({ path: 'test-results/notebook-look/unreachable-1280.png' });
  await editor.cell(0).getByRole('button', { name: 'Run cell 1' }).click();
  await expect(editor.cell(0)).toHaveAttribute('data-run-state', 'failed', { timeout: 30_000 });
  await expect(editor.cell(0).locator('.nb-run-message')).toHaveText(/^Kernel unreachable: /);
  await expect(editor.cell(0).getByLabel('Execution count')).toHaveText('[ ]');

  await server.resume();
  // Back: the kernel (gone with the old server process) is asked for again.
  await expect(editor.kernelStatus).not.toHaveAttribute('data-state', 'unknown', { timeout: 60_000 });
});
