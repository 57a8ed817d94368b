import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REPO_ROOT } from '../../paths';
import { freePort } from '../../util/freePort';
import { jupyterAvailable, TEST_PYTHON, tempFolder } from './testing/jupyter';

/**
 * Issue 28, probe 13: a console killed with SIGKILL left its users' Jupyter Servers running (with
 * live tokens), and the console started again beside them started a second set. The console runs
 * here as `npm start` does, in its own process.
 */

vi.setConfig({ testTimeout: 180_000 });

const EDITOR_PASSWORD = 'orphans-editor-Secret-5521';

interface Console {
  child: ChildProcess;
  url: string;
  output: () => string;
}

async function startConsole(dataDir: string, env: Record<string, string>): Promise<Console> {
  const port = await freePort();
  let log = '';
  // tsx as a loader, not its CLI: the CLI runs the server in a child process a SIGKILL would miss.
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'server/main.ts')], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      CONSOLE_DATA_DIR: dataDir,
      CONSOLE_ADMIN_PASSWORD: 'orphans-admin-Secret-1187',
      CONSOLE_EDITOR_PASSWORD: EDITOR_PASSWORD,
      CONSOLE_WAREHOUSE_SEED_CACHE: path.join(REPO_ROOT, 'node_modules/.cache/console-warehouse'),
      CONSOLE_KERNEL_SPARES: '0',
      CONSOLE_KERNELS: 'jupyter',
      CONSOLE_PYTHON: TEST_PYTHON,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  await until(async () => (await fetch(`${url}/healthz`).catch(() => null))?.ok === true, 120_000, () => `the console did not start:\n${log}`);
  return { child, url, output: () => log };
}

/** Signs the editor in and starts her notebook server. */
async function startEditorServer(console: Console): Promise<void> {
  const login = await fetch(`${console.url}/api/v1/temp/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'editor', password: EDITOR_PASSWORD }),
  });
  const cookie = login.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ');
  const started = await fetch(`${console.url}/api/notebook/start-server`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify({ username: 'editor' }) });
  expect(await started.json(), console.output()).toMatchObject({ status: 'running' });
}

/** The Jupyter Server processes serving this data folder (their command line names it). */
function jupyterServers(dataDir: string): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        const line = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
        return line.includes('jupyter_server') && line.includes(dataDir) && !line.includes('bwrap');
      } catch {
        return false;
      }
    })
    .map(Number);
}

const running = (pid: number) => {
  try {
    return !readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.startsWith('Z');
  } catch {
    return false;
  }
};

async function until(condition: () => boolean | Promise<boolean>, timeoutMs: number, what: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(what());
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));
}

describe.skipIf(!jupyterAvailable())('managed Jupyter Servers when the console is killed', () => {
  const cleanup: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step();
  });

  async function consoleIn(dataDir: string, env: Record<string, string> = {}): Promise<Console> {
    const started = await startConsole(dataDir, env);
    cleanup.push(async () => {
      started.child.kill('SIGKILL');
      await exited(started.child);
    });
    return started;
  }

  function folder(): string {
    const temp = tempFolder('jupyter-orphans-');
    cleanup.push(() => {
      for (const pid of jupyterServers(temp.dir)) process.kill(pid, 'SIGKILL');
      temp.remove();
    });
    return path.join(temp.dir, 'data');
  }

  it('end with a console killed by SIGKILL (sandboxed: they die with their parent)', async () => {
    const dataDir = folder();
    const first = await consoleIn(dataDir);
    await startEditorServer(first);
    const servers = jupyterServers(dataDir);
    expect(servers).toHaveLength(1);
    first.child.kill('SIGKILL');
    await exited(first.child);
    await until(() => !servers.some(running), 10_000, () => `Jupyter Server ${servers.join(', ')} still runs after its console was killed`);
  });

  it('left running by a killed console (sandbox off) are stopped by the next console: one server per user, never two', async () => {
    const dataDir = folder();
    const first = await consoleIn(dataDir, { CONSOLE_KERNEL_SANDBOX: 'off' });
    await startEditorServer(first);
    const [left] = jupyterServers(dataDir);
    first.child.kill('SIGKILL');
    await exited(first.child);
    expect(running(left!)).toBe(true);
    const second = await consoleIn(dataDir, { CONSOLE_KERNEL_SANDBOX: 'off' });
    await startEditorServer(second);
    expect(running(left!)).toBe(false);
    expect(jupyterServers(dataDir)).toHaveLength(1);
  });
});
