import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { NotebookEditor } from './pages/NotebookEditor';
import { WorkspacePage } from './pages/WorkspacePage';

/** Issue 35 item 23: a 5 MB single-line cell opens folded and the notebook stays editable. */
const LONG = `x = "${'abcdefghij'.repeat(499_999)}"`;

function longLineFile(): string {
  const code = (id: string, source: string) => ({ id, cell_type: 'code', metadata: {}, source, outputs: [], execution_count: null });
  const notebook = { nbformat: 4, nbformat_minor: 5, metadata: { kernelspec: { name: 'python3', display_name: 'Python 3' } }, cells: [code('first', 'print(1)'), code('long', LONG), code('last', 'z = 3')] };
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'long-line-')), 'long-line.ipynb');
  writeFileSync(file, JSON.stringify(notebook));
  return file;
}

/** The cells' sources as the server stores the notebook. */
async function serverSources(page: Page, notebookPath: string): Promise<string[]> {
  const response = await page.request.get(`/api/notebook/get-file-local?path=${encodeURIComponent(notebookPath)}`);
  const { content } = (await response.json()) as { content: string };
  return (JSON.parse(content) as { cells: { source: string | string[] }[] }).cells.map((cell) => (Array.isArray(cell.source) ? cell.source.join('') : cell.source));
}

test('a 5 MB single-line cell shows folded and said; the other cells type and save; the long line edits without its colours', async ({ page, loginPage }) => {
  test.setTimeout(120_000);
  await loginPage.goto();
  await loginPage.signInAsRole('editor');
  const workspace = new WorkspacePage(page);
  const folder = await workspace.freshFolder('long-line');
  await workspace.importFiles([longLineFile()]);
  await expect(workspace.toast('1 notebook imported successfully!')).toBeVisible({ timeout: 30_000 });
  await workspace.row('long-line.ipynb').getByRole('link', { name: 'long-line.ipynb' }).click();
  const editor = new NotebookEditor(page);
  await expect(editor.cell(2)).toContainText('z = 3');
  // Shown cut at 10,000 characters, with how much more the line holds and where to see it.
  const long = editor.cell(1);
  await expect(long.getByText('Line 1 is folded: 5.0 MB more than shown. Edit the cell to see it all.')).toBeVisible();
  expect((await long.locator('.nb-plain').innerText()).length).toBeLessThan(10_100);
  await page.screenshot({ path: test.info().outputPath('long-line-1280.png') });

  await editor.typeAt(2, 'end', ' + 1');
  await editor.save();
  await expect(editor.toast('File saved successfully')).toBeVisible();
  const saved = await serverSources(page, `${folder}/long-line.ipynb`);
  expect(saved[2]).toBe('z = 3 + 1');
  expect(saved[1]).toBe(LONG);

  // In its editor the line is whole, without colours (said), and typing at its start lands.
  await editor.typeAt(1, 'start', '# ');
  await expect(long.getByText('Colours are off in this cell: a line is longer than 20,000 characters.')).toBeVisible();
  await page.keyboard.press('Escape');
  await editor.save();
  await expect.poll(async () => (await serverSources(page, `${folder}/long-line.ipynb`))[1], { timeout: 20_000 }).toBe(`# ${LONG}`);
  await page.setViewportSize({ width: 700, height: 800 });
  await page.screenshot({ path: test.info().outputPath('long-line-700.png') });
});
