import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { KernelSpec } from '../../../contracts/kernels';
import type { KernelProvider, ProviderKernel, StartRequest } from '../provider';
import type { Sandbox } from '../sandbox';
import { createJupyterClient, JupyterError, reason, type JupyterClient } from './client';
import { JupyterKernel } from './kernel';
import { connectStarted } from './started';
import type { Logger } from './logger';
import { createManagedHosts, defaultPython, jupyterEnv, type ManagedHosts } from './managed';

/**
 * Kernels on Jupyter Server: an external one everybody shares (CONSOLE_JUPYTER_URL and
 * _TOKEN), or a managed one per user that the console starts and stops (CONSOLE_KERNELS=jupyter).
 */

export type JupyterOptions =
  | { mode: 'external'; url: string; token: string; log: Logger }
  | { mode: 'managed'; python: string | null; runtimeRoot: string; sandbox: Sandbox; memoryMb: number; cpuShare?: number; log: Logger };

/** Where the managed provider lists kernelspecs; user folders never start with a dot. */
const SPECS_FOLDER = '.kernelspecs';

export function createJupyterProvider(options: JupyterOptions): KernelProvider {
  return new JupyterProvider(options);
}

class JupyterProvider implements KernelProvider {
  readonly id = 'jupyter' as const;
  /** Each user's live kernels, to mark dead when their server ends and to end on close. */
  private readonly byOwner = new Map<string, Set<JupyterKernel>>();
  private readonly hosts: ManagedHosts | null = null;
  private readonly external: JupyterClient | null = null;
  private readonly listSpecs: () => Promise<KernelSpec[]>;

  constructor(private readonly options: JupyterOptions) {
    if (options.mode === 'managed') {
      const hosts = createManagedHosts(options);
      hosts.onGone((owner) => this.hostGone(owner));
      this.hosts = hosts;
      this.listSpecs = cachedManagedSpecs(options);
    } else {
      const external = createJupyterClient(options.url, options.token);
      this.external = external;
      this.listSpecs = () => externalSpecs(external).catch((error: unknown) => Promise.reject(this.externalError(error)));
    }
  }

  specs(): Promise<KernelSpec[]> {
    return this.listSpecs();
  }

  async startHost(owner: string): Promise<void> {
    if (this.hosts) await this.hosts.start(owner);
    else await this.external!.status().catch((error: unknown) => Promise.reject(this.externalError(error)));
  }

  async stopHost(owner: string): Promise<void> {
    await this.hosts?.stop(owner);
  }

  async startKernel(request: StartRequest): Promise<ProviderKernel> {
    const host = this.hosts ? await this.hosts.start(request.owner) : null;
    const client = host?.client ?? this.external!;
    const model = await client.startKernel(request.spec, request.path).catch((error: unknown) => Promise.reject(this.externalError(error)));
    const kernel = new JupyterKernel(client, model.id, model.name, this.options.log, host ? () => host.limitHit() : undefined);
    this.track(request.owner, kernel);
    return connectStarted(kernel, client, request.spec);
  }

  async close(): Promise<void> {
    const kernels = [...this.byOwner.values()].flatMap((set) => [...set]);
    this.byOwner.clear();
    if (this.hosts) {
      for (const kernel of kernels) kernel.markDead('The console is closing.');
      await this.hosts.stopAll();
      return;
    }
    // The external server outlives the console: its kernels must not be left running there.
    const shutdown = (kernel: JupyterKernel) => kernel.shutdown().catch((error: unknown) => this.options.log.warn(`Jupyter kernel ${kernel.id} did not shut down: ${reason(error)}`));
    await Promise.all(kernels.map(shutdown));
  }

  private track(owner: string, kernel: JupyterKernel): void {
    const kernels = this.byOwner.get(owner) ?? new Set();
    this.byOwner.set(owner, kernels.add(kernel));
    kernel.onState((state) => {
      if (state === 'dead') kernels.delete(kernel);
    });
  }

  private hostGone(owner: string): void {
    for (const kernel of this.byOwner.get(owner) ?? []) kernel.markDead('The notebook server stopped: its kernels and their variables are gone.');
    this.byOwner.delete(owner);
  }

  /**
   * An external server's failure as the user should read it: a refused token or no answer say
   * where; the server's own errors (no such kernelspec …) pass as they are. Managed ones pass too.
   */
  private externalError(error: unknown): unknown {
    if (this.options.mode !== 'external') return error;
    const url = this.options.url;
    if (error instanceof JupyterError) {
      if (error.status !== 401 && error.status !== 403) return error;
      return new Error(`Jupyter Server at ${url} refused the token (check CONSOLE_JUPYTER_TOKEN): ${error.message}`);
    }
    return new Error(`Jupyter Server at ${url} is not reachable: ${reason(error)}`);
  }
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
