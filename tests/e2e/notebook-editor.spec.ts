import { expect, test } from './fixtures';
import { NotebookEditor } from './pages/NotebookEditor';
import { WorkspacePage } from './pages/WorkspacePage';

test.describe('Notebook editor', () => {
  test.beforeEach(async ({ loginPage }) => {
    await loginPage.goto();
    await loginPage.signInAsRole('editor');
  });

  test('a new notebook: type a cell, run it on the Pyodide kernel with Shift+Enter, save, reload and see it', async ({ page }) => {
    test.setTimeout(180_000); // the first Pyodide kernel starts cold
    const workspace = new WorkspacePage(page);
    const folder = await workspace.freshFolder('editor');
    await workspace.newNotebook('first.ipynb');
    await workspace.row('first.ipynb').getByRole('link', { name: 'first.ipynb' }).click();
    await expect(page).toHaveURL(`/admin/workspace/notebook/${encodeURIComponent(folder)}/first.ipynb`);

    const editor = new NotebookEditor(page);
    await expect(editor.title).toHaveText('first.ipynb');
    await expect(editor.cell(0)).toContainText('print("Hello, world!")');
    await editor.typeInto(0, 'print(1+1)');
    await page.keyboard.press('Shift+Enter');
    await expect(editor.outputs(0)).toHaveText(/^\s*(Scroll)?\s*2\s*$/, { timeout: 150_000 });
    await expect(editor.kernelStatus).toHaveAttribute('data-state', /idle|busy/);
    // Shift+Enter on the last cell adds one below and selects it.
    await expect(editor.cells).toHaveCount(2);

    await editor.save();
    await expect(editor.toast('File saved successfully')).toBeVisible();
    await expect(editor.docState).toHaveText('Saved');

    await page.reload();
    await expect(editor.cell(0)).toContainText('print(1+1)');
    await expect(editor.outputs(0)).toContainText('2');
    await expect(editor.cell(0).getByLabel('Execution count')).toHaveText(/\[\d+\]/);
  });

  test('New notebook opens the notebook it makes in the editor, from the workspace and from the tab strip’s +', async ({ page }) => {
    const workspace = new WorkspacePage(page);
    const folder = await workspace.freshFolder('opens');
    await page.getByRole('button', { name: 'New notebook' }).click();
    const dialog = page.getByRole('dialog', { name: 'New notebook' });
    await dialog.getByLabel('Name').fill('made.ipynb');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(page).toHaveURL(`/admin/workspace/notebook/${encodeURIComponent(folder)}/made.ipynb`);
    const editor = new NotebookEditor(page);
    await expect(editor.title).toHaveText('made.ipynb');
    await expect(editor.cell(0)).toContainText('print("Hello, world!")');
    await expect(editor.tab('made.ipynb')).toHaveAttribute('aria-selected', 'true');

    await editor.newTab();
    await expect(page).toHaveURL(new RegExp(`/admin/workspace/notebook/${encodeURIComponent(folder)}/Untitled-\\d+\\.ipynb$`));
    await expect(editor.title).toHaveText(/^Untitled-\d+\.ipynb$/);
    await expect(editor.cell(0)).toContainText('print("Hello, world!")');
    await expect(editor.tabs).toHaveCount(2);
  });

  test('a click in a cell shown as text puts the cursor where it was clicked; Ctrl+F finds and replaces in the cell', async ({ page }) => {
    const workspace = new WorkspacePage(page);
    await workspace.freshFolder('click');
    await workspace.newNotebook('click.ipynb');
    await workspace.row('click.ipynb').getByRole('link', { name: 'click.ipynb' }).click();
    const editor = new NotebookEditor(page);
    await editor.typeInto(0, 'a = 1\nb = 2');
    await page.keyboard.press('Escape');
    await page.keyboard.press('b'); // a cell below, selected: the first is shown as text now
    await expect(editor.cells).toHaveCount(2);
    await expect(editor.cell(0).locator('.cm-editor')).toHaveCount(0);
    // Right of the first line's end: the cursor lands at that line's end, not at the start of the cell.
    const box = editor.cell(0).locator('.nb-source-box');
    const size = await box.boundingBox();
    await box.click({ position: { x: (size?.width ?? 300) - 10, y: 12 } });
    await expect(editor.cell(0).locator('.cm-editor')).toBeVisible();
    await page.keyboard.type('0');
    await expect(editor.cell(0).locator('.cm-content')).toHaveText('a = 10b = 2');

    // Find and replace in the cell (Ctrl+F); Escape closes it first, then leaves for command mode.
    await page.keyboard.press('ControlOrMeta+f');
    const find = editor.cell(0).getByRole('textbox', { name: 'Find' });
    await expect(find).toBeFocused();
    await find.fill('= ');
    await editor.cell(0).getByRole('textbox', { name: 'Replace' }).fill('== ');
    await editor.cell(0).getByRole('button', { name: 'replace all' }).click();
    await expect(editor.cell(0).locator('.cm-content')).toHaveText('a == 10b == 2');
    await editor.cell(0).locator('.cm-content').click();
    await page.keyboard.press('Escape');
    await expect(find).toBeHidden();
    await expect(editor.cell(0)).toHaveClass(/nb-editing/);
    await page.keyboard.press('Escape');
    await expect(editor.cell(0)).not.toHaveClass(/nb-editing/);
  });

  test('the read-only view\'s old links lead to the editor', async ({ page }) => {
    const workspace = new WorkspacePage(page);
    const folder = await workspace.freshFolder('legacy');
    await workspace.newNotebook('old.ipynb');
    await page.goto(`/admin/workspace/notebook?path=${encodeURIComponent(`${folder}/old.ipynb`)}`);
    await expect(page).toHaveURL(`/admin/workspace/notebook/${encodeURIComponent(folder)}/old.ipynb`);
    await expect(new NotebookEditor(page).title).toHaveText('old.ipynb');
  });
});
