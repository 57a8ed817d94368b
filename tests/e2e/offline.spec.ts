import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { appliedWrites, expect, test, waitForServiceWorker } from './offlineFixtures';
import { WorkspacePage } from './pages/WorkspacePage';

test.describe('offline-first core', () => {
  test.beforeEach(async ({ page, loginPage, workspace }) => {
    await loginPage.goto();
    await loginPage.signInAsRole('admin');
    await workspace.goto();
    await waitForServiceWorker(page);
  });

  test('after one visit the console opens with the server stopped', async ({ page, server, workspace }) => {
    await workspace.newFolder('before-outage');
    await server.stop();
    await page.reload();
    await expect(page.locator('.page-header h1')).toHaveText('Workspace');
    await expect(workspace.row('before-outage')).toBeVisible();
    await expect(page.getByText('Session not verified')).toBeVisible();
    // The browser is online; the sync worker's listing found no server: the header says so, with no save waiting.
    await expect(workspace.syncBadge).toContainText('Server unreachable', { timeout: 15_000 });
    await page.goto('/admin/catalog');
    await expect(page.locator('.page-header h1')).toHaveText('Catalog');
  });

  test('20 saves across two tabs while the server is down are applied in order, exactly once', async ({ page, context, server, workspace }) => {
    test.setTimeout(120_000); // each new notebook opens in the editor and comes back to the listing
    const other = new WorkspacePage(await context.newPage());
    await other.goto();
    await server.stop();
    // Tab 1 creates, tab 2 renames what tab 1 created offline: order and exactly-once both matter.
    await workspace.newFolder('offline');                       // 1
    await workspace.newNotebook('a.ipynb');                     // 2
    await workspace.newNotebook('b.ipynb');                     // 3
    await other.rename('a.ipynb', 'a2.ipynb');                  // 4
    await other.newNotebook('c.ipynb');                         // 5
    await workspace.rename('b.ipynb', 'b2.ipynb');              // 6
    await other.rename('a2.ipynb', 'a3.ipynb');                 // 7
    await workspace.remove('c.ipynb');                          // 8
    await other.newFolder('drafts');                            // 9
    await workspace.openFolder('offline');
    await workspace.newNotebook('in-folder.ipynb');             // 10
    await workspace.rename('in-folder.ipynb', 'moved.ipynb');   // 11
    await workspace.newNotebook('d.ipynb');                     // 12
    await other.openFolder('offline');
    await other.rename('d.ipynb', 'd2.ipynb');                  // 13
    await other.remove('moved.ipynb');                          // 14
    await other.newNotebook('e.ipynb');                         // 15
    await workspace.rename('e.ipynb', 'e2.ipynb');              // 16
    await workspace.goto();
    await workspace.rename('drafts', 'drafts2');                // 17
    await workspace.newNotebook('f.ipynb');                     // 18
    await other.goto();
    await other.rename('f.ipynb', 'f2.ipynb');                  // 19
    await other.remove('b2.ipynb');                             // 20
    await expect.poll(() => workspace.queuedSaves()).toBe(20);
    await other.page.close();

    await server.resume();
    await expect.poll(async () => (await appliedWrites(page)).length, { timeout: 60_000 }).toBe(20);
    await expect.poll(() => workspace.queuedSaves(), { timeout: 15_000 }).toBe(0);

    const writes = await appliedWrites(page);
    expect(writes.map((w) => `${w.route.replace("/api/notebook", "")} ${w.path}`)).toEqual([
      '/folders offline', '/files a.ipynb', '/files b.ipynb', '/rename a2.ipynb', '/files c.ipynb',
      '/rename b2.ipynb', '/rename a3.ipynb', '/delete c.ipynb', '/folders drafts', '/files offline/in-folder.ipynb',
      '/rename offline/moved.ipynb', '/files offline/d.ipynb', '/rename offline/d2.ipynb', '/delete offline/moved.ipynb',
      '/files offline/e.ipynb', '/rename offline/e2.ipynb', '/rename drafts2', '/files f.ipynb', '/rename f2.ipynb', '/delete b2.ipynb',
    ]);
    expect(new Set(writes.map((w) => w.key)).size).toBe(20);

    const root = join(server.dataDir, 'workspace');
    for (const live of ['offline', 'a3.ipynb', 'drafts2', 'f2.ipynb', 'offline/d2.ipynb', 'offline/e2.ipynb']) {
      expect(existsSync(join(root, live)), live).toBe(true);
    }
    for (const gone of ['a.ipynb', 'a2.ipynb', 'b.ipynb', 'b2.ipynb', 'c.ipynb', 'drafts', 'f.ipynb', 'offline/moved.ipynb', 'offline/in-folder.ipynb']) {
      expect(existsSync(join(root, gone)), gone).toBe(false);
    }
    await expect(workspace.row('a3.ipynb')).toBeVisible();
    await expect(workspace.syncBadge).toHaveAttribute('data-failed', '0');
  });

  test('a replayed save that conflicts is shown and can be resolved without losing anything', async ({ page, server, workspace }) => {
    await workspace.newNotebook('report.ipynb');
    await expect(workspace.row('report.ipynb').getByText('Waiting to sync')).toBeHidden();
    await page.getByRole('button', { name: 'Refresh' }).click();
    await server.stop();
    await workspace.rename('report.ipynb', 'final.ipynb');
    await expect.poll(() => workspace.queuedSaves()).toBe(1);
    // Meanwhile someone changes the file on the server.
    const file = join(server.dataDir, 'workspace', 'report.ipynb');
    const changed = JSON.stringify({ cells: [], metadata: { edited: 'elsewhere' }, nbformat: 4, nbformat_minor: 5 });
    await writeFile(file, changed);
    await server.resume();

    await expect(workspace.syncBadge).toHaveAttribute('data-failed', '1', { timeout: 60_000 });
    await workspace.syncBadge.click();
    const failed = page.getByRole('dialog', { name: 'Sync' }).getByRole('listitem', { name: /Rename report.ipynb/ });
    await expect(failed).toContainText('409');
    await expect(workspace.row('final.ipynb').getByText(/Not saved/)).toBeVisible();
    await failed.getByRole('button', { name: 'Overwrite' }).click();
    await expect(workspace.syncBadge).toHaveAttribute('data-failed', '0', { timeout: 30_000 });
    const renamed = join(server.dataDir, 'workspace', 'final.ipynb');
    await expect.poll(() => existsSync(renamed)).toBe(true);
    // The other person's edit is still there: nothing was lost.
    expect(JSON.parse(await readFile(renamed, 'utf8'))).toMatchObject({ metadata: { edited: 'elsewhere' } });
  });

  test('a change in one tab shows in the other within a second', async ({ context, workspace }) => {
    const other = new WorkspacePage(await context.newPage());
    await other.goto();
    await workspace.newFolder('shared-now');
    await expect(other.row('shared-now')).toBeVisible({ timeout: 1000 });
    await other.rename('shared-now', 'renamed-there');
    await expect(workspace.row('renamed-there')).toBeVisible({ timeout: 1000 });
  });

  test('the manifest and service worker make the console installable', async ({ page, playwright, server }, testInfo) => {
    const manifest = await (await page.request.get('/manifest.webmanifest')).json();
    expect(manifest).toMatchObject({ display: 'standalone', start_url: '/admin' });
    expect(manifest.icons.map((i: { sizes: string }) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    // Chromium reports "in-incognito" for every throwaway context: ask a real (persistent) profile.
    const profile = await playwright.chromium.launchPersistentContext(testInfo.outputPath('profile'), {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--disable-gpu', '--no-first-run', '--disable-background-networking'],
    });
    try {
      const installed = profile.pages()[0] ?? (await profile.newPage());
      await installed.goto(`${server.url}/auth/login`);
      await waitForServiceWorker(installed);
      const cdp = await profile.newCDPSession(installed);
      await expect
        .poll(async () => ((await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: unknown[] }).installabilityErrors)
        .toEqual([]);
    } finally {
      await profile.close();
    }
  });
});
