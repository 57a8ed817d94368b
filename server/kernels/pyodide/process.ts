import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, realpathSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RunEvent, RunStatus } from '../../../contracts/kernels';
import { runtimeFiles, type Sandbox, type Wrapped } from '../sandbox';

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

/** Resolved once per provider: where Node, Pyodide and the host scripts are (real paths, as the permission model compares them). */
export interface HostPaths {
  node: string;
  /** Node and the shared libraries it loads: all a kernel's sandbox holds beside Pyodide, the host scripts and its scratch. */
  runtime: string[];
  pyodideDir: string;
  hostDir: string;
}

export function hostPaths(): HostPaths {
  const pyodideEntry = createRequire(import.meta.url).resolve('pyodide/pyodide.mjs');
  const runtime = runtimeFiles(process.execPath);
  return {
    node: runtime[0],
    runtime,
    pyodideDir: realpathSync(dirname(pyodideEntry)),
    hostDir: realpathSync(fileURLToPath(new URL('./host/', import.meta.url))),
  };
}

/** How each kernel process is confined (server/kernels/sandbox) and its memory cap. */
export interface Confinement {
  sandbox: Sandbox;
  memoryMb: number;
  /** The most CPU one kernel may use, in cores. */
  cpuShare: number;
  /**
   * The console keeps at most this much of a run's output (CONSOLE_OUTPUT_MAX_MB); the kernel stops
   * sending outputs a little past it, so a flood never crosses the channel (it grew the host past its cap).
   */
  outputMaxBytes?: number;
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

/** The cap a MemoryError names: only inside the sandbox, where RLIMIT_DATA sets it. */
function memoryLimit(confinement: Confinement): string {
  return confinement.sandbox.kind === 'bwrap' ? String(confinement.memoryMb) : '';
}

/** The threads a kernel may have: Node's own (about 12), the interpreter's worker, and room for a few a cell starts. */
const PIDS_MAX = 64;

/** One sandboxed Node process holding one Pyodide interpreter, with its own scratch folder. */
export class KernelProcess {
  readonly scratch: string;
  /** Resolves when Pyodide has loaded; rejects if the process fails before that. */
  readonly ready: Promise<void>;
  private readonly child: ChildProcess;
  private readonly wrapped: Wrapped;
  private listener: ProcessListener | null = null;
  private stderr = '';
  /** What the host said when its interpreter failed, the best reason to give if it then exits. */
  private fatal = '';
  private killed = false;
  /** Resolves when the process has ended, however it ended. */
  readonly exited: Promise<void>;

  constructor(paths: HostPaths, scratchRoot: string, confinement: Confinement) {
    const id = randomUUID();
    this.scratch = join(scratchRoot, id);
    mkdirSync(this.scratch, { recursive: true });
    this.wrapped = this.confine(paths, confinement, id);
    // The IPC channel is an inherited fd: the launcher, setpriv and bwrap pass it on to Node.
    this.child = spawn(this.wrapped.command, this.wrapped.args, {
      env: this.wrapped.env,
      cwd: confinement.sandbox.kind === 'off' ? this.scratch : '/',
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    this.child.stderr?.on('data', (chunk: Buffer) => {
      this.stderr = (this.stderr + chunk.toString()).slice(-STDERR_KEPT);
    });
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
    // Ended once the sandbox is released too (what was left of it killed, its cgroup removed); after
    // the listener above, which reads the cgroup's OOM count first.
    this.exited = new Promise((resolve) => this.child.once('exit', () => void this.wrapped.release().finally(resolve)));
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

  /** The sandboxed command line; where the sandbox refuses (not available), the scratch folder goes again. */
  private confine(paths: HostPaths, confinement: Confinement, id: string): Wrapped {
    try {
      return confinement.sandbox.wrap(
        paths.node,
        [...permissionArgs(paths, this.scratch), join(paths.hostDir, 'host.mjs'), paths.pyodideDir, this.scratch, memoryLimit(confinement), String(confinement.outputMaxBytes ?? '')],
        {
          id,
          readOnly: [...paths.runtime, paths.pyodideDir, paths.hostDir],
          readWrite: [this.scratch],
          cwd: this.scratch,
          memoryMb: confinement.memoryMb,
          cpuShare: confinement.cpuShare,
          pidsMax: PIDS_MAX,
          // Nothing of the console's environment (passwords, keys, tokens) reaches the kernel.
          env: {},
        },
      );
    } catch (error) {
      this.removeScratch();
      throw error;
    }
  }

  private exitReason(code: number | null, signal: NodeJS.Signals | null): string {
    const limit = this.wrapped.limitHit();
    if (limit) return limit;
    const how = signal ? `killed by ${signal}` : `exit code ${code}`;
    const lastLine = this.fatal || this.stderr.trim().split('\n').at(-1);
    return lastLine ? `${how}: ${lastLine}` : how;
  }

  private removeScratch(): void {
    rmSync(this.scratch, { recursive: true, force: true });
  }
}
