import { availableParallelism } from 'node:os';
import path from 'node:path';
import type { UserStore } from '../auth/users';
import { MIB, type ConsoleConfig } from '../config';
import type { Domain, Log } from '../http/domain';
import type { Clock } from '../util/clock';
import type { WarehouseSqlPort } from '../warehouse/sqlPort';
import { createJupyterProvider } from './jupyter/provider';
import { createJupyterHubProvider } from './jupyterhub/provider';
import { KernelManager } from './manager';
import type { KernelProvider } from './provider';
import { createPyodideProvider } from './pyodide/provider';
import { openKernelSandbox, type Sandbox } from './sandbox';
import { kernelRoutes } from './routes';
import { sqlRows } from './sqlCells';

/** How often idle kernels are looked for, at most (less often than the idle time itself). */
const CULL_CHECK_MS = 60_000;

export interface KernelDeps {
  config: ConsoleConfig;
  clock: Clock;
  users: Pick<UserStore, 'find'>;
  /** Where SQL cells and a kernel's sql() run. */
  sql: WarehouseSqlPort;
  log: Log;
}

/**
 * The kernel providers the configuration asks for, the manager over them and its culling; close
 * it before the server waits for open requests (a streamed run ends, aborted, when its kernel does).
 * Pyodide is always offered (it needs nothing installed); CONSOLE_KERNELS=jupyter makes a Jupyter
 * Server each user's notebook server: the external one at CONSOLE_JUPYTER_URL, or one the console
 * starts per user. An external server without that setting is offered beside Pyodide.
 */
export function openKernels({ config, clock, users, sql, log }: KernelDeps): Domain {
  // A JupyterHub is there to be the users' notebook servers.
  const pyodideIsServer = config.kernels === 'pyodide' && !config.jupyterHub;
  const sandbox = openKernelSandbox(config.kernelSandbox, {
    warn: (msg) => log.warn(msg),
    error: (msg) => log.error(msg),
  });
  const pyodide = createPyodideProvider({
    scratchRoot: path.join(config.dataDir, 'kernels'),
    // No spares where every start is refused (the sandbox is missing): the refusal goes to whoever starts one.
    spares: pyodideIsServer && sandbox.refusal === null ? config.kernelSpares : 0,
    sql: (owner, query) => sqlRows(sql, owner, query),
    confinement: { sandbox, memoryMb: config.kernelMemoryMb, cpuShare: kernelCpuShare(), outputMaxBytes: config.outputMaxMb * MIB },
    log,
  });
  const jupyter = jupyterProvider(config, sandbox, log);
  const providers: KernelProvider[] = jupyter ? [pyodide, jupyter] : [pyodide];
  const kernels = new KernelManager({
    providers,
    serverProvider: !pyodideIsServer && jupyter ? jupyter : pyodide,
    clock,
    idleMs: config.kernelIdleMinutes * 60_000,
    outputMaxBytes: config.outputMaxMb * MIB,
    log,
  });
  const timer = setInterval(() => {
    kernels.cull().catch((error: unknown) => log.warn({ err: error }, 'culling idle kernels failed'));
  }, Math.min(CULL_CHECK_MS, (config.kernelIdleMinutes * 60_000) / 2));
  timer.unref();
  const userExists = async (username: string) => (await users.find(username)) !== null;
  return {
    routes: (app) => kernelRoutes(app, { kernels, sql, userExists }),
    close: async () => {
      clearInterval(timer);
      await kernels.close();
    },
  };
}

/** Half the machine's cores (at least one) for one kernel: the console keeps the rest under load. */
function kernelCpuShare(): number {
  return Math.max(1, Math.floor(availableParallelism() / 2));
}

/** A JupyterHub first (its servers are the personal notebook servers), else an external Jupyter Server, else managed ones. */
function jupyterProvider(config: ConsoleConfig, sandbox: Sandbox, log: Log): KernelProvider | null {
  if (config.jupyterHub) return createJupyterHubProvider({ ...config.jupyterHub, log });
  if (config.jupyterUrl) return createJupyterProvider({ mode: 'external', url: config.jupyterUrl, token: config.jupyterToken ?? '', log });
  if (config.kernels !== 'jupyter') return null;
  return createJupyterProvider({
    mode: 'managed',
    python: config.python,
    runtimeRoot: path.join(config.dataDir, 'jupyter'),
    sandbox,
    memoryMb: config.kernelMemoryMb,
    cpuShare: kernelCpuShare(),
    log,
  });
}
