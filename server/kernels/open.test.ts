import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { KernelModel, KernelSpecList, RunCodeResponse } from '../../contracts/kernels';
import { buildApp } from '../app';
import type { ConsoleConfig } from '../config';
import { ADMIN_PASSWORD, FAST_HASHING, signIn, testConfig } from '../testing/harness';
import { warmWarehouseSeedCache } from '../testing/warehouse';
import { jupyterAvailable, spawnJupyterServer, tempFolder, TEST_PYTHON, type SpawnedServer } from './jupyter/testing/jupyter';

/** Which providers the configuration brings into the app: Pyodide always, Jupyter when asked for. */
let dataDir: string;
let app: FastifyInstance | null = null;

beforeAll(async () => {
  await warmWarehouseSeedCache();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'console-kernels-setup-'));
});

afterEach(async () => {
  await app?.close();
  app = null;
});

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

async function open(settings: Partial<ConsoleConfig>): Promise<{ cookie: string }> {
  ({ app } = await buildApp(testConfig(dataDir, settings), { passwordHashing: FAST_HASHING }));
  return signIn(app, 'admin', ADMIN_PASSWORD);
}

async function call<T>(cookie: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object): Promise<{ status: number; body: T }> {
  const answer = await app!.inject({ method, url: `/api/notebook${url}`, headers: { cookie }, ...(payload ? { payload } : {}) });
  return { status: answer.statusCode, body: (answer.body === '' ? undefined : answer.json()) as T };
}

const specNames = (list: KernelSpecList) => list.kernelspecs.map((spec) => `${spec.name}:${spec.provider}`);

describe('kernel providers by configuration', () => {
  it('offers only the embedded Pyodide kernel when no Jupyter Server is configured', async () => {
    const { cookie } = await open({ kernels: 'pyodide', jupyterUrl: null, jupyterToken: null });
    const { body } = await call<KernelSpecList>(cookie, 'GET', '/kernelspecs');
    expect(specNames(body)).toEqual(['python3-pyodide:pyodide']);
  });

  describe.skipIf(!jupyterAvailable())('with Jupyter', () => {
    let external: SpawnedServer;
    const home = tempFolder('console-setup-jupyter-');

    beforeAll(async () => {
      external = await spawnJupyterServer('setup-test-token', home.dir);
    }, 60_000);

    afterAll(async () => {
      await external?.stop();
      home.remove();
    });

    it('offers an external server’s kernels beside Pyodide, and runs code on them', async () => {
      const { cookie } = await open({ kernels: 'pyodide', jupyterUrl: external.url, jupyterToken: external.token });
      const { body: list } = await call<KernelSpecList>(cookie, 'GET', '/kernelspecs');
      expect(specNames(list)).toEqual(expect.arrayContaining(['python3-pyodide:pyodide', 'python3:jupyter']));
      const started = await call<KernelModel>(cookie, 'POST', '/start-kernel', { kernelspec: 'python3' });
      expect(started.status).toBe(201);
      expect(started.body.provider).toBe('jupyter');
      const run = await call<RunCodeResponse>(cookie, 'POST', '/run-code', { kernelId: started.body.id, code: 'import sys; print(sys.implementation.name)' });
      expect(run.body).toMatchObject({ status: 'ok', output: 'cpython\n' });
      expect((await call(cookie, 'DELETE', `/kernels/${started.body.id}`)).status).toBe(204);
    });

    it('offers managed Jupyter kernels when CONSOLE_KERNELS=jupyter', async () => {
      const { cookie } = await open({ kernels: 'jupyter', jupyterUrl: null, jupyterToken: null, python: TEST_PYTHON });
      const { body: list } = await call<KernelSpecList>(cookie, 'GET', '/kernelspecs');
      expect(specNames(list)).toEqual(expect.arrayContaining(['python3-pyodide:pyodide', 'python3:jupyter']));
    });
  });
});
