import type { Page } from '@playwright/test';
import { ADMIN_PASSWORD } from '../../tests/support/consoleServer';

/** Signs in as admin through the login form, as a user would. */
export async function signInAsAdmin(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/auth/login`);
  await page.getByPlaceholder('Enter your username').fill('admin');
  await page.getByPlaceholder('Enter your password').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('button', { name: 'Account menu' }).waitFor({ timeout: 30_000 });
}

async function controlledWithin(page: Page, timeoutMs: number): Promise<boolean> {
  return page.evaluate(async (ms) => {
    if (!('serviceWorker' in navigator)) return false;
    if (navigator.serviceWorker.controller) return true;
    return new Promise<boolean>((done) => {
      setTimeout(() => done(navigator.serviceWorker.controller !== null), ms);
      navigator.serviceWorker.addEventListener('controllerchange', () => done(true), { once: true });
    });
  }, timeoutMs);
}

/**
 * Resolves once a service worker controls the page; rejects after `timeoutMs` (no worker built?).
 * If the first install did not take control, the next navigation does — as it would for a user.
 */
export async function waitForController(page: Page, timeoutMs: number): Promise<void> {
  if (await controlledWithin(page, timeoutMs / 2)) return;
  await page.reload();
  if (!(await controlledWithin(page, timeoutMs / 2))) {
    throw new Error(`no service worker controls ${page.url()} after ${timeoutMs} ms (is dist/sw.js built and registered?)`);
  }
}
