import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test as base, expect } from '@playwright/test';
import type { RunningUpstream } from '../../upstreams/definition';
import { hubServiceToken, jupyterhub } from '../../upstreams/jupyterhub';
import { down, up, whyNotHere, type Where } from '../../upstreams/lifecycle';
import { basePython, cacheRoot } from '../../upstreams/paths';
import { secretsFor } from '../../upstreams/state';
import { ConsoleServer } from '../support/consoleServer';
import { LoginPage } from './pages/LoginPage';
import { NotebookEditor } from './pages/NotebookEditor';

const why = await whyNotHere(jupyterhub, { cache: cacheRoot(), basePython: basePython() });

/** A console whose personal notebook servers are a real JupyterHub's (its own, in a temporary state root). */
const test = base.extend<{ hub: RunningUpstream; server: ConsoleServer; loginPage: LoginPage }>({
  hub: async ({}, use) => {
    const where: Where = { cache: cacheRoot(), stateRoot: mkdtempSync(path.join(tmpdir(), 'console-e2e-hub-')), basePython: basePython(), say: () => {} };
    try {
      await use(await up(jupyterhub, where));
    } finally {
      await down(jupyterhub.name, where);
      rmSync(where.stateRoot, { recursive: true, force: true });
    }
  },
  server: async ({ hub }, use) => {
    const server = await ConsoleServer.start({ CONSOLE_JUPYTERHUB_URL: hub.url, CONSOLE_JUPYTERHUB_TOKEN: hubServiceToken(secretsFor(hub.stateDir, [])) });
    await use(server);
    await server.dispose();
  },
  baseURL: async ({ server }, use) => use(server.url),
  loginPage: async ({ page }, use) => use(new LoginPage(page)),
});

test.skip(why !== null, `${jupyterhub.title} cannot start here: ${why}`);

test('on JupyterHub: start the personal server from the toolbar, watch its progress, run a cell there, stop it', async ({ page, loginPage }) => {
  test.setTimeout(240_000);
  await loginPage.goto();
  await loginPage.signInAsRole('editor');
  expect((await page.request.post('/api/notebook/folders', { data: { path: 'hub' } })).ok()).toBe(true);
  const source = 'import os\nprint(os.environ["JUPYTERHUB_USER"])';
  const content = JSON.stringify({ nbformat: 4, nbformat_minor: 5, metadata: {}, cells: [{ id: 'c1', cell_type: 'code', metadata: {}, source, outputs: [], execution_count: null }] });
  expect((await page.request.post('/api/notebook/files', { data: { path: 'hub/hello.ipynb', content } })).ok()).toBe(true);
  await page.goto('/admin/workspace/notebook/hub/hello.ipynb');
  const editor = new NotebookEditor(page);
  const status = page.getByTestId('server-status');
  await expect(status).toHaveAttribute('data-state', 'stopped');

  await status.getByRole('button', { name: 'Start server' }).click();
  await expect(status).toHaveAttribute('data-state', 'starting');
  // The Hub's spawner speaks while it works (upstreams/jupyterhub/jupyterhub_config.py's slow spawn).
  await expect(page.getByTestId('server-progress')).toContainText("Preparing editor's server", { timeout: 30_000 });
  await expect(editor.toast('Server started successfully')).toBeVisible({ timeout: 90_000 });
  await expect(status).toHaveAttribute('data-state', 'running');
  await expect(page.getByTestId('server-progress')).toBeHidden();

  await editor.cell(0).getByRole('button', { name: 'Run cell 1' }).click();
  await expect(editor.outputs(0)).toContainText('editor', { timeout: 60_000 });

  await editor.confirmed('Stop server', 'Stop server');
  await expect(editor.toast('Server stopped successfully').last()).toBeVisible({ timeout: 60_000 });
  await expect(status).toHaveAttribute('data-state', 'stopped');
});
