import type { Page } from '@playwright/test';
import { seriousViolations } from './axe';
import { expect, test, waitForServiceWorker } from './offlineFixtures';
import { NotebookEditor } from './pages/NotebookEditor';
import type { WorkspacePage } from './pages/WorkspacePage';

// Each test has a server of its own (offlineFixtures): the offline one stops and restarts it.

interface NotebookJson {
  cells: { id: string; cell_type: string; metadata: object; source: string | string[]; outputs?: unknown[]; execution_count?: number | null }[];
}

/** The notebook as the server stores it now, and its version. */
async function serverFile(page: Page, path: string): Promise<{ notebook: NotebookJson; version: string }> {
  const res = await page.request.get(`/api/notebook/get-file-local?path=${encodeURIComponent(path)}`);
  expect(res.ok(), await res.text()).toBe(true);
  const body = (await res.json()) as { content: string; file: { version: string } };
  return { notebook: JSON.parse(body.content) as NotebookJson, version: body.file.version };
}

/** Each cell's text in the server's file. */
async function serverSources(page: Page, path: string): Promise<string[]> {
  const { notebook } = await serverFile(page, path);
  return notebook.cells.map((cell) => (Array.isArray(cell.source) ? cell.source.join('') : cell.source));
}

/** Another device saves the file (POST /files with If-Match of the version it read), as the console itself would. */
async function saveElsewhere(page: Page, path: string, change: (notebook: NotebookJson) => void) {
  const { notebook, version } = await serverFile(page, path);
  change(notebook);
  const res = await page.request.post('/api/notebook/files', {
    headers: { 'If-Match': version, 'Idempotency-Key': `other-device-${Date.now()}` },
    data: { path, content: JSON.stringify(notebook, null, 1) },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

/** A new notebook (one cell printing "Hello, world!"), on the server, opened in the editor. */
async function newNotebook(workspace: WorkspacePage, name: string): Promise<{ path: string; editor: NotebookEditor }> {
  const folder = await workspace.freshFolder('save');
  await workspace.newNotebook(name);
  await expect.poll(() => workspace.queuedSaves(), { timeout: 20_000 }).toBe(0);
  const editor = new NotebookEditor(workspace.page);
  const path = `${folder}/${name}`;
  await editor.open(path);
  await expect(editor.docState).toHaveText('Saved');
  return { path, editor };
}

test.describe('Saving notebooks', () => {
  test.beforeEach(async ({ loginPage }) => {
    await loginPage.goto();
    await loginPage.signInAsRole('editor');
  });

  test('Ctrl+S saves: the toast, the badge, and the text after a reload', async ({ page, workspace }) => {
    const { path, editor } = await newNotebook(workspace, 'keys.ipynb');
    await editor.typeInto(0, 'print("saved by keys")');
    await editor.save();
    await expect(editor.toast('File saved successfully')).toBeVisible();
    await expect(editor.docState).toHaveText('Saved');
    expect(await serverSources(page, path)).toEqual(['print("saved by keys")']);
    await page.reload();
    await expect(editor.cell(0)).toContainText('print("saved by keys")');
  });

  test('autosave: edits reach the server a few seconds after typing stops, without Ctrl+S or a toast', async ({ page, context, workspace }) => {
    const { path, editor } = await newNotebook(workspace, 'auto.ipynb');
    await editor.typeInto(0, 'print("autosaved")');
    await expect(editor.docState).toHaveText('Unsaved changes');
    await expect.poll(() => serverSources(page, path), { timeout: 20_000 }).toEqual(['print("autosaved")']);
    await expect(editor.docState).toHaveText('Saved');
    await expect(editor.toast('File saved successfully')).toHaveCount(0);

    const other = new NotebookEditor(await context.newPage());
    await other.open(path);
    await expect(other.cell(0)).toContainText('print("autosaved")');
  });

  test.describe('a save refused because the file changed on the server', () => {
    /** Opened here, changed elsewhere (its first cell, and a cell added), then edited and saved here: the dialog opens. */
    async function conflicted(page: Page, workspace: WorkspacePage, name: string) {
      const opened = await newNotebook(workspace, name);
      const { notebook } = await serverFile(page, opened.path);
      const firstId = notebook.cells[0].id;
      await saveElsewhere(page, opened.path, (nb) => {
        nb.cells[0].source = 'print("theirs")';
        nb.cells.push({ id: 'their-cell', cell_type: 'markdown', metadata: {}, source: '# Added elsewhere' });
      });
      await opened.editor.typeInto(0, 'print("mine")');
      await opened.editor.save();
      const { editor } = opened;
      await expect(editor.conflictDialog).toBeVisible();
      await expect(editor.toast('Error saving file')).toBeVisible();
      return { ...opened, firstId };
    }

    test('the dialog shows the differences cell by cell; decide later keeps it refused; keep mine overwrites', async ({ page, workspace }) => {
      const { path, editor } = await conflicted(page, workspace, 'keep.ipynb');
      const dialog = editor.conflictDialog;
      await expect(dialog).toHaveAttribute('aria-modal', 'true');
      await expect(dialog.getByRole('heading', { name: 'keep.ipynb changed on the server' })).toBeVisible();
      const changed = editor.conflictEntry('Changed');
      await expect(changed).toContainText('text');
      await expect(changed.locator('.conflict-line.mine')).toHaveText(/yours\s*print\("mine"\)/);
      await expect(changed.locator('.conflict-line.theirs')).toHaveText(/server\s*print\("theirs"\)/);
      await expect(editor.conflictEntry('Only on the server')).toContainText('# Added elsewhere');
      expect(await seriousViolations(page)).toEqual([]);
      // Focus starts on the safe choice and stays in the dialog.
      await expect(dialog.getByRole('button', { name: 'Decide later' })).toBeFocused();
      for (let i = 0; i < 5; i++) await page.keyboard.press('Tab');
      expect(await dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);

      await editor.resolve('Decide later');
      await expect(dialog).toBeHidden();
      await expect(editor.docState).toHaveText('Not saved: changed on the server');
      // Autosave never overwrites meanwhile.
      await page.waitForTimeout(7_000);
      expect(await serverSources(page, path)).toEqual(['print("theirs")', '# Added elsewhere']);

      await page.getByRole('button', { name: 'Resolve…' }).click();
      await editor.resolve('Keep mine');
      await expect(dialog).toBeHidden();
      await expect(editor.toast('File saved successfully')).toBeVisible();
      await expect(editor.docState).toHaveText('Saved');
      expect(await serverSources(page, path)).toEqual(['print("mine")']);
    });

    test('take theirs: the server’s copy replaces mine in the editor, the server keeps it', async ({ page, workspace }) => {
      const { path, editor } = await conflicted(page, workspace, 'theirs.ipynb');
      await editor.resolve('Take theirs');
      await expect(editor.conflictDialog).toBeHidden();
      await expect(editor.cells).toHaveCount(2);
      await expect(editor.cell(0)).toContainText('print("theirs")');
      await expect(editor.docState).toHaveText('Saved');
      expect(await serverSources(page, path)).toEqual(['print("theirs")', '# Added elsewhere']);
    });

    test('save mine as a copy: the copy holds mine, the editor moves to it, the original stays theirs', async ({ page, workspace }) => {
      const { path, editor } = await conflicted(page, workspace, 'both.ipynb');
      await editor.resolve('Save mine as a copy');
      const copy = path.replace('both.ipynb', 'both (copy).ipynb');
      await expect(page).toHaveURL(`/admin/workspace/notebook/${copy.split('/').map(encodeURIComponent).join('/')}`);
      await expect(editor.title).toHaveText('both (copy).ipynb');
      await expect(editor.cell(0)).toContainText('print("mine")');
      await expect.poll(() => serverSources(page, copy), { timeout: 20_000 }).toEqual(['print("mine")']);
      expect(await serverSources(page, path)).toEqual(['print("theirs")', '# Added elsewhere']);
      await expect(editor.docState).toHaveText('Saved');
    });
  });

  test('offline: a cached notebook opens and edits with the server down; the save waits and lands when it is back', async ({ page, server, workspace }) => {
    await waitForServiceWorker(page);
    const { path, editor } = await newNotebook(workspace, 'away.ipynb');
    await server.stop();
    await page.reload();
    await expect(editor.cell(0)).toContainText('print("Hello, world!")');
    await editor.typeInto(0, 'print("written offline")');
    await editor.save();
    await expect(editor.toast('Saved on this device. It syncs when the server is back.')).toBeVisible();
    await expect(editor.docState).toHaveText('Waiting to sync');

    await server.resume();
    await expect.poll(() => serverSources(page, path), { timeout: 60_000 }).toEqual(['print("written offline")']);
    await expect(editor.docState).toHaveText('Saved', { timeout: 20_000 });
  });
});
