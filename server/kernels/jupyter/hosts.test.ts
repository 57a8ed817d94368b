import { chmodSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { KernelProvider } from '../provider';
import { createJupyterClient, JupyterError, type JupyterClient } from './client';
import { createManagedHosts, jupyterEnv, userFolder } from './managed';
import { createJupyterProvider } from './provider';
import { sharedContractsPresent } from '../../testing/sharedContracts';
import { loadJupyterContract } from './testing/contract';
import { jupyterAvailable, managedOptions, skippedJupyterNotice, memoryLog, spawnJupyterServer, tempFolder, type SpawnedServer } from './testing/jupyter';
import { freePort } from '../../util/freePort';

// Sandboxed servers start in ~1 s, far more beside other suites on 2 cores.
vi.setConfig({ testTimeout: 90_000 });

describe('the managed servers’ environment and folders', () => {
  it('passes on only PATH, LANG, LC_ALL and TZ, with HOME and Jupyter’s folders under the user’s', () => {
    const env = jupyterEnv('/rt/ana', { PATH: '/bin', LANG: 'C.UTF-8', TZ: 'UTC', CONSOLE_ADMIN_PASSWORD: 'x', AWS_SECRET_ACCESS_KEY: 'y', HOME: '/root' });
    expect(env).toEqual({
      PATH: '/bin',
      LANG: 'C.UTF-8',
      TZ: 'UTC',
      HOME: '/rt/ana',
      JUPYTER_RUNTIME_DIR: '/rt/ana/runtime',
      JUPYTER_CONFIG_DIR: '/rt/ana/config',
      JUPYTER_DATA_DIR: '/rt/ana/data',
      TMPDIR: '/rt/ana/tmp',
    });
  });

  it('skips the Jupyter suite with one line where Python has no Jupyter Server', () => {
    expect(skippedJupyterNotice('/nonexistent/python3')).toMatch(/^Jupyter provider tests skipped: \/nonexistent\/python3 cannot import jupyter_server and ipykernel/);
  });

  it('gives every username its own plain folder name', () => {
    expect(userFolder('ana')).toBe('ana');
    expect(userFolder('../etc')).toBe('%2E.%2Fetc');
    expect(userFolder('..')).toBe('%2E.');
    expect(userFolder('a/b')).not.toBe(userFolder('a_b'));
    expect(() => userFolder('')).toThrow('the username is empty');
  });
});

describe.skipIf(!jupyterAvailable())('Jupyter provider: personal servers (managed mode)', () => {
  const folder = tempFolder('jupyter-hosts-');
  const options = managedOptions(folder.dir);
  let provider: KernelProvider;

  beforeAll(() => {
    provider = createJupyterProvider({ mode: 'managed', ...options });
  });

  afterAll(async () => {
    await provider.close();
    folder.remove();
  });

  it('lists the kernelspecs Python has, python3 among them', async () => {
    const specs = await provider.specs();
    expect(specs).toContainEqual({ name: 'python3', display_name: expect.any(String), language: 'python', provider: 'jupyter', banner: expect.stringContaining('real CPython on Jupyter Server') });
  });

  it('starts one server per user (shared by concurrent starts), and stopping it ends the process: its port stops answering', async () => {
    const hosts = createManagedHosts(options);
    try {
      const [ana, again, bo] = await Promise.all([hosts.start('ana'), hosts.start('ana'), hosts.start('bo')]);
      expect(again).toBe(ana);
      expect(bo.pid).not.toBe(ana.pid);
      expect(bo.client.url).not.toBe(ana.client.url);
      const gone: string[] = [];
      hosts.onGone((owner) => gone.push(owner));
      await hosts.stop('ana');
      expect(gone).toEqual(['ana']);
      expect(await reachable(ana.client)).toBe(false);
      expect(await reachable(bo.client)).toBe(true);
      await hosts.stop('ana');
      expect((await hosts.start('ana')).pid).not.toBe(ana.pid);
    } finally {
      await hosts.stopAll();
    }
  });

  it('forgets a server that ended on its own, and starts a new one next time', async () => {
    const hosts = createManagedHosts(options);
    try {
      const gone: string[] = [];
      hosts.onGone((owner) => gone.push(owner));
      const first = await hosts.start('dee');
      process.kill(first.pid, 'SIGKILL');
      await waitFor(() => gone.length > 0);
      expect(gone).toEqual(['dee']);
      const second = await hosts.start('dee');
      expect(second.pid).not.toBe(first.pid);
      expect(await reachable(second.client)).toBe(true);
    } finally {
      await hosts.stopAll();
    }
  });

  it('marks the kernels of a stopped server dead', async () => {
    const kernel = await provider.startKernel({ owner: 'cy', spec: 'python3', path: null });
    await provider.stopHost('cy');
    expect(kernel.state).toBe('dead');
    const events: unknown[] = [];
    expect(await kernel.execute('print(1)', (event) => events.push(event))).toMatchObject({ status: 'aborted' });
    expect(events).toEqual([{ type: 'output', output: expect.objectContaining({ output_type: 'error' }) }]);
    await provider.stopHost('cy');
  });

  it('says why a server did not start, with its last error lines', async () => {
    const fake = path.join(folder.dir, 'python-without-jupyter');
    writeFileSync(fake, "#!/bin/sh\necho '/usr/bin/python3: No module named jupyter_server' >&2\nexit 1\n");
    chmodSync(fake, 0o755);
    const broken = createJupyterProvider({ mode: 'managed', ...options, python: fake });
    await expect(broken.startHost('ana')).rejects.toThrow(/exited while starting:\n.*No module named jupyter_server/);
    await expect(broken.specs()).rejects.toThrow(/Listing Jupyter kernelspecs with .*python-without-jupyter failed: .*No module named jupyter_server/);
    await broken.close();
    const missing = createJupyterProvider({ mode: 'managed', ...options, python: path.join(folder.dir, 'no-such-python') });
    const started = Date.now();
    await expect(missing.startHost('ana')).rejects.toThrow(/^The notebook server for ana \(.*no-such-python -m jupyter_server\) exited while starting:\n.*ENOENT/);
    expect(Date.now() - started).toBeLessThan(5_000);
    await missing.close();
  });
});

describe.skipIf(!jupyterAvailable())('Jupyter provider: an external Jupyter Server', () => {
  const folder = tempFolder('jupyter-external-');
  const token = 'external-test-token';
  let server: SpawnedServer;

  beforeAll(async () => {
    server = await spawnJupyterServer(token, folder.dir);
  });

  afterAll(async () => {
    await server?.stop();
    folder.remove();
  });

  it('runs kernels on it, and closing shuts them down there', async () => {
    const provider = createJupyterProvider({ mode: 'external', url: server.url, token, log: memoryLog() });
    await provider.startHost('ana');
    expect((await provider.specs()).map((spec) => spec.name)).toContain('python3');
    const kernel = await provider.startKernel({ owner: 'ana', spec: 'python3', path: null });
    const events: unknown[] = [];
    expect(await kernel.execute('print(6 * 7)', (event) => events.push(event))).toMatchObject({ status: 'ok' });
    expect(events).toEqual([{ type: 'output', output: { output_type: 'stream', name: 'stdout', text: '42\n' } }]);
    await provider.stopHost('ana');
    expect(kernel.state).toBe('idle');
    await provider.close();
    expect(kernel.state).toBe('dead');
    expect(await createJupyterClient(server.url, token).getKernel(kernel.id)).toBeNull();
  });

  it('says when the token is wrong or nothing answers', async () => {
    const wrong = createJupyterProvider({ mode: 'external', url: server.url, token: 'wrong', log: memoryLog() });
    await expect(wrong.startHost('ana')).rejects.toThrow(`Jupyter Server at ${server.url} refused the token (check CONSOLE_JUPYTER_TOKEN): GET /api/status: 403 Forbidden`);
    const right = createJupyterProvider({ mode: 'external', url: server.url, token, log: memoryLog() });
    // The server's own refusals are not mistaken for an unreachable server.
    await expect(right.startKernel({ owner: 'ana', spec: 'no-such-kernel', path: null })).rejects.toThrow(/^POST \/api\/kernels: .*No such kernel named no-such-kernel$/);
    await right.close();
    const nowhere = `http://127.0.0.1:${await freePort()}`;
    const absent = createJupyterProvider({ mode: 'external', url: nowhere, token, log: memoryLog() });
    await expect(absent.startHost('ana')).rejects.toThrow(new RegExp(`^Jupyter Server at ${nowhere} is not reachable: GET /api/status failed: .*ECONNREFUSED`));
    await expect(absent.startKernel({ owner: 'ana', spec: 'python3', path: null })).rejects.toThrow(`Jupyter Server at ${nowhere} is not reachable`);
  });

  it('answers as the public contract says (kernel model, kernelspecs, status)', async () => {
    const contract = loadJupyterContract();
    const client = createJupyterClient(server.url, token);
    contract.expectResponse('/api/status', 'get', 200, await client.status());
    const specs = await client.kernelspecs();
    contract.expectResponse('/api/kernelspecs', 'get', 200, specs);
    // The contract names kernel.json's contents KernelSpecFile; the server sends them as `spec`.
    for (const entry of Object.values(specs.kernelspecs)) contract.expectDefinition('KernelSpecFile', entry.spec);
    const started = await client.startKernel('python3', null);
    try {
      contract.expectResponse('/api/kernels', 'post', 201, started);
      contract.expectResponse('/api/kernels/{kernel_id}', 'get', 200, await client.getKernel(started.id));
      contract.expectResponse('/api/kernels/{kernel_id}/restart', 'post', 200, await client.restartKernel(started.id));
      // The checks can fail (without ../shared/contracts they are skipped).
      if (sharedContractsPresent()) expect(() => contract.expectResponse('/api/kernels/{kernel_id}', 'get', 200, { id: 'not-a-uuid' })).toThrow(/does not match/);
    } finally {
      await client.deleteKernel(started.id);
    }
  });
});

/** Whether the server answers at all (a 403 for a wrong token counts). */
async function reachable(client: JupyterClient): Promise<boolean> {
  try {
    await client.status();
    return true;
  } catch (error) {
    return error instanceof JupyterError;
  }
}

async function waitFor(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
