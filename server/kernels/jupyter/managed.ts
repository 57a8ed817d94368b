import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { createJupyterClient, reason, type JupyterClient } from './client';
import type { Logger } from './provider';
import { freePort } from '../../util/freePort';

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
  log: Logger;
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
  if (owner === '') throw new Error('A notebook server belongs to a user: the username is empty.');
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

/** One server process: its last stderr lines kept for the error that says why it failed. */
class ServerProcess {
  readonly child: ChildProcess;
  /** Resolves, saying how, once the process has ended. */
  readonly exited: Promise<string>;
  private readonly stderr: string[] = [];
  private over = false;

  constructor(command: string, args: string[], env: NodeJS.ProcessEnv) {
    this.child = spawn(command, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    // Always read stderr: a full pipe would block the server.
    this.child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
      this.stderr.push(...chunk.split('\n').filter((line) => line.trim() !== ''));
      this.stderr.splice(0, Math.max(0, this.stderr.length - STDERR_LINES));
    });
    this.exited = new Promise((resolve) => {
      const end = (how: string) => {
        this.over = true;
        resolve(how);
      };
      this.child.once('exit', (code, signal) => end(signal ?? `exit code ${code}`));
      // A command that cannot be spawned (ENOENT) emits only this.
      this.child.once('error', (error) => {
        this.stderr.push(error.message);
        end(error.message);
      });
    });
  }

  get running(): boolean {
    return !this.over;
  }

  lastLines(): string {
    return this.stderr.join('\n') || '(no output)';
  }

  /** SIGTERM lets Jupyter shut its kernels down; SIGKILL if it has not ended after the grace period. */
  async stop(): Promise<void> {
    if (!this.running) return;
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), STOP_GRACE_MS);
    await this.exited;
    clearTimeout(timer);
  }
}

interface Entry {
  ready: Promise<ManagedHost>;
  process: ServerProcess | null;
}

export function createManagedHosts(options: ManagedOptions): ManagedHosts {
  return new ManagedHostPool(options);
}

class ManagedHostPool implements ManagedHosts {
  private readonly entries = new Map<string, Entry>();
  private readonly goneListeners: ((owner: string) => void)[] = [];

  constructor(private readonly options: ManagedOptions) {}

  start(owner: string): Promise<ManagedHost> {
    const existing = this.entries.get(owner);
    if (existing) return existing.ready;
    const entry: Entry = { ready: this.boot(owner, (server) => (entry.process = server)), process: null };
    this.entries.set(owner, entry);
    entry.ready.catch(() => {
      if (this.entries.get(owner) === entry) this.entries.delete(owner);
      if (entry.process?.running) entry.process.child.kill('SIGKILL');
    });
    return entry.ready;
  }

  async stop(owner: string): Promise<void> {
    const entry = this.entries.get(owner);
    if (!entry) return;
    await entry.ready.catch(() => undefined);
    await entry.process?.stop();
  }

  async stopAll(): Promise<void> {
    await Promise.all([...this.entries.keys()].map((owner) => this.stop(owner)));
  }

  onGone(listener: (owner: string) => void): void {
    this.goneListeners.push(listener);
  }

  private async boot(owner: string, spawned: (server: ServerProcess) => void): Promise<ManagedHost> {
    const { rootDir, runtimeRoot, log } = this.options;
    const python = defaultPython(this.options.python);
    const token = randomBytes(24).toString('hex');
    const home = path.join(runtimeRoot, userFolder(owner));
    await mkdir(home, { recursive: true, mode: 0o700 });
    await mkdir(rootDir, { recursive: true });
    const port = await freePort();
    const server = new ServerProcess(python, serverArgs(token, port, rootDir), jupyterEnv(home));
    spawned(server);
    void server.exited.then((how) => this.ended(owner, server, how));
    const client = createJupyterClient(`http://127.0.0.1:${port}`, token);
    try {
      await waitUntilAnswering(client, server);
    } catch (error) {
      throw new Error(`The notebook server for ${owner} (${python} -m jupyter_server) ${reason(error)}`);
    }
    log.info(`Jupyter Server for ${owner} started on port ${port} (pid ${server.child.pid})`);
    return { owner, client, pid: server.child.pid! };
  }

  private ended(owner: string, server: ServerProcess, how: string): void {
    if (this.entries.get(owner)?.process === server) this.entries.delete(owner);
    this.options.log.info(`Jupyter Server for ${owner} ended (${how})`);
    for (const listener of this.goneListeners) listener(owner);
  }
}

function serverArgs(token: string, port: number, rootDir: string): string[] {
  const args = ['-m', 'jupyter_server', `--ServerApp.token=${token}`, '--ip', '127.0.0.1', '--port', String(port), '--no-browser', `--ServerApp.root_dir=${rootDir}`];
  // Jupyter refuses to run as root unless told to; the console in a container often is root.
  if (process.getuid?.() === 0) args.push('--allow-root');
  return args;
}

/** Rejects with a message that goes on "… exited while starting" or "… did not answer". */
async function waitUntilAnswering(client: JupyterClient, server: ServerProcess): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let last = '';
  while (Date.now() < deadline) {
    if (!server.running) throw new Error(`exited while starting:\n${server.lastLines()}`);
    try {
      await client.status();
      return;
    } catch (error) {
      last = reason(error);
    }
    await new Promise((resolve) => setTimeout(resolve, READY_POLL_MS));
  }
  throw new Error(`did not answer within ${READY_TIMEOUT_MS / 1000} s (${last}):\n${server.lastLines()}`);
}

