import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, realpathSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RunEvent, RunStatus } from '../../../contracts/kernels';

/** What a kernel process says over the fork channel (host/host.mjs and host/worker.mjs). */
export type HostMessage =
  | { t: 'ready'; pid: number }
  | { t: 'event'; event: RunEvent }
  | { t: 'done'; id: string; status: RunStatus }
  | { t: 'sql'; id: string; query: string }
  | { t: 'fatal'; message: string };

/** What the console says to it. */
export type ConsoleMessage =
  | { t: 'run'; id: string; code: string; count: number }
  | { t: 'interrupt' }
  | { t: 'sql-result'; id: string; columns: string[]; rows: unknown[] }
  | { t: 'sql-result'; id: string; error: string };

export interface ProcessListener {
  message(message: HostMessage): void;
  /** The process ended without being killed by the console; why, for the user. */
  exit(reason: string): void;
}

/** Resolved once per provider: where Pyodide and the host scripts are (real paths, as the permission model compares them). */
export interface HostPaths {
  pyodideDir: string;
  hostDir: string;
}

export function hostPaths(): HostPaths {
  const pyodideEntry = createRequire(import.meta.url).resolve('pyodide/pyodide.mjs');
  return {
    pyodideDir: realpathSync(dirname(pyodideEntry)),
    hostDir: realpathSync(fileURLToPath(new URL('./host/', import.meta.url))),
  };
}

/**
 * Node's permission model: reads limited to Pyodide, the host scripts and the scratch folder, writes
 * to the scratch folder, worker threads allowed, child processes not (no --allow-child-process).
 */
function permissionArgs(paths: HostPaths, scratch: string): string[] {
  return [
    '--experimental-permission',
    '--allow-worker',
    `--allow-fs-read=${paths.pyodideDir}`,
    `--allow-fs-read=${paths.hostDir}`,
    `--allow-fs-read=${scratch}`,
    `--allow-fs-write=${scratch}`,
    '--import',
    join(paths.hostDir, 'preload.mjs'),
    '--no-warnings',
  ];
}

const STDERR_KEPT = 4000;

/** One sandboxed Node process holding one Pyodide interpreter, with its own scratch folder. */
export class KernelProcess {
  readonly scratch: string;
  /** Resolves when Pyodide has loaded; rejects if the process fails before that. */
  readonly ready: Promise<void>;
  private readonly child: ChildProcess;
  private listener: ProcessListener | null = null;
  private stderr = '';
  /** What the host said when its interpreter failed, the best reason to give if it then exits. */
  private fatal = '';
  private killed = false;
  /** Resolves when the process has ended, however it ended. */
  readonly exited: Promise<void>;

  constructor(paths: HostPaths, scratchRoot: string) {
    this.scratch = join(scratchRoot, randomUUID());
    mkdirSync(this.scratch, { recursive: true });
    this.child = fork(join(paths.hostDir, 'host.mjs'), [paths.pyodideDir, this.scratch], {
      execArgv: permissionArgs(paths, this.scratch),
      // Nothing of the console's environment (passwords, keys, tokens) reaches the kernel.
      env: {},
      cwd: this.scratch,
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    this.child.stderr?.on('data', (chunk: Buffer) => {
      this.stderr = (this.stderr + chunk.toString()).slice(-STDERR_KEPT);
    });
    this.exited = new Promise((resolve) => this.child.once('exit', () => resolve()));
    this.ready = new Promise((resolve, reject) => {
      this.child.on('message', (message: HostMessage) => {
        // A cell can send anything over the channel; a null would throw in the console's process.
        if (typeof message !== 'object' || message === null) return;
        if (message.t === 'ready') resolve();
        else if (message.t === 'fatal') {
          this.fatal = String(message.message).split('\n')[0];
          reject(new Error(`Pyodide did not start: ${message.message}`));
        }
        this.listener?.message(message);
      });
      this.child.once('exit', (code, signal) => {
        const reason = this.exitReason(code, signal);
        reject(new Error(`The kernel process ended before Pyodide loaded: ${reason}`));
        if (!this.killed) this.listener?.exit(reason);
        this.removeScratch();
      });
    });
    // A spare nobody waits on yet must not become an unhandled rejection.
    this.ready.catch(() => {});
  }

  /** Not ended (a spare can die while it waits). */
  get alive(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** The one listener (the kernel that owns the process); a spare has none. */
  listen(listener: ProcessListener | null): void {
    this.listener = listener;
  }

  send(message: ConsoleMessage): void {
    if (this.child.connected) this.child.send(message);
  }

  /** Ends the process at once (SIGKILL: a cell stuck in a blocking call ignores anything gentler). */
  async kill(): Promise<void> {
    this.killed = true;
    this.listener = null;
    if (this.alive) this.child.kill('SIGKILL');
    await this.exited;
    this.removeScratch();
  }

  private exitReason(code: number | null, signal: NodeJS.Signals | null): string {
    const how = signal ? `killed by ${signal}` : `exit code ${code}`;
    const lastLine = this.fatal || this.stderr.trim().split('\n').at(-1);
    return lastLine ? `${how}: ${lastLine}` : how;
  }

  private removeScratch(): void {
    rmSync(this.scratch, { recursive: true, force: true });
  }
}
