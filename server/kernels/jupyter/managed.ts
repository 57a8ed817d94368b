import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import type { Sandbox } from '../sandbox';
import { createJupyterClient, reason, type JupyterClient } from './client';
import { forgetServer, recordServer, stopLeftovers } from './leftovers';
import { prepareFolders, userFolders, wrapServer } from './launch';
import type { Logger } from './logger';
import { pythonRuntime } from './runtimePaths';
import { ServerProcess } from './serverProcess';

/**
 * Personal notebook servers: one Jupyter Server process per user, each in its own sandbox (its
 * own uid or user namespace, no network, its own pids, a memory cap) seeing only the Python
 * runtime (read-only) and its user's home `<runtimeRoot>/<user>/home`: HOME, Jupyter's runtime,
 * config and data folders, and `work/`, where kernels start. The console reaches it on a Unix
 * socket in that home; its random token travels in the environment, never on a command line.
 */

export interface ManagedOptions {
  python: string | null;
  runtimeRoot: string;
  sandbox: Sandbox;
  /** Each kernel's memory cap (a user's server with all its kernels: twice that). */
  memoryMb: number;
  /** The cores a user's server may use at most (the sandbox's default: 1). */
  cpuShare?: number;
  log: Logger;
}

export interface ManagedHost {
  readonly owner: string;
  readonly client: JupyterClient;
  readonly pid: number;
  /** Why the sandbox ended a process in it (its memory cap), or null. */
  limitHit(): string | null;
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

export { jupyterEnv, userFolder } from './launch';

/** /usr/bin/python3 (Debian's, which has Jupyter) when present, else python3 on PATH. */
export function defaultPython(python: string | null): string {
  if (python !== null) return python;
  return existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3';
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
  /** Servers a previous console left, stopped before any is started. */
  private readonly swept: Promise<void>;
  /** The interpreter's path and read-only files, asked once (a failure is asked again). */
  private runtime: Promise<{ executable: string; readOnly: string[] }> | null = null;

  constructor(private readonly options: ManagedOptions) {
    this.swept = stopLeftovers(options.runtimeRoot, STOP_GRACE_MS).then(
      (stopped) => stopped.forEach(({ folder, pid }) => options.log.warn(`Stopped the Jupyter Server (pid ${pid}) a previous console left running for ${decodeURIComponent(folder)}`)),
      (error: unknown) => options.log.warn(`Looking for Jupyter Servers a previous console left failed: ${reason(error)}`),
    );
  }

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
    const { runtimeRoot, sandbox, memoryMb, cpuShare, log } = this.options;
    const python = defaultPython(this.options.python);
    const folders = userFolders(runtimeRoot, owner);
    const token = randomBytes(24).toString('hex');
    const failed = (why: string) => new Error(`The notebook server for ${owner} (${python} -m jupyter_server) ${why}`);
    await this.swept;
    let runtime: { executable: string; readOnly: string[] };
    try {
      await prepareFolders(folders);
      runtime = sandbox.kind === 'off' ? { executable: python, readOnly: [] } : await this.pythonRuntime(python);
    } catch (error) {
      throw failed(`exited while starting:\n${reason(error)}`);
    }
    const server = new ServerProcess(wrapServer({ sandbox, python: runtime.executable, runtime: runtime.readOnly, folders, token, memoryMb, cpuShare }));
    spawned(server);
    void server.exited.then((how) => this.ended(owner, server, how));
    if (server.child.pid !== undefined) await recordServer(folders.dir, server.child.pid);
    const client = createJupyterClient('http://localhost', token, folders.socket);
    try {
      await waitUntilAnswering(client, server);
    } catch (error) {
      throw failed(reason(error));
    }
    log.info(`Jupyter Server for ${owner} started (pid ${server.child.pid}, sandbox ${sandbox.kind}, limits ${sandbox.limits}, ${memoryMb} MB a kernel)`);
    return { owner, client, pid: server.child.pid!, limitHit: () => server.wrapped.limitHit() };
  }

  private pythonRuntime(python: string): Promise<{ executable: string; readOnly: string[] }> {
    this.runtime ??= pythonRuntime(python).catch((error: unknown) => {
      this.runtime = null;
      throw error;
    });
    return this.runtime;
  }

  private ended(owner: string, server: ServerProcess, how: string): void {
    if (this.entries.get(owner)?.process === server) {
      this.entries.delete(owner);
      void forgetServer(userFolders(this.options.runtimeRoot, owner).dir);
    }
    this.options.log.info(`Jupyter Server for ${owner} ended (${how})`);
    for (const listener of this.goneListeners) listener(owner);
  }
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
