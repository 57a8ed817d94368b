import { test as base } from '@playwright/test';
import { startSupersetBehindConsole, whyNoSuperset, type SupersetBehindConsole } from '../support/supersetUpstream';
import { CatalogPage } from './pages/CatalogPage';
import { LoginPage } from './pages/LoginPage';
import { QueriesPage } from './pages/QueriesPage';
import { SqlLabPage } from './pages/SqlLabPage';

/** Why the specs on a real Superset are skipped here, or null (said once per spec file by `skipWithoutSuperset`). */
export const whySupersetMissing = await whyNoSuperset();

/**
 * The SQL specs' fixtures in front of a real Apache Superset 6.1 (npm run upstreams): one console
 * per worker behind a relay to it, and the same page objects as the embedded default's specs.
 */
export const test = base.extend<{ loginPage: LoginPage; sql: SqlLabPage; queries: QueriesPage; catalog: CatalogPage }, { upstream: SupersetBehindConsole }>({
  upstream: [
    async ({}, use) => {
      const upstream = await startSupersetBehindConsole();
      await use(upstream);
      await upstream.dispose();
    },
    { scope: 'worker', timeout: 8 * 60_000 },
  ],
  baseURL: async ({ upstream }, use) => use(upstream.server.url),
  loginPage: async ({ page }, use) => use(new LoginPage(page)),
  sql: async ({ page }, use) => use(new SqlLabPage(page)),
  queries: async ({ page }, use) => use(new QueriesPage(page)),
  catalog: async ({ page }, use) => use(new CatalogPage(page)),
});

/** Skips the spec file, with one line saying why, where no Superset can be had. */
export function skipWithoutSuperset(what: string): void {
  if (whySupersetMissing) console.warn(`${what} skipped: ${whySupersetMissing}.`);
  test.skip(whySupersetMissing !== null, whySupersetMissing ?? '');
}
