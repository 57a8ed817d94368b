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
