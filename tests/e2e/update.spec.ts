import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { test as base, expect } from '@playwright/test';
import { ConsoleServer } from '../support/consoleServer';
import { waitForServiceWorker } from './offlineFixtures';
import { LoginPage } from './pages/LoginPage';

/** A server on its own copy of the built client, so the test can "deploy" a new version. */
const test = base.extend<{ staticDir: string; server: ConsoleServer }>({
  staticDir: async ({}, use) => {
    const dir = await mkdtemp(join(tmpdir(), 'console-dist-'));
    await cp(resolve(import.meta.dirname, '../../dist'), dir, { recursive: true });
    await use(dir);
    await rm(dir, { recursive: true, force: true });
  },
  server: async ({ staticDir }, use) => {
    const server = await ConsoleServer.start({ CONSOLE_STATIC_DIR: staticDir });
    await use(server);
    await server.dispose();
  },
  baseURL: async ({ server }, use) => use(server.url),
});

test('a newly deployed version offers "New version available — Reload" and reloads into it', async ({ page, staticDir }) => {
  const login = new LoginPage(page);
  await login.goto();
  await login.signInAsRole('admin');
  await waitForServiceWorker(page);

  // Deploy: a changed service worker script is a new version.
  const sw = join(staticDir, 'sw.js');
  await writeFile(sw, `${await readFile(sw, 'utf8')}\n// deployed again ${Date.now()}\n`);
  await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());

  const toast = page.getByText('New version available');
  await expect(toast).toBeVisible({ timeout: 30_000 });
  // Nothing switches under the user's feet: the new worker waits until asked.
  expect(await page.evaluate(async () => !!(await navigator.serviceWorker.getRegistration())?.waiting)).toBe(true);
  const reloaded = page.waitForEvent('load');
  await page.getByRole('button', { name: 'Reload' }).click();
  await reloaded;
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  // Reloaded under the new worker: none is left waiting.
  await expect
    .poll(() => page.evaluate(async () => !(await navigator.serviceWorker.getRegistration())?.waiting))
    .toBe(true);
});
