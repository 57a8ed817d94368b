import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { NotebookEditor } from './pages/NotebookEditor';

/** The kernel area and interrupts (issue 35 items 6 and 21), on the embedded Pyodide kernels. */

let ids = 0;
const code = (source: string) => ({ id: `k${++ids}`, cell_type: 'code', metadata: {}, source, outputs: [], execution_count: null });
const LOOP = 'import time\nfor i in range(300):\n    time.sleep(0.2)';

async function notebookWith(page: Page, name: string, cells: object[]): Promise<string> {
  const folder = `kernel-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  expect((await page.request.post('/api/notebook/folders', { data: { path: folder } })).ok()).toBe(true);
  const content = { nbformat: 4, nbformat_minor: 5, metadata: { kernelspec: { name: 'python3', display_name: 'Python 3' } }, cells };
  expect((await page.request.post('/api/notebook/files', { data: { path: `${folder}/${name}`, content: JSON.stringify(content) } })).ok()).toBe(true);
  return `/admin/workspace/notebook/${folder}/${name}`;
}

test.describe('The kernel area', () => {
  test.describe.configure({ timeout: 240_000 });

  test.beforeEach(async ({ loginPage }) => {
    await loginPage.goto();
    await loginPage.signInAsRole('editor');
  });

  test('names the running Pyodide kernel, hides personal-server controls, and an interrupted cell keeps the kernel’s count and traceback, without toasts', async ({ page }) => {
    await page.goto(await notebookWith(page, 'interrupt.ipynb', [code('1 + 1'), code(LOOP)]));
    const editor = new NotebookEditor(page);
    const picker = page.getByRole('combobox', { name: 'Kernel' });
    await expect(picker.locator('option:checked')).toHaveText('Start kernel…');
    // Embedded kernels: there is no personal server to start or stop.
    await expect(page.getByTestId('server-status')).toHaveCount(0);

    await editor.cell(0).getByRole('button', { name: 'Run cell 1' }).click();
    await expect(editor.outputs(0)).toContainText('2', { timeout: 150_000 });
    await expect(editor.cell(0).getByLabel('Result count')).toHaveText('Out[1]:');
    // A kernel runs: the picker names it (it said "Start kernel…"), and says it is Pyodide in the console.
    await expect(picker.locator('option:checked')).toHaveText('Python 3.14 (Pyodide, in the console)');
    await expect(picker.locator('option', { hasText: 'Start kernel…' })).toHaveCount(0);
    await expect(editor.kernelStatus).toHaveText('Idle');

    await editor.cell(1).getByRole('button', { name: 'Run cell 2' }).click();
    await expect(editor.cell(1)).toHaveAttribute('data-run-state', 'running', { timeout: 30_000 });
    await page.waitForTimeout(500);
    await editor.cell(1).getByRole('button', { name: 'Stop cell 2' }).click();
    await expect(editor.cell(1)).toHaveAttribute('data-run-state', 'cancelled', { timeout: 30_000 });
    // The kernel's own count for the run (a guess before) and its KeyboardInterrupt traceback.
    await expect(editor.cell(1).getByLabel('Execution count')).toHaveText('[2]');
    await expect(editor.outputs(1)).toContainText('KeyboardInterrupt');
    await page.screenshot({ path: 'test-results/notebook-look/interrupted-1280.png' });

    // The toolbar's Interrupt, twice: no "Kernel interrupted successfully" toasts piling up.
    for (const count of ['[3]', '[4]']) {
      await editor.cell(1).getByRole('button', { name: 'Run cell 2' }).click();
      await expect(editor.cell(1)).toHaveAttribute('data-run-state', 'running', { timeout: 30_000 });
      await page.waitForTimeout(500);
      await page.getByRole('button', { name: 'Interrupt' }).click();
      await expect(editor.cell(1)).toHaveAttribute('data-run-state', 'cancelled', { timeout: 30_000 });
      await expect(editor.cell(1).getByLabel('Execution count')).toHaveText(count);
    }
    await expect(editor.kernelStatus).toHaveText('Idle');
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'interrupted' })).toHaveCount(0);
  });

  test('a SQL cell’s grid right-aligns its numbers (integers, decimals, doubles, big integers)', async ({ page }) => {
    const sql = { ...code("SELECT 'north' AS region, 120 AS orders, 3400.50::DECIMAL(18,2) AS revenue, 0.25::DOUBLE AS share, 12345678901234567890::HUGEINT AS big, count(*) AS n FROM range(3)"), metadata: { language: 'sql' } };
    await page.goto(await notebookWith(page, 'grid.ipynb', [sql]));
    const editor = new NotebookEditor(page);
    await editor.cell(0).getByRole('button', { name: 'Run cell 1' }).click();
    const row = editor.outputs(0).locator('[role="row"]').nth(1);
    await expect(row).toContainText('north', { timeout: 60_000 });
    const aligns = await row.locator('.rg-cell').evaluateAll((cells) => cells.map((el) => `${el.textContent}:${getComputedStyle(el).textAlign}`));
    expect(aligns).toEqual(['north:start', '120:right', '3400.50:right', '0.25:right', '12345678901234567890:right', '3:right']);
  });
});
