import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { createJupyterClient, reason, type JupyterClient } from './client';

/**
 * Personal notebook servers: one Jupyter Server process per user, started by the console on a
 * free local port with a random token, its runtime, config and data folders (and HOME) under
 * `<runtimeRoot>/<user>`, and an environment that holds none of the console's secrets.
 */

export interface ManagedOptions {
  python: string | null;
  /** The folder the servers serve (the workspace); kernels start in it. */
  rootDir: string;
  runtimeRoot: string;
  log: { info(message: string): void; warn(message: string): void };
}

export interface ManagedHost {
  readonly owner: string;
  readonly client: JupyterClient;
  readonly pid: number;
}

export interface ManagedHosts {
  /** The user's running server, started if needed; concurrent calls share one start. */
  start(owner: string): Promise<ManagedHost>;
  /** SIGTERM, then SIGKILL after a grace period; idempotent. */
  stop(owner: string): Promise<void>;
  stopAll(): Promise<void>;
  /** Called when a user's server ends (stopped or on its own). */
  onGone(listener: (owner: string) => void): void;
}

const READY_TIMEOUT_MS = 30_000;
const READY_POLL_MS = 100;
const STOP_GRACE_MS = 3_000;
const STDERR_LINES = 20;
/** The only variables passed on from the console's environment. */
const PASSED_ON = ['PATH', 'LANG', 'LC_ALL', 'TZ'];

/** /usr/bin/python3 (Debian's, which has Jupyter) when present, else python3 on PATH. */
export function defaultPython(python: string | null): string {
  if (python !== null) return python;
  return existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3';
}

/** A folder name for a username: never hidden, never a path, distinct per name. */
export function userFolder(owner: string): string {
  return encodeURIComponent(owner).replace(/^\./, '%2E');
}

/** The allowlisted environment, with Jupyter's folders and HOME under `home`. */
export function jupyterEnv(home: string, from: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const name of PASSED_ON) if (from[name] !== undefined) env[name] = from[name];
  return {
    ...env,
    HOME: home,
    JUPYTER_RUNTIME_DIR: path.join(home, 'runtime'),
    JUPYTER_CONFIG_DIR: path.join(home, 'config'),
    JUPYTER_DATA_DIR: path.join(home, 'data'),
  };
}

interface Entry {
  ready: Promise<ManagedHost>;
  child: ChildProcess | null;
  /** Resolves when the process has ended. */
  exited: Promise<void> | null;
}

export function createManagedHosts(options: ManagedOptions): ManagedHosts {
  const entries = new Map<string, Entry>();
  const goneListeners: ((owner: string) => void)[] = [];

  function launch(owner: string): Entry {
    const entry: Entry = { ready: Promise.resolve(null as never), child: null, exited: null };
    entry.ready = boot(owner, entry);
    entry.ready.catch(() => {
      if (entries.get(owner) === entry) entries.delete(owner);
      if (entry.child && entry.child.exitCode === null && entry.child.signalCode === null) entry.child.kill('SIGKILL');
    });
    return entry;
  }

  async function boot(owner: string, entry: Entry): Promise<ManagedHost> {
    const token = randomBytes(24).toString('hex');
    const home = path.join(options.runtimeRoot, userFolder(owner));
    await mkdir(home, { recursive: true, mode: 0o700 });
    await mkdir(options.rootDir, { recursive: true });
    const port = await freePort();
    const stderr: string[] = [];
    const child = spawn(defaultPython(options.python), serverArgs(token, port, options.rootDir), { env: jupyterEnv(home), stdio: ['ignore', 'ignore', 'pipe'] });
    entry.child = child;
    entry.exited = watchExit(owner, entry, stderr);
    const client = createJupyterClient(`http://127.0.0.1:${port}`, token);
    await waitUntilAnswering(client, entry.exited, () => stderr.join('\n'));
    options.log.info(`Jupyter Server for ${owner} started on port ${port} (pid ${child.pid})`);
    return { owner, client, pid: child.pid! };
  }

  function watchExit(owner: string, entry: Entry, stderr: string[]): Promise<void> {
    const child = entry.child!;
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
      stderr.push(...chunk.split('\n').filter((line) => line.trim() !== ''));
      stderr.splice(0, Math.max(0, stderr.length - STDERR_LINES));
    });
    return new Promise((resolve) => {
      let over = false;
      const ended = (why: string) => {
        if (over) return;
        over = true;
        if (entries.get(owner) === entry) entries.delete(owner);
        options.log.info(`Jupyter Server for ${owner} ended (${why})`);
        for (const listener of goneListeners) listener(owner);
        resolve();
      };
      child.once('exit', (code, signal) => ended(signal ?? `exit code ${code}`));
      child.once('error', (error) => {
        stderr.push(error.message);
        ended(error.message);
      });
    });
  }

  async function stop(owner: string): Promise<void> {
    const entry = entries.get(owner);
    if (!entry) return;
    await entry.ready.catch(() => undefined);
    const child = entry.child;
    if (!child || !entry.exited || child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
    await entry.exited;
    clearTimeout(timer);
  }

  return {
    start(owner) {
      let entry = entries.get(owner);
      if (!entry) entries.set(owner, (entry = launch(owner)));
      return entry.ready;
    },
    stop,
    async stopAll() {
      await Promise.all([...entries.keys()].map(stop));
    },
    onGone(listener) {
      goneListeners.push(listener);
    },
  };
}

function serverArgs(token: string, port: number, rootDir: string): string[] {
  const args = ['-m', 'jupyter_server', `--ServerApp.token=${token}`, '--ip', '127.0.0.1', '--port', String(port), '--no-browser', `--ServerApp.root_dir=${rootDir}`];
  // Jupyter refuses to run as root unless told to; the console in a container often is root.
  if (process.getuid?.() === 0) args.push('--allow-root');
  return args;
}

async function waitUntilAnswering(client: JupyterClient, exited: Promise<void>, stderr: () => string): Promise<void> {
  let gone = false;
  void exited.then(() => (gone = true));
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let last = '';
  while (Date.now() < deadline) {
    if (gone) throw new Error(`Jupyter Server exited while starting:\n${stderr() || '(no output)'}`);
    try {
      await client.status();
      return;
    } catch (error) {
      last = reason(error);
    }
    await new Promise((resolve) => setTimeout(resolve, READY_POLL_MS));
  }
  throw new Error(`Jupyter Server did not answer within ${READY_TIMEOUT_MS / 1000} s (${last}):\n${stderr() || '(no output)'}`);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('No free port'))));
    });
  });
}
