import { expect, test as base, type Page } from '@playwright/test';
import { ConsoleServer } from '../support/consoleServer';
import { LoginPage } from './pages/LoginPage';
import { WorkspacePage } from './pages/WorkspacePage';

/** Offline tests stop and restart the server, so each test gets a server of its own. */
export const test = base.extend<{ server: ConsoleServer; loginPage: LoginPage; workspace: WorkspacePage }>({
  server: async ({}, use) => {
    const server = await ConsoleServer.start();
    await use(server);
    await server.dispose();
  },
  baseURL: async ({ server }, use) => use(server.url),
  loginPage: async ({ page }, use) => use(new LoginPage(page)),
  workspace: async ({ page }, use) => use(new WorkspacePage(page)),
});

/**
 * Waits until the service worker controls the page, so saves and navigations go through it. If the
 * first install did not take control (a precache fetch lost to load, say), the next navigation
 * does — as it would for a user.
 */
export async function waitForServiceWorker(page: Page) {
  const controlled = () => page.waitForFunction(() => !!navigator.serviceWorker.controller, undefined, { timeout: 20_000 });
  try {
    await controlled();
  } catch {
    await page.reload();
    await controlled();
  }
}

/** The server's log of applied writes, read with the page's session. */
export async function appliedWrites(page: Page): Promise<{ method: string; route: string; path: string; key: string | null }[]> {
  const res = await page.request.get('/api/notebook/audit?limit=1000');
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { items: { method: string; route: string; path: string; key: string | null }[] }).items;
}

export { expect };
