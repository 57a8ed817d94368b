import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { seriousViolations } from './axe';
import { expect, test } from './fixtures';
import { NotebookView } from './pages/NotebookView';
import { WorkspacePage } from './pages/WorkspacePage';

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'notebooks');
const fixture = (name: string) => path.join(FIXTURES, name);
const fixtureText = (name: string) => readFileSync(fixture(name), 'utf8');

/** The notebook as the server stores it, once the sender has saved it there. */
async function onServer(page: Page, notebookPath: string): Promise<string> {
  const url = `/api/notebook/get-file-local?path=${encodeURIComponent(notebookPath)}`;
  await expect.poll(async () => (await page.request.get(url)).status(), { timeout: 20_000 }).toBe(200);
  return ((await (await page.request.get(url)).json()) as { content: string }).content;
}

test.describe('Workspace: import, new notebook, download, open in the editor', () => {
  test.beforeEach(async ({ loginPage }) => {
    await loginPage.goto();
    await loginPage.signInAsRole('editor');
  });

  test('a batch imports its good notebooks byte for byte, refuses the bad ones with reasons, and never overwrites', async ({ page }) => {
    const workspace = new WorkspacePage(page);
    const folder = await workspace.freshFolder('import');

    // deep.ipynb (10 KB, nested 5,000 levels) overflowed the stack and aborted the whole batch.
    await workspace.importFiles(['analysis.ipynb', 'not-json.ipynb', 'r-summary.ipynb', 'future.ipynb', 'deep.ipynb', 'notes.txt'].map(fixture));
    await expect(workspace.toast('2 notebooks imported successfully!')).toBeVisible();
    await expect(workspace.row('analysis.ipynb')).toBeVisible();
    await expect(workspace.row('r-summary.ipynb')).toBeVisible();
    await expect(page.locator('tbody tr')).toHaveCount(2);
    const refused = workspace.importResults.getByRole('list', { name: 'Not imported' }).getByRole('listitem');
    await expect(refused).toHaveText([
      /^not-json\.ipynb\s*The file is not JSON/,
      /^future\.ipynb\s*nbformat 5 is not supported: this console reads nbformat 3 and 4\.$/,
      /^deep\.ipynb\s*The file is nested deeper than 256 levels\.$/,
      /^notes\.txt\s*Only \.ipynb notebooks can be imported\.$/,
    ]);

    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);

    // On the server as written by Jupyter: the same bytes, so every output and all metadata survive.
    const stored = await onServer(page, `${folder}/analysis.ipynb`);
    expect(stored).toBe(fixtureText('analysis.ipynb'));
    const outputs = (text: string) => (JSON.parse(text) as { cells: { outputs?: unknown }[] }).cells.map((cell) => cell.outputs);
    expect(outputs(stored)).toEqual(outputs(fixtureText('analysis.ipynb')));
    expect(await onServer(page, `${folder}/r-summary.ipynb`)).toBe(fixtureText('r-summary.ipynb'));

    // Again: a numbered copy, the first one untouched.
    await workspace.importResults.getByRole('button', { name: 'Close import results' }).click();
    await workspace.importFiles([fixture('analysis.ipynb')]);
    await expect(workspace.toast('1 notebook imported successfully!')).toBeVisible();
    await expect(workspace.row('analysis (1).ipynb')).toBeVisible();
    await expect(workspace.importResults).toContainText('analysis (1).ipynb (from analysis.ipynb: that name was taken)');
    expect(await onServer(page, `${folder}/analysis (1).ipynb`)).toBe(fixtureText('analysis.ipynb'));
    expect(await onServer(page, `${folder}/analysis.ipynb`)).toBe(fixtureText('analysis.ipynb'));

    // Nothing good: the failure toast, whose Details lead to the reasons.
    await workspace.importResults.getByRole('button', { name: 'Close import results' }).click();
    await workspace.importFiles([fixture('notes.txt')]);
    const failed = workspace.toast('No notebook was imported: see Details for why.');
    await expect(failed).toBeVisible();
    await workspace.importResults.getByRole('button', { name: 'Close import results' }).click();
    await failed.getByRole('button', { name: 'Details' }).click();
    await expect(workspace.importResults).toBeFocused();
    await expect(refused).toHaveText([/^notes\.txt\s*Only \.ipynb notebooks can be imported\.$/]);
    await expect(page.locator('tbody tr')).toHaveCount(3);
  });

  test('files dropped on a folder row go into that folder; dropped on the list, into the folder shown', async ({ page }) => {
    const workspace = new WorkspacePage(page);
    const folder = await workspace.freshFolder('drop');
    await workspace.newFolder('inner');
    const drop = async (target: ReturnType<WorkspacePage['row']>, name: string) => {
      const dataTransfer = await page.evaluateHandle(
        ([fileName, text]) => {
          const transfer = new DataTransfer();
          transfer.items.add(new File([text], fileName, { type: 'application/x-ipynb+json' }));
          return transfer;
        },
        [name, fixtureText('r-summary.ipynb')] as const,
      );
      await target.dispatchEvent('dragover', { dataTransfer });
      await target.dispatchEvent('drop', { dataTransfer });
    };
    await drop(workspace.row('inner'), 'into-inner.ipynb');
    await expect(workspace.toast('1 notebook imported successfully!')).toBeVisible();
    expect(await onServer(page, `${folder}/inner/into-inner.ipynb`)).toBe(fixtureText('r-summary.ipynb'));
    await expect(workspace.row('into-inner.ipynb')).toHaveCount(0); // not also into the folder shown
    await drop(page.getByTestId('workspace-drop'), 'here.ipynb');
    await expect(workspace.row('here.ipynb')).toBeVisible();
    expect(await onServer(page, `${folder}/here.ipynb`)).toBe(fixtureText('r-summary.ipynb'));
  });

  test('a new notebook is Untitled-{n}.ipynb, n one more than the files of the folder', async ({ page }) => {
    const workspace = new WorkspacePage(page);
    const folder = await workspace.freshFolder('naming');
    for (const expected of ['Untitled-1.ipynb', 'Untitled-2.ipynb']) {
      await page.getByRole('button', { name: 'New notebook' }).click();
      await expect(workspace.dialog.getByLabel('Name')).toHaveValue(expected);
      await workspace.dialog.getByRole('button', { name: 'Create' }).click();
      // It opens in the editor (issue 35 item 8); back in the folder it is listed.
      await expect(page).toHaveURL(new RegExp(`/admin/workspace/notebook/${folder}/${expected.replace('.', '\\.')}$`));
      await page.goBack();
      await expect(workspace.row(expected)).toBeVisible();
    }
    const content = JSON.parse(await onServer(page, `${folder}/Untitled-2.ipynb`)) as { nbformat_minor: number; cells: { cell_type: string; source: string[] }[] };
    expect(content.nbformat_minor).toBe(5);
    expect(content.cells.map((cell) => [cell.cell_type, cell.source.join('')])).toEqual([['code', 'print("Hello, world!")']]);
  });

  test('a notebook opens in the editor (markdown rendered, outputs shown, nothing run) and downloads as stored', async ({ page }) => {
    const workspace = new WorkspacePage(page);
    const folder = await workspace.freshFolder('view');
    await workspace.importFiles([fixture('analysis.ipynb')]);
    await expect(workspace.row('analysis.ipynb')).toBeVisible();
    await onServer(page, `${folder}/analysis.ipynb`);

    const file = await workspace.download('analysis.ipynb');
    expect(file).toEqual({ fileName: 'analysis.ipynb', text: fixtureText('analysis.ipynb') });

    await workspace.row('analysis.ipynb').getByRole('link', { name: 'analysis.ipynb' }).click();
    await expect(page).toHaveURL(`/admin/workspace/notebook/${encodeURIComponent(folder)}/analysis.ipynb`);
    const view = new NotebookView(page);
    await expect(view.title).toHaveText('analysis.ipynb');
    await expect(view.meta).toContainText('Saved with Python 3 (ipykernel)');
    await expect(view.meta).toContainText('6 cells');
    await expect(view.cell(0).getByRole('heading', { level: 1, name: 'Sales analysis' })).toBeVisible();
    await expect(view.cell(0).locator('strong')).toHaveText('region');
    // Stream text with its ANSI colour, an HTML table (in its sandboxed frame), an image, JSON as a tree and a coloured traceback.
    await expect(view.cell(2).locator('.nb-stream-stdout')).toContainText('OK all regions present');
    await expect(view.cell(2).locator('.nb-stream-stdout span', { hasText: 'OK' })).toHaveClass('ansi-green-fg');
    await expect(view.cell(2).frameLocator('[data-testid="html-output"]').getByRole('table')).toContainText('EMEA');
    const image = view.cell(3).getByRole('img', { name: '<Figure size 120x40 with 1 Axes>' });
    await expect(image).toBeVisible();
    expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(120);
    await expect(view.cell(3).getByRole('list', { name: 'JSON output' })).toContainText('total: 2180');
    await expect(view.cell(4).locator('.nb-error')).toContainText('ZeroDivisionError: division by zero');
    await expect(view.cell(5)).toHaveText('\\section{Appendix}');
    // The hostile markdown is shown without its script or handler.
    await expect(view.cell(1)).toContainText('A note with');
    expect(await view.cell(1).locator('script, [onerror]').count()).toBe(0);
    expect(await page.evaluate(() => (window as { __pwned?: boolean }).__pwned)).toBeUndefined();
    // The page itself (the import's toast, which has its own contrast, gone first).
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);

    const fromView = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download' }).click();
    expect((await fromView).suggestedFilename()).toBe('analysis.ipynb');
  });
});
