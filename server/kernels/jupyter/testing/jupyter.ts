import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../../../util/freePort';
import { openSandbox } from '../../sandbox';
import type { ManagedOptions } from '../managed';

/**
 * The Jupyter provider's tests run against a real Jupyter Server from Debian's python3 (CI
 * installs python3-jupyter-server, -ipykernel, -pandas, -matplotlib). Where that Python lacks
 * them the suite is skipped, and the global setup says so in one line.
 */
export const TEST_PYTHON = '/usr/bin/python3';

export function jupyterAvailable(python: string = TEST_PYTHON): boolean {
  return spawnSync(python, ['-c', 'import jupyter_server, ipykernel'], { stdio: 'ignore', timeout: 30_000 }).status === 0;
}

export function skippedJupyterNotice(python: string = TEST_PYTHON): string | null {
  if (jupyterAvailable(python)) return null;
  return `Jupyter provider tests skipped: ${python} cannot import jupyter_server and ipykernel (apt install python3-jupyter-server python3-ipykernel python3-pandas python3-matplotlib).`;
}

/** A temporary folder (0700, as the console's data folder is) and its removal. */
export function tempFolder(prefix: string): { dir: string; remove(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Managed servers as the console runs them: each in the kernel sandbox, homes under `<dir>/runtime`. */
export function managedOptions(dir: string, memoryMb = 1024, sandbox = openSandbox({ mode: 'on' })): ManagedOptions & { log: ReturnType<typeof memoryLog> } {
  return { python: TEST_PYTHON, runtimeRoot: path.join(dir, 'runtime'), sandbox, memoryMb, log: memoryLog() };
}


export interface SpawnedServer {
  url: string;
  token: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** A Jupyter Server the test starts itself (the "external" one), answering once /api/status does. */
export async function spawnJupyterServer(token: string, home: string): Promise<SpawnedServer> {
  const port = await freePort();
  const args = ['-m', 'jupyter_server', `--ServerApp.token=${token}`, '--ip', '127.0.0.1', '--port', String(port), '--no-browser', `--ServerApp.root_dir=${home}`];
  if (process.getuid?.() === 0) args.push('--allow-root');
  const env = { PATH: process.env.PATH, HOME: home, JUPYTER_RUNTIME_DIR: path.join(home, 'runtime'), JUPYTER_CONFIG_DIR: path.join(home, 'config'), JUPYTER_DATA_DIR: path.join(home, 'data') };
  const child = spawn(TEST_PYTHON, args, { env, stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  while (!(await answers(url, token))) {
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`The test's Jupyter Server did not start on port ${port}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    token,
    child,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Whether a Jupyter Server answers /api/status at url (with this token). */
export async function answers(url: string, token: string): Promise<boolean> {
  try {
    const response = await fetch(`${url}/api/status`, { headers: { Authorization: `token ${token}` }, signal: AbortSignal.timeout(2_000) });
    return response.ok;
  } catch {
    return false;
  }
}

/** A log that keeps its lines, for asserting on them. */
export function memoryLog(): { lines: string[]; info(message: string): void; warn(message: string): void } {
  const lines: string[] = [];
  return { lines, info: (message) => lines.push(message), warn: (message) => lines.push(message) };
}
