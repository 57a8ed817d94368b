import { expect, test, waitForServiceWorker } from './offlineFixtures';
import { ShellPage } from './pages/ShellPage';

// Stops and restarts a server process: slower than most.
test.setTimeout(120_000);

test('"Session not verified" goes away by itself when the server comes back (no reload, no online event)', async ({ page, loginPage, workspace, server }) => {
  await loginPage.goto();
  await loginPage.signInAsRole('admin');
  await workspace.goto();
  await waitForServiceWorker(page);
  const shell = new ShellPage(page);
  await expect(shell.sessionNotVerified).toHaveCount(0);

  // The server process stops while the network stays up: the browser never goes offline.
  await server.stop();
  await page.reload();
  await expect(shell.pageTitle).toHaveText('Workspace');
  await expect(shell.sessionNotVerified).toBeVisible();

  await server.resume();
  // The session is asked again with backoff (at most 10 s apart): no reload, no 'online' event.
  await expect(shell.sessionNotVerified).toBeHidden({ timeout: 30_000 });
  await expect(shell.pageTitle).toHaveText('Workspace');
});
