import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { KernelSpec } from '../../../contracts/kernels';
import type { KernelProvider, ProviderKernel, StartRequest } from '../provider';
import { createJupyterClient, JupyterError, reason, type JupyterClient } from './client';
import { JupyterKernel } from './kernel';
import { createManagedHosts, defaultPython, jupyterEnv } from './managed';

/**
 * Kernels on Jupyter Server: an external one everybody shares (CONSOLE_JUPYTER_URL and
 * _TOKEN), or a managed one per user that the console starts and stops (CONSOLE_KERNELS=jupyter).
 */

export interface Logger {
  info(message: string): void;
  warn(message: string): void;
}

export type JupyterOptions =
  | { mode: 'external'; url: string; token: string; log: Logger }
  | { mode: 'managed'; python: string | null; rootDir: string; runtimeRoot: string; log: Logger };

/** Where the managed provider lists kernelspecs; user folders never start with a dot. */
const SPECS_FOLDER = '.kernelspecs';

export function createJupyterProvider(options: JupyterOptions): KernelProvider {
  const byOwner = new Map<string, Set<JupyterKernel>>();
  const hosts = options.mode === 'managed' ? createManagedHosts(options) : null;
  const external = options.mode === 'external' ? createJupyterClient(options.url, options.token) : null;
  const listSpecs = hosts ? cachedManagedSpecs(options as Extract<JupyterOptions, { mode: 'managed' }>) : () => externalSpecs(external!);

  hosts?.onGone((owner) => {
    for (const kernel of byOwner.get(owner) ?? []) kernel.markDead('The notebook server stopped: its kernels and their variables are gone.');
    byOwner.delete(owner);
  });

  async function clientFor(owner: string): Promise<JupyterClient> {
    return hosts ? (await hosts.start(owner)).client : external!;
  }

  function track(owner: string, kernel: JupyterKernel): void {
    const kernels = byOwner.get(owner) ?? new Set();
    byOwner.set(owner, kernels.add(kernel));
    kernel.onState((state) => {
      if (state === 'dead') kernels.delete(kernel);
    });
  }

  async function startKernel(request: StartRequest): Promise<ProviderKernel> {
    const client = await clientFor(request.owner);
    const model = await client.startKernel(request.spec, request.path).catch((error: unknown) => {
      throw hosts ? error : unreachable(options, error);
    });
    const kernel = new JupyterKernel(client, model.id, model.name, options.log);
    track(request.owner, kernel);
    try {
      await kernel.connect();
    } catch (error) {
      kernel.markDead('The kernel did not start.');
      await client.deleteKernel(model.id).catch(() => undefined);
      throw new Error(`The ${request.spec} kernel did not start: ${reason(error)}`);
    }
    return kernel;
  }

  return {
    id: 'jupyter',
    specs: () => listSpecs(),
    async startHost(owner) {
      if (hosts) await hosts.start(owner);
      else await external!.status().catch((error: unknown) => Promise.reject(unreachable(options, error)));
    },
    async stopHost(owner) {
      await hosts?.stop(owner);
    },
    startKernel,
    async close() {
      const kernels = [...byOwner.values()].flatMap((set) => [...set]);
      byOwner.clear();
      if (hosts) {
        for (const kernel of kernels) kernel.markDead('The console is closing.');
        await hosts.stopAll();
        return;
      }
      // The external server outlives the console: its kernels must not be left running there.
      await Promise.all(kernels.map((kernel) => kernel.shutdown().catch((error: unknown) => options.log.warn(`Jupyter kernel ${kernel.id} did not shut down: ${reason(error)}`))));
    },
  };
}

function unreachable(options: JupyterOptions, error: unknown): Error {
  const url = options.mode === 'external' ? options.url : 'the managed server';
  if (error instanceof JupyterError && (error.status === 401 || error.status === 403)) {
    return new Error(`Jupyter Server at ${url} refused the token (check CONSOLE_JUPYTER_TOKEN): ${error.message}`);
  }
  return new Error(`Jupyter Server at ${url} is not reachable: ${reason(error)}`);
}

/** What the console shows of a Jupyter kernelspec. */
export function toKernelSpec(name: string, spec: { display_name?: unknown; language?: unknown }): KernelSpec {
  const displayName = typeof spec.display_name === 'string' ? spec.display_name : name;
  const language = typeof spec.language === 'string' ? spec.language : 'unknown';
  const banner = language === 'python' ? `${displayName}: real CPython on Jupyter Server` : `${displayName} on Jupyter Server`;
  return { name, display_name: displayName, language, provider: 'jupyter', banner };
}

async function externalSpecs(client: JupyterClient): Promise<KernelSpec[]> {
  const answer = await client.kernelspecs();
  return Object.entries(answer.kernelspecs).map(([name, entry]) => toKernelSpec(name, entry.spec));
}

/**
 * Managed servers are per user and may not be running: the specs come from
 * `jupyter_client.kernelspecapp list --json` (what those servers would list), run once.
 * A failure is not cached, so a fixed installation is seen on the next call.
 */
function cachedManagedSpecs(options: { python: string | null; runtimeRoot: string }): () => Promise<KernelSpec[]> {
  let cached: Promise<KernelSpec[]> | null = null;
  return () => {
    cached ??= managedSpecs(options).catch((error: unknown) => {
      cached = null;
      throw error;
    });
    return cached;
  };
}

const run = promisify(execFile);

async function managedSpecs(options: { python: string | null; runtimeRoot: string }): Promise<KernelSpec[]> {
  const python = defaultPython(options.python);
  const env = jupyterEnv(path.join(options.runtimeRoot, SPECS_FOLDER));
  let stdout: string;
  try {
    ({ stdout } = await run(python, ['-m', 'jupyter_client.kernelspecapp', 'list', '--json'], { env, timeout: 30_000 }));
  } catch (error) {
    const stderr = String((error as { stderr?: unknown }).stderr ?? '').trim().split('\n').slice(-3).join('\n');
    throw new Error(`Listing Jupyter kernelspecs with ${python} failed: ${stderr || reason(error)}`);
  }
  const answer = JSON.parse(stdout) as { kernelspecs: Record<string, { spec: { display_name?: unknown; language?: unknown } }> };
  return Object.entries(answer.kernelspecs).map(([name, entry]) => toKernelSpec(name, entry.spec));
}
