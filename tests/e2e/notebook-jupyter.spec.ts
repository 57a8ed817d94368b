import { test as base, expect } from '@playwright/test';
import { jupyterAvailable, TEST_PYTHON } from '../../server/kernels/jupyter/testing/jupyter';
import { ConsoleServer } from '../support/consoleServer';
import { LoginPage } from './pages/LoginPage';
import { NotebookEditor } from './pages/NotebookEditor';

/** A console whose kernels run on Jupyter Server (a personal server per user, Debian's python3 with ipykernel, pandas, matplotlib). */
const test = base.extend<{ server: ConsoleServer; loginPage: LoginPage }>({
  server: async ({}, use) => {
    const server = await ConsoleServer.start({ CONSOLE_KERNELS: 'jupyter', CONSOLE_PYTHON: TEST_PYTHON });
    await use(server);
    await server.dispose();
  },
  baseURL: async ({ server }, use) => use(server.url),
  loginPage: async ({ page }, use) => use(new LoginPage(page)),
});

test.skip(!jupyterAvailable(), `${TEST_PYTHON} cannot import jupyter_server and ipykernel: CI installs them`);

test('on the Jupyter provider: pandas and matplotlib outputs show, a running cell stops, the kernel restarts', async ({ page, loginPage }) => {
  test.setTimeout(240_000);
  await loginPage.goto();
  await loginPage.signInAsRole('editor');
  const cell = (source: string) => ({ id: `c${source.length}${Math.random().toString(36).slice(2, 8)}`, cell_type: 'code', metadata: {}, source, outputs: [], execution_count: null });
  const cells = [
    cell('import pandas as pd\ndf = pd.DataFrame({"game": ["poker", "slots"], "bets": [3, 4]})\ndf'),
    cell('import matplotlib.pyplot as plt\nplt.plot([1, 2, 3])\nplt.show()'),
    cell('import time\nfor i in range(300):\n    print(f"tick {i}", flush=True)\n    time.sleep(0.1)'),
  ];
  expect((await page.request.post('/api/notebook/folders', { data: { path: 'jupyter' } })).ok()).toBe(true);
  const content = JSON.stringify({ nbformat: 4, nbformat_minor: 5, metadata: { kernelspec: { name: 'python3', display_name: 'Python 3' } }, cells });
  expect((await page.request.post('/api/notebook/files', { data: { path: 'jupyter/pandas.ipynb', content } })).ok()).toBe(true);
  await page.goto('/admin/workspace/notebook/jupyter/pandas.ipynb');
  const editor = new NotebookEditor(page);

  await editor.cell(0).getByRole('button', { name: 'Run cell 1' }).click();
  await expect(editor.cell(0).frameLocator('iframe').locator('table')).toContainText('poker', { timeout: 180_000 });
  await editor.cell(1).getByRole('button', { name: 'Run cell 2' }).click();
  await expect(editor.outputs(1).locator('img')).toBeVisible({ timeout: 60_000 });

  await editor.cell(2).getByRole('button', { name: 'Run cell 3' }).click();
  await expect(editor.outputs(2)).toContainText('tick 3', { timeout: 60_000 });
  await editor.cell(2).getByRole('button', { name: 'Stop cell 3' }).click();
  await expect(editor.cell(2).locator('.nb-run-message')).toHaveText('Execution cancelled');
  await expect(editor.kernelStatus).toHaveAttribute('data-state', 'idle', { timeout: 30_000 });

  await editor.confirmed('Restart', 'Restart');
  await expect(editor.toast('Kernel restarted successfully')).toBeVisible({ timeout: 60_000 });
  await expect(editor.kernelStatus).toHaveAttribute('data-state', 'idle', { timeout: 60_000 });
});

// The personal server's controls belong to the Jupyter provider (embedded Pyodide kernels have no server to start: issue 35 item 21).
test('the notebook server starts and stops from the toolbar, each said by a toast', async ({ page, loginPage }) => {
  test.setTimeout(240_000);
  await loginPage.goto();
  await loginPage.signInAsRole('editor');
  expect((await page.request.post('/api/notebook/folders', { data: { path: 'server' } })).ok()).toBe(true);
  const content = JSON.stringify({ nbformat: 4, nbformat_minor: 5, metadata: {}, cells: [{ id: 'c1', cell_type: 'code', metadata: {}, source: '1', outputs: [], execution_count: null }] });
  expect((await page.request.post('/api/notebook/files', { data: { path: 'server/server.ipynb', content } })).ok()).toBe(true);
  await page.goto('/admin/workspace/notebook/server/server.ipynb');
  const editor = new NotebookEditor(page);
  const status = page.getByTestId('server-status');
  await expect(status).toHaveAttribute('data-state', /stopped|running/);
  if ((await status.getAttribute('data-state')) === 'running') {
    await editor.confirmed('Stop server', 'Stop server');
    await expect(editor.toast('Server stopped successfully')).toBeVisible();
  }
  await status.getByRole('button', { name: 'Start server' }).click();
  await expect(editor.toast('Server started successfully')).toBeVisible({ timeout: 60_000 });
  await expect(status).toHaveAttribute('data-state', 'running');
  // Stop server asks first (as JupyterLab does); Cancel leaves it running.
  await status.getByRole('button', { name: 'Stop server' }).click();
  await expect(editor.confirmDialog.getByRole('heading')).toHaveText('Stop Server?');
  await page.setViewportSize({ width: 700, height: 800 });
  await page.screenshot({ path: 'test-results/confirm/stop-server-700.png' });
  await page.setViewportSize({ width: 1280, height: 800 });
  await editor.confirmDialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(editor.confirmDialog).toBeHidden();
  await expect(status).toHaveAttribute('data-state', 'running');
  await editor.confirmed('Stop server', 'Stop server');
  // The first stop's toast may still show: the newest one is this stop's.
  await expect(editor.toast('Server stopped successfully').last()).toBeVisible();
  await expect(status).toHaveAttribute('data-state', 'stopped');
});
