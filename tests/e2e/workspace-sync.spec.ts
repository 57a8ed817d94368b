import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { unzipSync } from 'fflate';
import { appliedWrites, expect, test, waitForServiceWorker } from './offlineFixtures';
import { NotebookView } from './pages/NotebookView';
import { WorkspacePage } from './pages/WorkspacePage';

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'notebooks');

test.describe('Workspace across tabs, outages and round trips', () => {
  test.beforeEach(async ({ page, loginPage, workspace }) => {
    await loginPage.goto();
    await loginPage.signInAsRole('admin');
    await workspace.goto();
    await waitForServiceWorker(page);
  });

  test('a move made while the server is down shows at once in both tabs and is applied when it is back', async ({ page, context, server, workspace }) => {
    await workspace.newFolder('dest');
    await workspace.newNotebook('travel.ipynb');
    await expect.poll(() => workspace.queuedSaves(), { timeout: 20_000 }).toBe(0);
    const other = new WorkspacePage(await context.newPage());
    await other.goto('dest');

    await server.stop();
    await workspace.moveTo('travel.ipynb', 'dest');
    await expect(workspace.row('travel.ipynb')).toBeHidden();
    await expect(other.row('travel.ipynb')).toBeVisible();
    await expect(other.row('travel.ipynb')).toContainText('Waiting to sync');
    await expect.poll(() => workspace.queuedSaves()).toBe(1);

    await server.resume();
    await expect.poll(() => workspace.queuedSaves(), { timeout: 60_000 }).toBe(0);
    const moves = (await appliedWrites(page)).filter((write) => write.route === '/api/notebook/rename');
    expect(moves.map((write) => write.path)).toEqual(['dest/travel.ipynb']);
    await readFile(path.join(server.dataDir, 'workspace', 'dest', 'travel.ipynb'), 'utf8');
    await expect(other.row('travel.ipynb')).not.toContainText('Waiting to sync');
  });

  test('a second tab sees each change: star, move, delete, restore, delete permanently', async ({ context, workspace }) => {
    await workspace.newFolder('box');
    await workspace.newNotebook('shared.ipynb');
    const other = new WorkspacePage(await context.newPage());
    await other.goto();
    await expect(other.row('shared.ipynb')).toBeVisible();

    await workspace.starButton('shared.ipynb').click();
    await expect(other.starButton('shared.ipynb')).toHaveAttribute('aria-pressed', 'true');

    await workspace.moveTo('shared.ipynb', 'box');
    await expect(other.row('shared.ipynb')).toBeHidden();
    await other.openFolder('box');
    await expect(other.row('shared.ipynb')).toBeVisible();

    await workspace.openFolder('box');
    await workspace.remove('shared.ipynb');
    await expect(other.row('shared.ipynb')).toBeHidden();
    await other.showView('Trash');
    await expect(other.row('shared.ipynb')).toBeVisible();

    await workspace.showView('Trash');
    await workspace.row('shared.ipynb').getByRole('button', { name: 'Restore shared.ipynb' }).click();
    await expect(other.row('shared.ipynb')).toBeHidden();
    await other.showView('All files');
    await expect(other.row('shared.ipynb')).toBeVisible();

    await workspace.showView('All files');
    await workspace.remove('shared.ipynb');
    await workspace.showView('Trash');
    await workspace.row('shared.ipynb').getByRole('button', { name: 'Delete permanently shared.ipynb' }).click();
    await workspace.page.getByRole('alertdialog').getByRole('button', { name: 'Delete permanently' }).click();
    await other.showView('Trash');
    await expect(other.row('shared.ipynb')).toBeHidden();
  });

  test('a folder exported as a zip imports again byte for byte', async ({ page, server, workspace }) => {
    await workspace.newFolder('round');
    await workspace.openFolder('round');
    const names = ['analysis.ipynb', 'r-summary.ipynb'];
    await workspace.importFiles(names.map((name) => path.join(FIXTURES, name)));
    await expect(workspace.toast('2 notebooks imported successfully!')).toBeVisible();
    await expect.poll(() => workspace.queuedSaves(), { timeout: 20_000 }).toBe(0);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export round', exact: true }).click();
    const zipPath = await (await download).path();
    const entries = unzipSync(new Uint8Array(await readFile(zipPath)));
    expect(Object.keys(entries).sort()).toEqual(names);

    // Back in through the Import button, into another folder: the server stores the same bytes.
    const dir = await mkdtemp(path.join(tmpdir(), 'console-export-'));
    for (const name of names) await writeFile(path.join(dir, name), entries[name]);
    await workspace.goto();
    await workspace.newFolder('again');
    await workspace.openFolder('again');
    await workspace.importFiles(names.map((name) => path.join(dir, name)));
    await expect(workspace.toast('2 notebooks imported successfully!')).toBeVisible();
    await expect.poll(() => workspace.queuedSaves(), { timeout: 20_000 }).toBe(0);
    for (const name of names) {
      const original = await readFile(path.join(FIXTURES, name));
      expect(await readFile(path.join(server.dataDir, 'workspace', 'round', name))).toEqual(original);
      expect(await readFile(path.join(server.dataDir, 'workspace', 'again', name))).toEqual(original);
    }
  });

  test('a notebook read from the server once opens again with the server stopped', async ({ page, server, workspace }) => {
    // Copied into the workspace by hand: this browser's log never held it, only the server has it.
    await writeFile(path.join(server.dataDir, 'workspace', 'from-disk.ipynb'), await readFile(path.join(FIXTURES, 'analysis.ipynb')));
    await page.getByRole('button', { name: 'Refresh' }).click();
    await workspace.row('from-disk.ipynb').getByRole('link', { name: 'from-disk.ipynb' }).click();
    const view = new NotebookView(page);
    await expect(view.meta).toContainText('6 cells');

    await server.stop();
    await page.reload();
    await expect(view.title).toHaveText('from-disk.ipynb');
    await expect(view.meta).toContainText('6 cells');
    await expect(view.cell(0).getByRole('heading', { level: 1, name: 'Sales analysis' })).toBeVisible();
  });
});
