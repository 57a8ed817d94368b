import { availableParallelism } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { BiContext } from '../bi/context';
import { MIB } from '../config';
import { createJupyterProvider } from './jupyter/provider';
import { KernelManager } from './manager';
import type { KernelProvider } from './provider';
import { createPyodideProvider } from './pyodide/provider';
import { openKernelSandbox, type Sandbox } from './sandbox';
import type { KernelRouteOptions } from './routes';
import { WarehouseSql } from './warehouseSql';

/** How often idle kernels are looked for, at most (less often than the idle time itself). */
const CULL_CHECK_MS = 60_000;

/**
 * The kernel providers the configuration asks for, the manager over them and its culling, closed
 * with the app. Pyodide is always offered (it needs nothing installed); CONSOLE_KERNELS=jupyter
 * makes a Jupyter Server each user's notebook server: the external one at CONSOLE_JUPYTER_URL, or
 * one the console starts per user. An external server without that setting is offered beside Pyodide.
 */
export function openKernels(app: FastifyInstance, bi: BiContext): KernelRouteOptions {
  const { config, clock, users } = app.services;
  const sql = new WarehouseSql(bi, users);
  const pyodideIsServer = config.kernels === 'pyodide';
  const sandbox = openKernelSandbox(config.kernelSandbox, {
    warn: (msg) => app.log.warn(msg),
    error: (msg) => app.log.error(msg),
  });
  const pyodide = createPyodideProvider({
    scratchRoot: path.join(config.dataDir, 'kernels'),
    // No spares where every start is refused (the sandbox is missing): the refusal goes to whoever starts one.
    spares: pyodideIsServer && sandbox.refusal === null ? config.kernelSpares : 0,
    sql: (owner, query) => sql.rows(owner, query),
    confinement: { sandbox, memoryMb: config.kernelMemoryMb, cpuShare: kernelCpuShare(), outputMaxBytes: config.outputMaxMb * MIB },
    log: app.log,
  });
  const jupyter = jupyterProvider(app, sandbox);
  const providers: KernelProvider[] = jupyter ? [pyodide, jupyter] : [pyodide];
  const kernels = new KernelManager({
    providers,
    serverProvider: !pyodideIsServer && jupyter ? jupyter : pyodide,
    clock,
    idleMs: config.kernelIdleMinutes * 60_000,
    outputMaxBytes: config.outputMaxMb * MIB,
    log: app.log,
  });
  const timer = setInterval(() => {
    kernels.cull().catch((error: unknown) => app.log.warn({ err: error }, 'culling idle kernels failed'));
  }, Math.min(CULL_CHECK_MS, (config.kernelIdleMinutes * 60_000) / 2));
  timer.unref();
  // Before the server waits for open requests: a streamed run ends (aborted) when its kernel does.
  app.addHook('preClose', async () => {
    clearInterval(timer);
    await kernels.close();
  });
  return { kernels, sql, userExists: async (username) => (await users.find(username)) !== null };
}

/** Half the machine's cores (at least one) for one kernel: the console keeps the rest under load. */
function kernelCpuShare(): number {
  return Math.max(1, Math.floor(availableParallelism() / 2));
}

function jupyterProvider(app: FastifyInstance, sandbox: Sandbox): KernelProvider | null {
  const { config } = app.services;
  if (config.jupyterUrl) return createJupyterProvider({ mode: 'external', url: config.jupyterUrl, token: config.jupyterToken ?? '', log: app.log });
  if (config.kernels !== 'jupyter') return null;
  return createJupyterProvider({
    mode: 'managed',
    python: config.python,
    runtimeRoot: path.join(config.dataDir, 'jupyter'),
    sandbox,
    memoryMb: config.kernelMemoryMb,
    cpuShare: kernelCpuShare(),
    log: app.log,
  });
}
