import { describe, expect, it } from 'vitest';
import type { KernelModel, KernelSpecList, NotebookServerStatus, RunCodeResponse } from '../../contracts/kernels';
import { EDITOR_PASSWORD, signIn, useFixture } from '../testing/harness';
import { jupyterAvailable, TEST_PYTHON } from './jupyter/testing/jupyter';

/** The Notebook API with CONSOLE_KERNELS=jupyter: each user's personal server is a real Jupyter Server process. */
describe.skipIf(!jupyterAvailable())('the Notebook API on managed Jupyter Servers', () => {
  const fixture = useFixture();

  it('starts the user’s server, runs pandas on CPython there, and stop-server ends it and its kernels', async () => {
    const { app } = await fixture.build({ kernels: 'jupyter', python: TEST_PYTHON });
    const { cookie } = await signIn(app, 'editor', EDITOR_PASSWORD);
    const call = (method: string, url: string, payload?: object) =>
      app.inject({ method: method as 'GET', url: `/api/notebook${url}`, headers: { cookie }, ...(payload ? { payload } : {}) });

    const specs = (await call('GET', '/kernelspecs')).json<KernelSpecList>();
    expect(specs.default).toBe('python3');
    expect(specs.kernelspecs.map((spec) => `${spec.provider}:${spec.name}`)).toEqual(expect.arrayContaining(['jupyter:python3', 'pyodide:python3-pyodide']));
    expect((await call('GET', '/status-server?username=editor')).json()).toMatchObject({ status: 'stopped', provider: 'jupyter' });

    expect((await call('POST', '/start-server', { username: 'editor' })).json<NotebookServerStatus>()).toMatchObject({ status: 'running', provider: 'jupyter' });
    const started = await call('POST', '/start-kernel', { path: 'reports/q1.ipynb' });
    expect(started.statusCode).toBe(201);
    const kernel = started.json<KernelModel>();
    expect(kernel).toMatchObject({ provider: 'jupyter', name: 'python3', owner: 'editor', path: 'reports/q1.ipynb' });

    const code = "import sys, pandas as pd\nprint(sys.implementation.name)\npd.DataFrame({'a': [1, 2]})";
    const answer = (await call('POST', '/run-code', { code, kernelId: kernel.id })).json<RunCodeResponse>();
    expect(answer.status).toBe('ok');
    expect(answer.outputs[0]).toEqual({ output_type: 'stream', name: 'stdout', text: 'cpython\n' });
    expect(answer.outputs[1]).toMatchObject({ output_type: 'execute_result', data: { 'text/html': expect.stringContaining('<table') } });

    expect((await call('DELETE', '/stop-server', { username: 'editor' })).json()).toMatchObject({ status: 'stopped', kernels: 0 });
    expect((await call('GET', '/kernels')).json()).toEqual([]);
    expect((await call('GET', `/kernels/${kernel.id}`)).statusCode).toBe(404);
  }, 90_000);

  it('caps a run’s outputs on a Jupyter kernel too (CONSOLE_OUTPUT_MAX_MB): cut with a note, the cell runs to its end', async () => {
    const { app } = await fixture.build({ kernels: 'jupyter', python: TEST_PYTHON, outputMaxMb: 1 });
    const { cookie } = await signIn(app, 'editor', EDITOR_PASSWORD);
    const call = (url: string, payload: object) => app.inject({ method: 'POST', url: `/api/notebook${url}`, headers: { cookie }, payload });
    const kernel = (await call('/start-kernel', {})).json<KernelModel>();
    // Slower than Jupyter Server's own iopub limit (1 MB/s), which would drop the lines first.
    const code = "import time\nfor i in range(14):\n    print('x' * 100_000)\n    time.sleep(0.15)\nprint('gone')\nfinished = True";
    const answer = (await call('/run-code', { code, kernelId: kernel.id })).json<RunCodeResponse>();
    expect(answer.status).toBe('ok');
    expect(answer.output).toMatch(/Output truncated: over the 1 MB limit \(CONSOLE_OUTPUT_MAX_MB\)/);
    expect(answer.output).not.toContain('gone');
    expect(answer.output.length).toBeLessThan(2 ** 20 + 1000);
    expect((await call('/run-code', { code: 'finished', kernelId: kernel.id })).json<RunCodeResponse>().output).toBe('True\n');
  }, 90_000);
});
