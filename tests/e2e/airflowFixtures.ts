import { test as base } from '@playwright/test';
import { startAirflowBehindConsole, whyNoAirflow, type AirflowBehindConsole } from '../support/airflowUpstream';
import { LoginPage } from './pages/LoginPage';
import { WorkflowsPage } from './pages/WorkflowsPage';

/** Why the specs on a real Airflow 3 are skipped here, or null (said once per spec file by `skipWithoutAirflow`). */
export const whyNoAirflow3 = await whyNoAirflow();

/**
 * The workflow specs' fixtures in front of a real Apache Airflow 3 (npm run upstreams): one console
 * per worker behind a relay to it, and the same page objects as the demo's specs.
 */
export const test = base.extend<{ loginPage: LoginPage; workflows: WorkflowsPage }, { upstream: AirflowBehindConsole }>({
  upstream: [
    async ({}, use) => {
      const upstream = await startAirflowBehindConsole();
      await use(upstream);
      await upstream.dispose();
    },
    { scope: 'worker', timeout: 8 * 60_000 },
  ],
  baseURL: async ({ upstream }, use) => use(upstream.server.url),
  loginPage: async ({ page }, use) => use(new LoginPage(page)),
  workflows: async ({ page }, use) => use(new WorkflowsPage(page)),
});

/** Skips the spec file, with one line saying why, where no Airflow 3 can be had. */
export function skipWithoutAirflow(what: string): void {
  if (whyNoAirflow3) console.warn(`${what} skipped: ${whyNoAirflow3}.`);
  test.skip(whyNoAirflow3 !== null, whyNoAirflow3 ?? '');
}
