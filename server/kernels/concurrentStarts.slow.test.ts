// Slow: ten real kernels per provider start at once (Pyodide: about a minute on 2 cores); the name marks it so it can be run apart.
import { describe, expect, it } from 'vitest';
import type { KernelModel } from '../../contracts/kernels';
import { EDITOR_PASSWORD, signIn, useFixture } from '../testing/harness';
import { jupyterAvailable, TEST_PYTHON } from './jupyter/testing/jupyter';
import { MAX_KERNELS_PER_USER } from './manager';

/**
 * The per-user kernel cap holds against concurrent starts: each start takes its slot before it
 * awaits anything (20 concurrent starts all used to pass the check and start).
 */
describe('twenty concurrent kernel starts by one user', () => {
  const fixture = useFixture();

  async function startTwenty(overrides: Parameters<typeof fixture.build>[0]) {
    const { app } = await fixture.build(overrides);
    const { cookie } = await signIn(app, 'editor', EDITOR_PASSWORD);
    const call = (method: 'GET' | 'POST', url: string) => app.inject({ method, url: `/api/notebook${url}`, headers: { cookie }, ...(method === 'POST' ? { payload: {} } : {}) });
    const answers = await Promise.all(Array.from({ length: 20 }, () => call('POST', '/start-kernel')));
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes).toEqual([...Array(MAX_KERNELS_PER_USER).fill(201), ...Array(20 - MAX_KERNELS_PER_USER).fill(409)]);
    expect(answers.find((answer) => answer.statusCode === 409)?.json().message).toMatch(/the most one user may/);
    expect((await call('GET', '/kernels')).json<KernelModel[]>()).toHaveLength(MAX_KERNELS_PER_USER);
  }

  it('start ten embedded kernels and refuse the other ten (409)', () => startTwenty({}), 300_000);

  it.skipIf(!jupyterAvailable())('start ten Jupyter kernels and refuse the other ten (409)', () => startTwenty({ kernels: 'jupyter', python: TEST_PYTHON }), 300_000);
});
