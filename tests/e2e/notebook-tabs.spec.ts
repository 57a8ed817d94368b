import type { Page } from '@playwright/test';
import { seriousViolations } from './axe';
import { expect, test } from './fixtures';
import { NotebookEditor } from './pages/NotebookEditor';
import { WorkspacePage } from './pages/WorkspacePage';

const url = (path: string) => `/admin/workspace/notebook/${path.split('/').map(encodeURIComponent).join('/')}`;

/** A fresh folder holding these new notebooks, made through the API (made, not opened: no tabs yet); answers the folder. */
async function notebooks(page: Page, prefix: string, names: string[]): Promise<string> {
  const workspace = new WorkspacePage(page);
  const folder = await workspace.freshFolder(prefix);
  for (const name of names) expect((await page.request.post('/api/notebook/files', { data: { path: `${folder}/${name}`, content: NEW_NOTEBOOK } })).ok()).toBe(true);
  // Listed here too, as the untitled naming reads this device's listing.
  await workspace.goto(folder);
  for (const name of names) await expect(workspace.row(name)).toBeVisible();
  return folder;
}

const NEW_NOTEBOOK = JSON.stringify({
  nbformat: 4,
  nbformat_minor: 5,
  metadata: { kernelspec: { name: 'python3', display_name: 'Python 3' } },
  cells: [{ id: 'hello', cell_type: 'code', metadata: {}, source: 'print("Hello, world!")', outputs: [], execution_count: null }],
});

async function open(page: Page, path: string): Promise<NotebookEditor> {
  await page.goto(url(path));
  const editor = new NotebookEditor(page);
  await expect(editor.title).toHaveText(path.slice(path.lastIndexOf('/') + 1));
  await expect(editor.tab(path.slice(path.lastIndexOf('/') + 1))).toHaveAttribute('aria-selected', 'true');
  return editor;
}

test.describe('Notebook tabs', () => {
  test.beforeEach(async ({ loginPage }) => {
    await loginPage.goto();
    await loginPage.signInAsRole('editor');
  });

  test('two notebooks opened are two tabs; clicking goes to one; close rules and the last tab’s toast', async ({ page }) => {
    const folder = await notebooks(page, 'tabs', ['one.ipynb', 'two.ipynb', 'three.ipynb']);
    await open(page, `${folder}/one.ipynb`);
    const editor = await open(page, `${folder}/two.ipynb`);
    await expect(editor.tabs).toHaveCount(2);
    expect(await seriousViolations(page)).toEqual([]);
    await editor.tab('one.ipynb').click();
    await expect(page).toHaveURL(url(`${folder}/one.ipynb`));
    await expect(editor.title).toHaveText('one.ipynb');
    await editor.tab('one.ipynb').press('ArrowRight'); // the keyboard goes from tab to tab too
    await expect(page).toHaveURL(url(`${folder}/two.ipynb`));
    await expect(editor.tab('two.ipynb')).toBeFocused();

    // A reload keeps the strip (events), and opening a third adds it at the end.
    await open(page, `${folder}/three.ipynb`);
    await page.reload();
    await expect(editor.tabs).toHaveText(['one.ipynb', 'two.ipynb', 'three.ipynb']);

    // Closing another tab just closes it; closing the shown one goes to its neighbour.
    await editor.closeTab('one.ipynb');
    await expect(editor.tabs).toHaveText(['two.ipynb', 'three.ipynb']);
    await expect(page).toHaveURL(url(`${folder}/three.ipynb`));
    await editor.closeTab('three.ipynb');
    await expect(page).toHaveURL(url(`${folder}/two.ipynb`));
    await expect(editor.title).toHaveText('two.ipynb');
    await expect(editor.tabs).toHaveText(['two.ipynb']);

    await editor.closeTab('two.ipynb');
    await expect(editor.toast('You cannot close the last tab.')).toBeVisible();
    await expect(editor.tabs).toHaveText(['two.ipynb']);
  });

  test('new tab makes an untitled notebook in the folder (code mode only); the report view hides sources', async ({ page }) => {
    const folder = await notebooks(page, 'newtab', ['base.ipynb']);
    const editor = await open(page, `${folder}/base.ipynb`);
    await editor.newTab();
    await expect(page).toHaveURL(url(`${folder}/Untitled-2.ipynb`));
    await expect(editor.title).toHaveText('Untitled-2.ipynb');
    await expect(editor.tabs).toHaveText(['base.ipynb', 'Untitled-2.ipynb']);
    await expect(editor.cell(0)).toContainText('print("Hello, world!")');

    await editor.setView('Report');
    await expect(page.locator('.nb-scroller')).toHaveAttribute('data-view', 'report');
    await expect(editor.cell(0).locator('.nb-source-box')).toBeHidden();
    await editor.newTab();
    await expect(editor.toast('New tab creation is only available in code mode.')).toBeVisible();
    await expect(editor.tabs).toHaveCount(2);
    // Not editable: a double-click opens no editor.
    await editor.cell(0).dblclick();
    await expect(editor.cell(0).locator('.cm-editor')).toHaveCount(0);
    await page.keyboard.press('b'); // command mode's "insert below" edits: not in the report view
    await page.waitForTimeout(500);
    await expect(editor.cells).toHaveCount(1);

    await editor.setView('Code');
    await expect(editor.cell(0).locator('.nb-source-box')).toBeVisible();
    const workspace = new WorkspacePage(page);
    await workspace.goto(folder);
    await expect(workspace.row('Untitled-2.ipynb')).toBeVisible();
  });

  test('rename by double-click: the toast, the route and the workspace follow; empty or unchanged is ignored', async ({ page }) => {
    const folder = await notebooks(page, 'rename', ['draft.ipynb', 'other.ipynb']);
    await open(page, `${folder}/other.ipynb`);
    const editor = await open(page, `${folder}/draft.ipynb`);

    await editor.renameTab('draft.ipynb', '');
    await expect(editor.tabs).toHaveText(['other.ipynb', 'draft.ipynb']);
    await editor.renameTab('draft.ipynb', 'draft.ipynb');
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);

    await editor.renameTab('draft.ipynb', 'final');
    await expect(editor.toast('Tab renamed to "final.ipynb"')).toBeVisible();
    await expect(page).toHaveURL(url(`${folder}/final.ipynb`));
    await expect(editor.title).toHaveText('final.ipynb');
    await expect(editor.tabs).toHaveText(['other.ipynb', 'final.ipynb']);

    await editor.renameTab('final.ipynb', 'other');
    await expect(editor.toast('Failed to rename tab')).toBeVisible();

    const workspace = new WorkspacePage(page);
    await workspace.goto(folder);
    await expect(workspace.row('final.ipynb')).toBeVisible();
    await expect(workspace.row('draft.ipynb')).toBeHidden();
  });

  test('the Ctrl+K palette lists the notebook’s commands and runs "Insert cell below" and "Run cell"', async ({ page }) => {
    test.setTimeout(180_000); // the first Pyodide kernel starts cold
    const folder = await notebooks(page, 'palette', ['cmd.ipynb']);
    const editor = await open(page, `${folder}/cmd.ipynb`);
    await expect(editor.cells).toHaveCount(1);
    await page.keyboard.press('ControlOrMeta+K');
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('group', { name: 'Notebook' }).getByRole('option', { name: /^Restart and run all/ })).toBeVisible();
    await expect(dialog.getByRole('option', { name: /^Run cell\s*Ctrl\+Enter/ })).toBeVisible();
    await page.keyboard.press('Escape');

    await editor.cell(0).click();
    await editor.palette('Insert cell below');
    await expect(editor.cells).toHaveCount(2);
    await editor.cell(0).click();
    await editor.palette('Run cell');
    await expect(editor.outputs(0)).toContainText('Hello, world!', { timeout: 150_000 });
  });
});

test.describe('Two browser tabs on one notebook', () => {
  test.beforeEach(async ({ loginPage }) => {
    await loginPage.goto();
    await loginPage.signInAsRole('editor');
  });

  test('typing, outputs and running state show in both; typing in one cell in both at once keeps both sides, other cells keep theirs', async ({ page, context }) => {
    test.setTimeout(240_000);
    const folder = await notebooks(page, 'twotabs', ['shared.ipynb']);
    const a = await open(page, `${folder}/shared.ipynb`);
    await a.typeInto(0, 'x = 1');
    await page.keyboard.press('Escape');
    await a.palette('Insert cell below');
    await expect(a.cells).toHaveCount(2);
    const b = await open(await context.newPage(), `${folder}/shared.ipynb`);

    // Typed in A, shown in B (its editor takes text from outside too).
    await a.typeInto(1, 'print("from A")');
    await expect(b.cell(1)).toContainText('print("from A")');
    await expect(b.tab('shared.ipynb').getByTestId('tab-dirty')).toBeVisible(); // not saved yet: the dot in both
    await expect(a.tab('shared.ipynb').getByTestId('tab-dirty')).toBeVisible();
    await b.cell(1).locator('.nb-source-box').click();
    await a.typeInto(1, 'print("again A")');
    await expect(b.cell(1).locator('.cm-editor')).toContainText('print("again A")');

    // Run in A: running state and output in B.
    await a.typeInto(0, 'import time; [print(i) or time.sleep(1) for i in range(3)]');
    await page.keyboard.press('Control+Enter');
    await expect(b.cell(0)).toHaveAttribute('data-run-state', /queued|running/, { timeout: 150_000 });
    await expect(b.cell(0).getByLabel('Execution count')).toHaveText('[*]');
    await expect(b.tab('shared.ipynb').getByTestId('tab-running')).toHaveText('1 running');
    await expect(b.cell(0)).toHaveAttribute('data-run-state', 'succeeded', { timeout: 60_000 });
    await expect(b.outputs(0)).toContainText('2');
    await expect(b.tab('shared.ipynb').getByTestId('tab-running')).toBeHidden();

    // Both type into cell 1 at once, A at its start and B at its end (issue 35 item 2): both typings
    // stay, in both pages and after a reload, and neither page throws.
    const errors: Error[] = [];
    page.on('pageerror', (error) => errors.push(error));
    b.page.on('pageerror', (error) => errors.push(error));
    await a.typeInto(1, 'print(1)');
    await expect(b.cell(1)).toContainText('print(1)');
    const shown = async (editor: NotebookEditor) => (await editor.cell(1).locator('.nb-source-box').innerText()).replace(/\s+/g, ' ').trim();
    for (const round of [1, 2, 3, 4]) {
      await Promise.all([a.typeAt(1, 'start', `a${round} = 0; `), b.typeAt(1, 'end', ` # b${round}`)]);
      await expect(async () => {
        const [inA, inB] = [await shown(a), await shown(b)];
        expect(inA).toMatch(new RegExp(`^a${round} = 0; .*print\\(1\\).* # b${round}$`));
        expect(inB).toBe(inA);
      }).toPass({ timeout: 10_000 });
    }
    const merged = await shown(a);
    for (const round of [1, 2, 3, 4]) {
      expect(merged).toContain(`a${round} = 0; `);
      expect(merged).toContain(` # b${round}`);
    }
    await page.waitForTimeout(1_000); // nothing later changes it
    expect([await shown(a), await shown(b)]).toEqual([merged, merged]);
    await expect(a.cell(0)).toContainText('time.sleep(1)');
    await expect(b.cell(0)).toContainText('time.sleep(1)');
    await b.page.reload();
    await expect(b.cell(1)).toContainText(merged);
    expect(errors).toEqual([]);
  });
});
