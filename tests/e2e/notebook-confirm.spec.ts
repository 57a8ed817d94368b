import { expect, test } from './fixtures';
import { NotebookEditor } from './pages/NotebookEditor';

const SHOTS = 'test-results/confirm';

test.describe('Kernel and server actions ask first (as JupyterLab does)', () => {
  // The first Pyodide kernel of a server starts cold.
  test.describe.configure({ timeout: 240_000 });

  test.beforeEach(async ({ loginPage }) => {
    await loginPage.goto();
    await loginPage.signInAsRole('editor');
  });

  test('Restart, 0 0, Restart & run all and Shut down: Cancel does nothing, the action’s button does it', async ({ page }) => {
    const folder = `confirm-${Date.now().toString(36)}`;
    expect((await page.request.post('/api/notebook/folders', { data: { path: folder } })).ok()).toBe(true);
    const cells = [{ id: 'c1', cell_type: 'code', metadata: {}, source: 'x = 41', outputs: [], execution_count: null }, { id: 'c2', cell_type: 'code', metadata: {}, source: 'print(x + 1)', outputs: [], execution_count: null }];
    const content = { nbformat: 4, nbformat_minor: 5, metadata: { kernelspec: { name: 'python3', display_name: 'Python 3' } }, cells };
    expect((await page.request.post('/api/notebook/files', { data: { path: `${folder}/sales.ipynb`, content: JSON.stringify(content) } })).ok()).toBe(true);
    const editor = new NotebookEditor(page);
    await editor.open(`${folder}/sales.ipynb`);
    await editor.cell(0).getByRole('button', { name: 'Run cell 1' }).click();
    await expect(editor.kernelStatus).toHaveAttribute('data-state', 'idle', { timeout: 150_000 });

    // Restart: asked with JupyterLab's words, Cancel focused; Cancel keeps the kernel (x is still 41).
    await page.getByRole('button', { name: 'Restart', exact: true }).click();
    const dialog = editor.confirmDialog;
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('heading')).toHaveText('Restart Kernel?');
    await expect(dialog).toContainText('Do you want to restart the kernel of sales.ipynb? All variables will be lost.');
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    for (const [width, height] of [[1280, 800], [700, 800]]) {
      await page.setViewportSize({ width, height });
      await page.screenshot({ path: `${SHOTS}/restart-${width}.png` });
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await editor.cell(1).getByRole('button', { name: 'Run cell 2' }).click();
    await expect(editor.outputs(1)).toContainText('42', { timeout: 60_000 });
    await expect(editor.toast('Kernel restarted successfully')).toHaveCount(0);

    // 0 0 in command mode asks too; Escape cancels, the Restart button restarts.
    await editor.cell(1).getByLabel('Execution count').click();
    await page.keyboard.press('0');
    await page.keyboard.press('0');
    await expect(dialog.getByRole('heading')).toHaveText('Restart Kernel?');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await page.keyboard.press('0');
    await page.keyboard.press('0');
    await dialog.getByRole('button', { name: 'Restart', exact: true }).click();
    await expect(editor.toast('Kernel restarted successfully')).toBeVisible({ timeout: 60_000 });
    await expect(editor.kernelStatus).toHaveAttribute('data-state', 'idle', { timeout: 60_000 });

    // Restart & run all: Cancel runs nothing (the cleared counts stay cleared); confirmed, both cells run again.
    const count = editor.cell(1).getByLabel('Execution count');
    await page.getByRole('button', { name: 'Clear all outputs' }).click();
    await expect(count).toHaveText(/^\[\s*\]$/);
    await page.getByRole('button', { name: 'Restart & run all' }).click();
    await expect(dialog).toContainText('restart the kernel of sales.ipynb and run all cells');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForTimeout(1_000);
    await expect(count).toHaveText(/^\[\s*\]$/);
    await expect(editor.kernelStatus).toHaveAttribute('data-state', 'idle');
    await page.getByRole('button', { name: 'Restart & run all' }).click();
    await dialog.getByRole('button', { name: 'Restart and run all' }).click();
    await expect(count).toHaveText('[2]', { timeout: 60_000 });
    await expect(editor.outputs(1)).toContainText('42');
    await expect(editor.kernelStatus).toHaveAttribute('data-state', 'idle', { timeout: 60_000 });

    // Shut down: Cancel keeps the kernel; confirmed, it is shut down.
    await page.getByRole('button', { name: 'Shut down' }).click();
    await expect(dialog.getByRole('heading')).toHaveText('Shut Down Kernel?');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(editor.kernelStatus).toHaveAttribute('data-state', 'idle');
    await page.getByRole('button', { name: 'Shut down' }).click();
    await dialog.getByRole('button', { name: 'Shut Down' }).click();
    await expect(editor.kernelStatus).toHaveAttribute('data-state', 'shutDown');

    // Stop server asks too: with the Jupyter provider, whose personal server it stops (notebook-jupyter.spec.ts).
  });
});
