import { expect, test } from './fixtures';
import { MonacoEditor } from './pages/MonacoEditor';
import { SqlLabPage } from './pages/SqlLabPage';

test.describe('SQL editor', () => {
  test.beforeEach(async ({ loginPage }) => {
    await loginPage.goto('/auth/login?next=/admin/sql');
    await loginPage.signInAsRole('admin');
  });

  test('the placeholder shows only while the editor is empty, in every tab', async ({ page }) => {
    const sql = new SqlLabPage(page);
    const editor = new MonacoEditor(page);
    await sql.goto();
    // A new tab starts with "Select ...": text, so no placeholder over it.
    await expect.poll(() => sql.editorText()).toContain('Select ...');
    await expect(editor.placeholder).toBeHidden();
    await editor.clear();
    await expect(editor.placeholder).toBeVisible();
    await sql.setSql('SELECT 42 AS answer');
    await expect(editor.placeholder).toBeHidden();
    // Typed text reaches the tab after a pause; a reload then opens the tab with its text.
    await page.waitForTimeout(600);
    await page.reload();
    await sql.ready();
    await expect.poll(() => sql.editorText()).toContain('SELECT 42 AS answer');
    await expect(editor.placeholder).toBeHidden();

    await sql.newTab();
    await expect.poll(() => sql.editorText()).toContain('Select ...');
    await expect(editor.placeholder).toBeHidden();
    await editor.clear();
    await expect(editor.placeholder).toBeVisible();
    await sql.tabs.getByRole('tab').first().click();
    await expect.poll(() => sql.editorText()).toContain('SELECT 42 AS answer');
    await expect(editor.placeholder).toBeHidden();
    // An empty tab gets SQL Lab's default text when it comes back to the front.
    await sql.tabs.getByRole('tab').last().click();
    await expect.poll(() => sql.editorText()).toContain('SELECT * from DEFAULT;');
    await expect(editor.placeholder).toBeHidden();
  });

  test('the right-click menu has a background and is not cut off at the editor edge', async ({ page }) => {
    const sql = new SqlLabPage(page);
    const editor = new MonacoEditor(page);
    await sql.goto();
    await sql.setSql('SELECT 1 AS one');
    // Near the editor's bottom edge: the menu must reach out over the toolbar below, fully shown.
    const frame = await editor.frame.boundingBox();
    if (!frame) throw new Error('The editor frame has no box');
    await editor.frame.click({ button: 'right', position: { x: frame.width / 2, y: frame.height - 20 } });
    await expect(editor.contextMenu).toBeVisible();
    expect(await editor.contextMenuBackground()).not.toBeNull();
    const menu = await editor.contextMenu.boundingBox();
    expect(menu && menu.y + menu.height).toBeGreaterThan(frame.y + frame.height);
    // Each item is what a click there reaches (trial: the hit-target check without the click).
    for (const item of await editor.contextMenu.getByRole('menuitem').all()) await item.click({ trial: true, timeout: 2000 });
    await page.keyboard.press('Escape');
    await expect(editor.contextMenu).toBeHidden();
  });

  test('completion offers tables of schemas never opened, their columns, schemas and catalogs, while typing and on Ctrl+Space', async ({ page }) => {
    const sql = new SqlLabPage(page);
    const editor = new MonacoEditor(page);
    await sql.goto();
    // The tab is on the database's default schema: nothing of `gaming` was opened or cached.
    await editor.clear();
    await editor.typeAtEnd('SELECT * FROM bet_rep');
    await expect(editor.suggestion('bet_report')).toBeVisible();
    await page.keyboard.press('Enter');
    // A table of another schema than the tab's is inserted with its schema.
    await expect.poll(() => sql.editorText()).toBe('SELECT * FROM gaming.bet_report');

    // A column of that table, never opened either: Ctrl+Space waits for the server's answer.
    await editor.typeAtEnd(' WHERE usern');
    await page.keyboard.press('Escape');
    await expect(editor.suggestWidget).toBeHidden();
    await page.keyboard.press('Control+Space');
    await expect(editor.suggestion('username')).toBeVisible();
    await page.keyboard.press('Escape');

    await editor.clear();
    await editor.typeAtEnd('SELECT * FROM gam');
    await expect(editor.suggestion('gaming')).toBeVisible();
    await page.keyboard.press('Escape');
    await editor.typeAtEnd('ing.');
    await page.keyboard.press('Control+Space');
    await expect(editor.suggestion('members')).toBeVisible();
    await page.keyboard.press('Escape');

    await editor.clear();
    await editor.typeAtEnd('SELECT * FROM lake');
    await expect(editor.suggestion('lakehouse')).toBeVisible();
  });
});
