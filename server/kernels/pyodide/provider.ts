import { mkdirSync, realpathSync } from 'node:fs';
import type { KernelSpec } from '../../../contracts/kernels';
import type { KernelProvider, KernelSql, ProviderKernel, StartRequest } from '../provider';
import { PyodideKernel } from './kernel';
import { hostPaths, KernelProcess, type Confinement, type HostPaths } from './process';

export interface PyodideOptions {
  /** <dataDir>/kernels: each kernel gets its own scratch folder below it (its cwd, the only folder it may write). */
  scratchRoot: string;
  /** Kernels kept started and unassigned (config.kernelSpares). */
  spares: number;
  /** Runs sql(query) for the kernel's owner; rejects with an Error whose message the user sees. */
  sql: KernelSql;
  /** After an interrupt, how long to wait before killing and restarting a kernel stuck in a blocking call (default 10_000). */
  hardKillAfterMs?: number;
  /** The OS sandbox each kernel process runs in, and its caps. */
  confinement: Confinement;
  log: { warn(obj: object, msg: string): void };
}

export const PYODIDE_SPEC = 'python3-pyodide';

const SPEC: KernelSpec = {
  name: PYODIDE_SPEC,
  display_name: 'Python 3.14 (Pyodide, in the console)',
  language: 'python',
  provider: 'pyodide',
  banner:
    'Embedded Python 3.14 in WebAssembly (Pyodide), standard library only, with sql() for the warehouse: ' +
    'numpy, pandas and matplotlib are not available offline; for them start a Jupyter kernel (see README).',
};

/**
 * Processes started ahead (warm spares) and every process alive, so close() can end them all.
 * Spares are started when the provider is created and topped up after each one is taken.
 */
class ProcessPool {
  private readonly spares: KernelProcess[] = [];
  private readonly alive = new Set<KernelProcess>();
  private closed = false;

  constructor(
    private readonly paths: HostPaths,
    private readonly scratchRoot: string,
    private readonly wanted: number,
    private readonly confinement: Confinement,
    private readonly log: PyodideOptions['log'],
  ) {}

  /** A loaded process: a spare if one is there (it may still be loading), else a cold start. */
  async take(): Promise<KernelProcess> {
    const spare = this.spares.shift();
    this.topUp();
    if (spare) {
      try {
        await spare.ready;
        if (spare.alive) return spare;
      } catch {
        // Logged when it failed (topUp); a cold start follows.
      }
    }
    const cold = this.start();
    try {
      await cold.ready;
    } catch (error) {
      await cold.kill();
      throw error;
    }
    return cold;
  }

  topUp(): void {
    while (!this.closed && this.spares.length < this.wanted) {
      const spare = this.start();
      this.spares.push(spare);
      spare.ready.catch((error: unknown) => this.log.warn({ err: error }, 'a spare Pyodide kernel failed to start'));
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    this.spares.length = 0;
    await Promise.all([...this.alive].map((process) => process.kill()));
  }

  private start(): KernelProcess {
    if (this.closed) throw new Error('The embedded kernels are closing.');
    const process = new KernelProcess(this.paths, this.scratchRoot, this.confinement);
    this.alive.add(process);
    void process.exited.then(() => {
      this.alive.delete(process);
      // A spare that died while it waited is not handed out.
      const spare = this.spares.indexOf(process);
      if (spare >= 0) this.spares.splice(spare, 1);
    });
    return process;
  }
}

/** The embedded provider: one sandboxed Node process per kernel, each running Pyodide in a worker thread. */
export function createPyodideProvider(options: PyodideOptions): KernelProvider {
  mkdirSync(options.scratchRoot, { recursive: true });
  const pool = new ProcessPool(hostPaths(), realpathSync(options.scratchRoot), options.spares, options.confinement, options.log);
  const kernels = new Set<PyodideKernel>();
  pool.topUp();
  return {
    id: 'pyodide',
    specs: async () => [SPEC],
    startHost: async () => pool.topUp(),
    stopHost: async () => {},
    async startKernel(request: StartRequest): Promise<ProviderKernel> {
      if (request.spec !== PYODIDE_SPEC) throw new Error(`Unknown kernel spec for the embedded provider: ${request.spec}`);
      const kernel = new PyodideKernel(
        {
          spec: PYODIDE_SPEC,
          owner: request.owner,
          sql: options.sql,
          hardKillAfterMs: options.hardKillAfterMs ?? 10_000,
          log: options.log,
          acquire: () => pool.take(),
        },
        await pool.take(),
      );
      kernels.add(kernel);
      kernel.onState((state) => {
        if (state === 'dead') kernels.delete(kernel);
        else kernels.add(kernel);
      });
      return kernel;
    },
    async close() {
      await Promise.all([...kernels].map((kernel) => kernel.shutdown()));
      await pool.close();
    },
  };
}
