import { seriousViolations } from './axe';
import { expect, test } from './fixtures';
import { WorkspacePage } from './pages/WorkspacePage';

test.describe('Workspace views: favourites, trash, filters, moves', () => {
  test.beforeEach(async ({ loginPage }) => {
    await loginPage.goto();
    await loginPage.signInAsRole('editor');
  });

  test('a folder made in a long listing is brought into view', async ({ page }) => {
    const workspace = new WorkspacePage(page);
    const folder = await workspace.freshFolder('long');
    // More rows than the window holds (made through the API, as another device would).
    for (let i = 0; i < 40; i++) expect((await page.request.post('/api/notebook/folders', { data: { path: `${folder}/a-${String(i).padStart(2, '0')}` } })).ok()).toBe(true);
    await page.reload();
    await expect(workspace.row('a-00')).toBeVisible();
    await expect(workspace.row('a-39')).toHaveCount(0); // beyond the rows drawn
    await workspace.newFolder('zz-last');
    await expect(workspace.row('zz-last')).toBeInViewport();
  });

  test('a starred item is listed in Favourites with its folder, and leaves when unstarred', async ({ page }) => {
    const workspace = new WorkspacePage(page);
    const folder = await workspace.freshFolder('fav');
    await workspace.newNotebook('starred.ipynb');
    await workspace.newNotebook('plain.ipynb');
    await workspace.starButton('starred.ipynb').click();
    await expect(workspace.starButton('starred.ipynb')).toHaveAttribute('aria-pressed', 'true');

    await workspace.showView('Favourites');
    await expect(page).toHaveURL(/view=favourites/);
    await expect(workspace.row('starred.ipynb')).toContainText(`in ${folder}`);
    await expect(workspace.row('plain.ipynb')).toBeHidden();
    await page.reload();
    await expect(workspace.row('starred.ipynb')).toBeVisible();

    await workspace.starButton('starred.ipynb').click();
    await expect(workspace.row('starred.ipynb')).toBeHidden();
  });

  test('a deleted notebook waits in the Trash: restored, deleted again, then deleted permanently after a confirmation naming it', async ({ page }) => {
    const workspace = new WorkspacePage(page);
    const folder = await workspace.freshFolder('trash');
    const name = `gone-${Date.now().toString(36)}.ipynb`;
    await workspace.newNotebook(name);
    await workspace.remove(name);

    await workspace.showView('Trash');
    await expect(workspace.row(name)).toContainText(`in ${folder}`);
    expect(await seriousViolations(page)).toEqual([]);
    await workspace.row(name).getByRole('button', { name: `Restore ${name}` }).click();
    await expect(workspace.row(name)).toBeHidden();
    await workspace.showView('All files');
    await expect(workspace.row(name)).toBeVisible();

    await workspace.remove(name);
    await workspace.showView('Trash');
    await workspace.row(name).getByRole('button', { name: `Delete permanently ${name}` }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText(`Delete “${name}” permanently?`);
    await expect(confirm).toContainText('cannot be undone');
    await confirm.getByRole('button', { name: 'Delete permanently' }).click();
    await expect(workspace.row(name)).toBeHidden();
    await expect.poll(() => workspace.queuedSaves(), { timeout: 20_000 }).toBe(0);
    await page.reload();
    await expect(workspace.scopeNote).toContainText('in the trash');
    await expect(workspace.row(name)).toBeHidden();
  });

  test('the Trash: names stay readable with Details open, Deleted is when it was deleted, no Import or New folder', async ({ page }) => {
    const workspace = new WorkspacePage(page);
    await workspace.freshFolder('trash-view');
    const name = `deleted-later-${Date.now().toString(36)}.ipynb`;
    await workspace.newNotebook(name);
    const beforeDelete = Date.now();
    await workspace.remove(name);
    await workspace.showView('Trash');
    const row = workspace.row(name);
    await expect(row).toBeVisible();
    const shown = async () => Date.parse((await row.locator('.col-modified time').getAttribute('datetime')) ?? '');
    expect(await shown(), 'the Deleted column is the deletion time, not the last change').toBeGreaterThanOrEqual(beforeDelete);
    await expect.poll(() => workspace.queuedSaves(), { timeout: 20_000 }).toBe(0);
    await page.reload();
    expect(await shown(), 'the server’s deletion time').toBeGreaterThanOrEqual(beforeDelete);
    await expect(page.getByRole('button', { name: 'Import', exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'New folder', exact: true })).toHaveCount(0);

    await page.getByRole('button', { name: 'Details', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Details', exact: true })).toHaveAttribute('aria-pressed', 'true');
    const nameBox = await row.locator('td').nth(1).boundingBox();
    expect(nameBox!.width, 'the Name column with Details open').toBeGreaterThanOrEqual(160);
    await expect(row.getByRole('button', { name: `Restore ${name}` })).toBeInViewport();
    await expect(row.getByRole('button', { name: `Delete permanently ${name}` })).toBeInViewport();
  });

  test('filters live in the URL: they survive a reload and search the whole workspace, each hit with its folder', async ({ page }) => {
    const workspace = new WorkspacePage(page);
    const folder = await workspace.freshFolder('filters');
    await workspace.newFolder('deep');
    await workspace.openFolder('deep');
    const needle = `needle${Date.now().toString(36)}`;
    await workspace.newNotebook(`${needle}.ipynb`);
    await workspace.newFolder(`${needle}-dir`);
    await workspace.goto();

    await page.getByRole('searchbox').fill(needle.toUpperCase());
    await page.getByLabel('Type', { exact: true }).selectOption('notebook');
    await expect(page).toHaveURL(new RegExp(`q=${needle.toUpperCase()}.*type=notebook|type=notebook.*q=${needle.toUpperCase()}`));
    await expect(workspace.row(`${needle}.ipynb`)).toContainText(`in ${folder}/deep`);
    await expect(workspace.row(`${needle}-dir`)).toBeHidden();
    await expect(workspace.scopeNote).toContainText('1 item found in the whole workspace');

    await page.reload();
    await expect(page.getByRole('searchbox')).toHaveValue(needle.toUpperCase());
    await expect(page.getByLabel('Type', { exact: true })).toHaveValue('notebook');
    await expect(workspace.row(`${needle}.ipynb`)).toBeVisible();
    await expect(workspace.row(`${needle}-dir`)).toBeHidden();

    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(workspace.scopeNote).toContainText('in this folder');
  });

  test('rows move by drag and drop onto a folder row and onto a crumb of the path bar', async ({ page }) => {
    const workspace = new WorkspacePage(page);
    const folder = await workspace.freshFolder('drag');
    await workspace.newFolder('target');
    await workspace.newNotebook('moving.ipynb');
    // The list works from the keyboard: arrows move between rows, Enter opens.
    await workspace.row('moving.ipynb').click({ position: { x: 400, y: 10 } });
    await page.keyboard.press('ArrowUp');
    await expect(workspace.row('target')).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(workspace.row('moving.ipynb')).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    await expect(workspace.crumb('target')).toHaveAttribute('aria-current', 'page');
    await workspace.crumb(folder).click();

    await workspace.drag('moving.ipynb', workspace.row('target'));
    await expect(workspace.row('moving.ipynb')).toBeHidden();
    await workspace.openFolder('target');
    await expect(workspace.row('moving.ipynb')).toBeVisible();

    await workspace.drag('moving.ipynb', workspace.crumb(folder));
    await expect(workspace.row('moving.ipynb')).toBeHidden();
    await workspace.crumb(folder).click();
    await expect(workspace.row('moving.ipynb')).toBeVisible();
    await expect(workspace.row('target')).toBeVisible();
  });

  test('the selected rows move together when one of them is dragged', async ({ page }) => {
    const workspace = new WorkspacePage(page);
    await workspace.freshFolder('multi');
    await workspace.newFolder('box');
    await workspace.newNotebook('one.ipynb');
    await workspace.newNotebook('two.ipynb');
    await workspace.newNotebook('stays.ipynb');

    await workspace.row('one.ipynb').click({ position: { x: 400, y: 10 } });
    await workspace.row('two.ipynb').click({ position: { x: 400, y: 10 }, modifiers: ['ControlOrMeta'] });
    await expect(workspace.row('one.ipynb')).toHaveAttribute('aria-selected', 'true');
    await expect(workspace.row('two.ipynb')).toHaveAttribute('aria-selected', 'true');
    await workspace.drag('two.ipynb', workspace.row('box'));
    await expect(workspace.row('one.ipynb')).toBeHidden();
    await expect(workspace.row('two.ipynb')).toBeHidden();
    await expect(workspace.row('stays.ipynb')).toBeVisible();
    await workspace.openFolder('box');
    await expect(workspace.row('one.ipynb')).toBeVisible();
    await expect(workspace.row('two.ipynb')).toBeVisible();
  });

  test('Export: a folder downloads as a zip from its row menu and from the toolbar', async ({ page }) => {
    const workspace = new WorkspacePage(page);
    const folder = await workspace.freshFolder('export');
    await workspace.newFolder('inner');
    await workspace.newNotebook('kept.ipynb');
    await expect.poll(() => workspace.queuedSaves(), { timeout: 20_000 }).toBe(0);

    const fromRow = page.waitForEvent('download');
    await workspace.action('inner', 'Export');
    expect((await fromRow).suggestedFilename()).toBe('inner.zip');
    const fromToolbar = page.waitForEvent('download');
    await page.getByRole('button', { name: `Export ${folder}`, exact: true }).click();
    expect((await fromToolbar).suggestedFilename()).toBe(`${folder}.zip`);
  });

  test('Move to… picks the folder in a keyboard-usable tree', async ({ page }) => {
    const workspace = new WorkspacePage(page);
    const folder = await workspace.freshFolder('picker');
    await workspace.newFolder('a');
    await workspace.newFolder('b');
    await workspace.newNotebook('note.ipynb');

    await workspace.action('note.ipynb', 'Move to…');
    const dialog = page.getByRole('dialog', { name: 'Move note.ipynb to…' });
    const tree = dialog.getByRole('tree', { name: 'Folders' });
    // The picker opens on the folder the item is in; below it come its subfolders a and b.
    await expect(tree.getByRole('treeitem', { selected: true })).toHaveText(folder);
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(tree.getByRole('treeitem', { selected: true })).toHaveText('b');
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(workspace.row('note.ipynb')).toBeHidden();
    await workspace.openFolder('b');
    await expect(workspace.row('note.ipynb')).toBeVisible();
  });
});
