import { test as base, expect } from '@playwright/test';
import { ConsoleServer } from '../support/consoleServer';
import { LoginPage } from './pages/LoginPage';
import { ShellPage } from './pages/ShellPage';

interface WorkerFixtures {
  consoleServer: ConsoleServer;
}
interface TestFixtures {
  loginPage: LoginPage;
  shell: ShellPage;
}

/** One console server per worker (its own port and data dir); every test gets fresh browser state. */
export const test = base.extend<TestFixtures, WorkerFixtures>({
  consoleServer: [
    async ({}, use) => {
      const server = await ConsoleServer.start();
      await use(server);
      await server.dispose();
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ consoleServer }, use) => use(consoleServer.url),
  loginPage: async ({ page }, use) => use(new LoginPage(page)),
  shell: async ({ page }, use) => use(new ShellPage(page)),
});

export { expect };
