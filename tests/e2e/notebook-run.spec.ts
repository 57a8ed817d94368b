import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { NotebookEditor } from './pages/NotebookEditor';

/** A notebook file with these cells, made through the workspace API (as an import or another device would). */
async function notebookWith(page: Page, name: string, cells: object[]): Promise<string> {
  const folder = `run-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  expect((await page.request.post('/api/notebook/folders', { data: { path: folder } })).ok()).toBe(true);
  const content = { nbformat: 4, nbformat_minor: 5, metadata: { kernelspec: { name: 'python3', display_name: 'Python 3' } }, cells };
  const saved = await page.request.post('/api/notebook/files', { data: { path: `${folder}/${name}`, content: JSON.stringify(content) } });
  expect(saved.ok()).toBe(true);
  return `/admin/workspace/notebook/${folder}/${name}`;
}

let ids = 0;
const code = (source: string, outputs: object[] = [], metadata: object = {}) => ({ id: `c${++ids}`, cell_type: 'code', metadata, source, outputs, execution_count: null });
const markdown = (source: string) => ({ id: `m${++ids}`, cell_type: 'markdown', metadata: {}, source });

test.describe('Running notebook cells', () => {
  // Each test starts a kernel; the first Pyodide kernel of a server starts cold.
  test.describe.configure({ timeout: 240_000 });

  test.beforeEach(async ({ loginPage }) => {
    await loginPage.goto();
    await loginPage.signInAsRole('editor');
  });

  test('output streams in while a cell runs; its Stop cancels it, interrupts the kernel, and the kernel runs on', async ({ page }) => {
    await page.goto(await notebookWith(page, 'stream.ipynb', [code('import time\nfor i in range(100):\n    print(f"tick {i}", flush=True)\n    time.sleep(0.2)'), code('print("still alive")')]));
    const editor = new NotebookEditor(page);
    await editor.cell(0).getByRole('button', { name: 'Run cell 1' }).click();
    await expect(editor.cell(0)).toHaveAttribute('data-run-state', /queued|running/);
    await expect(editor.cell(0).getByLabel('Execution count')).toHaveText('[*]');
    // Streamed: the first ticks show while the cell is still running.
    await expect(editor.outputs(0)).toContainText('tick 2', { timeout: 150_000 });
    await expect(editor.cell(0)).toHaveAttribute('data-run-state', 'running');
    await editor.cell(0).getByRole('button', { name: 'Stop cell 1' }).click();
    await expect(editor.cell(0)).toHaveAttribute('data-run-state', 'cancelled');
    await expect(editor.cell(0).locator('.nb-run-message')).toHaveText('Execution cancelled');
    await expect(editor.outputs(0)).not.toContainText('tick 99');
    await expect(editor.kernelStatus).toHaveAttribute('data-state', 'idle', { timeout: 30_000 });
    await editor.cell(1).getByRole('button', { name: 'Run cell 2' }).click();
    await expect(editor.outputs(1)).toContainText('still alive', { timeout: 60_000 });
  });

  test('a failing cell shows its coloured traceback; restart and run all stops at it; shut down says so', async ({ page }) => {
    await page.goto(await notebookWith(page, 'fail.ipynb', [code('x = 41'), code('print(x + 1)'), code('1/0'), code('print("never")')]));
    const editor = new NotebookEditor(page);
    await editor.cell(0).getByRole('button', { name: 'Run cell 1' }).click();
    await expect(editor.kernelStatus).toHaveAttribute('data-state', 'idle', { timeout: 150_000 });

    await editor.confirmed('Restart & run all', 'Restart and run all');
    await expect(editor.toast('Kernel restarted successfully')).toBeVisible({ timeout: 60_000 });
    await expect(editor.outputs(1)).toContainText('42', { timeout: 60_000 });
    await expect(editor.cell(2)).toHaveAttribute('data-run-state', 'failed', { timeout: 30_000 });
    await expect(editor.cell(2).locator('.nb-run-message')).toHaveText('Error executing cell');
    await expect(editor.outputs(2)).toContainText('ZeroDivisionError');
    // The traceback keeps its ANSI colours.
    await expect(editor.outputs(2).locator('pre.nb-error span[class*="ansi-"]').first()).toBeVisible();
    await expect(editor.cell(3)).toHaveAttribute('data-run-state', 'idle');
    await expect(editor.outputs(3)).toHaveCount(0);
    await expect(editor.cell(1).getByLabel('Execution count')).toHaveText('[2]');

    await page.getByRole('button', { name: 'Interrupt' }).click();
    // Quiet, as JupyterLab is (issue 35 item 6: one toast per interrupt piled up).
    await expect(editor.kernelStatus).toHaveAttribute('data-state', 'idle');
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'interrupted' })).toHaveCount(0);
    await editor.confirmed('Shut down', 'Shut Down');
    await expect(editor.toast('Kernel shut down successfully')).toBeVisible();
    await expect(editor.kernelStatus).toHaveAttribute('data-state', 'shutDown');
    await expect(page.getByRole('button', { name: 'Restart & run all' })).toBeDisabled();
  });

  test('hostile outputs, SVG and markdown never run script in the console (no alert fires)', async ({ page }) => {
    const alerts: string[] = [];
    page.on('dialog', (dialog) => {
      alerts.push(dialog.message());
      void dialog.dismiss();
    });
    const hostileHtml = '<b id="bold">bold text</b><script>alert("html script")</script><img src="x" onerror="alert(\'img onerror\')">';
    const hostileSvg = '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(\'svg onload\')"><script>alert("svg script")</script><circle r="5"/></svg>';
    await page.goto(
      await notebookWith(page, 'hostile.ipynb', [
        code('html', [{ output_type: 'display_data', metadata: {}, data: { 'text/html': hostileHtml, 'text/plain': 'html' } }]),
        code('svg', [{ output_type: 'display_data', metadata: {}, data: { 'image/svg+xml': hostileSvg, 'text/plain': 'svg' } }]),
        markdown('[click me](javascript:alert("markdown link")) <img src="x" onerror="alert(\'markdown img\')">'),
        code('from IPython.display import HTML, display\ndisplay(HTML(\'<i>live</i><script>alert("live script")</script>\'))'),
      ]),
    );
    const editor = new NotebookEditor(page);
    const frame = editor.cell(0).locator('iframe');
    await expect(frame).toHaveAttribute('sandbox', /allow-scripts/);
    await expect(frame).not.toHaveAttribute('sandbox', /allow-same-origin/);
    await expect(editor.cell(0).frameLocator('iframe').locator('#bold')).toHaveText('bold text');
    await expect(editor.cell(1).locator('img')).toBeVisible();
    const link = editor.cell(2).getByText('click me');
    await expect(link).toBeVisible();
    await expect(link).not.toHaveAttribute('href', /javascript:/i);
    await link.click();

    await editor.cell(3).getByRole('button', { name: 'Run cell 4' }).click();
    await expect(editor.cell(3).frameLocator('iframe').locator('i')).toHaveText('live', { timeout: 150_000 });
    await page.waitForTimeout(1000); // any handler that could fire has had its turn
    expect(alerts).toEqual([]);
  });

  test('a SQL cell runs on the warehouse in the schema it picks, its result in the grid', async ({ page }) => {
    const sql = { language: 'sql' };
    await page.goto(await notebookWith(page, 'sql.ipynb', [code('select 6 * 7 as answer', [], sql), code("select table_name from information_schema.tables where table_schema = 'gaming' order by 1 limit 1", [], sql)]));
    const editor = new NotebookEditor(page);
    await expect(editor.cell(0).getByLabel('Database of cell 1')).toBeVisible();
    await editor.cell(0).getByRole('button', { name: 'Run cell 1' }).click();
    await expect(editor.outputs(0).getByRole('grid')).toContainText('42', { timeout: 60_000 });
    await expect(editor.outputs(0)).toContainText('1 row');

    await editor.cell(1).getByRole('button', { name: 'Run cell 2' }).click();
    const table = (await editor.outputs(1).getByRole('gridcell').first().textContent())?.trim() ?? '';
    expect(table).not.toBe('');
    // Unqualified, the table is found only in its schema.
    await editor.typeInto(0, `select count(*) as n from ${table}`);
    await page.keyboard.press('Escape');
    await editor.cell(0).getByLabel('Schema of cell 1').selectOption('gaming');
    await editor.cell(0).getByRole('button', { name: 'Run cell 1' }).click();
    await expect(editor.cell(0)).toHaveAttribute('data-run-state', 'succeeded', { timeout: 60_000 });
    await expect(editor.outputs(0).getByRole('columnheader', { name: /n/ })).toBeVisible();
  });

  test("a SQL cell completes the warehouse's schemas, tables and columns as SQL Lab does, while typing and on Ctrl+Space", async ({ page }) => {
    await page.goto(await notebookWith(page, 'complete.ipynb', [code('', [], { language: 'sql' })]));
    const editor = new NotebookEditor(page);
    // The cell runs on the default schema: a table of `gaming` is found by the server's search.
    await editor.typeInto(0, 'SELECT * FROM bet_rep');
    await expect(editor.completion('bet_report')).toBeVisible();
    // Enter as a person would, not within CodeMirror's 75 ms guard after a list opens. The list may be
    // greyed while the next keystroke's answer is awaited: Enter still takes what it shows.
    await page.waitForTimeout(100);
    await page.keyboard.press('Enter');
    await expect(editor.editorText(0)).toHaveText('SELECT * FROM gaming.bet_report');

    // Its columns, never opened: Ctrl+Space waits for the server. Escape closes the list and stays in the cell.
    await page.keyboard.type(' WHERE usern', { delay: 20 });
    await page.keyboard.press('Escape');
    await expect(editor.completion('username')).toBeHidden();
    await expect(editor.cell(0)).toHaveClass(/nb-editing/);
    await page.keyboard.press('Control+Space');
    await expect(editor.completion('username')).toBeVisible();
    await page.waitForTimeout(100);
    await page.keyboard.press('Enter');
    await expect(editor.editorText(0)).toHaveText('SELECT * FROM gaming.bet_report WHERE username');

    await page.keyboard.type(' AND x IN (SELECT * FROM gaming.', { delay: 20 });
    await expect(editor.completion('members')).toBeVisible();
  });

  test('command-mode keys edit the notebook as Jupyter’s do, and undo and redo walk back and forth', async ({ page }) => {
    await page.goto(await notebookWith(page, 'keys.ipynb', [code('a = 1'), code('b = 2')]));
    const editor = new NotebookEditor(page);
    await expect(editor.cells).toHaveCount(2);
    await editor.cell(0).getByLabel('Execution count').click(); // selects the cell, command mode
    await page.keyboard.press('b');
    await expect(editor.cells).toHaveCount(3);
    await expect(editor.cell(1)).toHaveAttribute('data-selected', 'true');
    await page.keyboard.press('m');
    await expect(editor.cell(1)).toHaveAttribute('data-cell-type', 'markdown');
    await page.keyboard.press('y');
    await expect(editor.cell(1)).toHaveAttribute('data-cell-type', 'code');
    await page.keyboard.press('d');
    await page.keyboard.press('d');
    await expect(editor.cells).toHaveCount(2);
    await page.keyboard.press('z');
    await expect(editor.cells).toHaveCount(3);
    await page.keyboard.press('Shift+Z');
    await expect(editor.cells).toHaveCount(2);
    // Copy the selected cell, paste it below; A inserts above.
    await page.keyboard.press('c');
    await page.keyboard.press('v');
    await expect(editor.cells).toHaveCount(3);
    await expect(editor.cell(2)).toContainText(/[ab] = [12]/);
    await page.keyboard.press('a');
    await expect(editor.cells).toHaveCount(4);
    await page.getByRole('button', { name: 'Duplicate' }).click();
    await expect(editor.cells).toHaveCount(5);
    // Ctrl+Shift+- splits the cell being edited at the cursor.
    await editor.typeInto(0, 'first = 1\nsecond = 2');
    await page.keyboard.press('Home'); // the start of the second line
    await page.keyboard.press('ControlOrMeta+Shift+Minus');
    await expect(editor.cells).toHaveCount(6);
    await expect(editor.cell(0)).toContainText('first = 1');
    await expect(editor.cell(0)).not.toContainText('second');
    await expect(editor.cell(1)).toContainText('second = 2');
  });

  test('after X, Z and Shift+Z a cell stays active: the next, or the previous when the last went (as JupyterLab)', async ({ page }) => {
    await page.goto(await notebookWith(page, 'cut.ipynb', [code('a = 1'), code('b = 2'), code('c = 3')]));
    const editor = new NotebookEditor(page);
    await expect(editor.cells).toHaveCount(3);
    await editor.cell(1).getByLabel('Execution count').click();
    await page.keyboard.press('x');
    await expect(editor.cells).toHaveCount(2);
    await expect(editor.cell(1)).toContainText('c = 3');
    await expect(editor.cell(1)).toHaveAttribute('data-selected', 'true');
    // The last cell cut: the one before it is active, and the next X acts on it.
    await page.keyboard.press('x');
    await expect(editor.cells).toHaveCount(1);
    await expect(editor.cell(0)).toHaveAttribute('data-selected', 'true');
    // Z brings c back; Shift+Z takes it away again, and C V still have a cell to copy.
    await page.keyboard.press('z');
    await expect(editor.cells).toHaveCount(2);
    await editor.cell(1).getByLabel('Execution count').click();
    await page.keyboard.press('Shift+Z');
    await expect(editor.cells).toHaveCount(1);
    await expect(editor.cell(0)).toHaveAttribute('data-selected', 'true');
    // An undone insert: B adds a cell and selects it, Z takes it away, the cell above is active.
    await page.keyboard.press('b');
    await expect(editor.cells).toHaveCount(2);
    await page.keyboard.press('z');
    await expect(editor.cells).toHaveCount(1);
    await expect(editor.cell(0)).toHaveAttribute('data-selected', 'true');
    await page.keyboard.press('c');
    await page.keyboard.press('v');
    await expect(editor.cells).toHaveCount(2);
    await expect(editor.cell(1)).toContainText('a = 1');
  });
});
