import type { KernelModel, KernelSpecList, RunDone, RunEvent } from '../../contracts/kernels';
import type { Clock } from '../util/clock';
import { storageProblem } from '../http/storageErrors';
import { conflict, forbidden, notFound, unavailable } from './errors';
import { KernelHub } from './hub';
import { limitOutputs } from './outputLimit';
import { StartSlots } from './startSlots';
import type { KernelProvider, ProviderKernel } from './provider';
import { NotebookServers } from './servers';
import { listSpecs, resolveSpec } from './specs';

/** Who asks. Kernels are their owner's; admins may list and shut down anyone's. */
export interface Viewer {
  username: string;
  admin: boolean;
}

export interface ManagerOptions {
  providers: KernelProvider[];
  /** The provider whose host is each user's personal notebook server (and whose Python is the default). */
  serverProvider: KernelProvider;
  clock: Clock;
  /** Kernels without a run or request this long are shut down by cull(). */
  idleMs: number;
  /** The most bytes of outputs one run passes on (CONSOLE_OUTPUT_MAX_MB); past it the rest is dropped with a note. */
  outputMaxBytes: number;
  log: { warn(obj: object, msg: string): void };
}

/** A user may hold this many kernels at once (each embedded one takes ~190 MB). */
export const MAX_KERNELS_PER_USER = 10;

interface Entry {
  kernel: ProviderKernel;
  provider: KernelProvider;
  model: KernelModel;
  lastActivityMs: number;
  running: number;
  /** Its runs in the order sent, which is the order the kernel runs them: the first is the one running. */
  runs: Run[];
  unsubscribe: () => void;
}

interface Run {
  /** Its requester went away: it is interrupted once it is the one running. */
  cancelled: boolean;
}

/**
 * The kernels of every user, on every provider: who owns which, their state and activity, the
 * per-user event stream, the personal notebook servers and culling. Rights are checked here,
 * before any provider is called.
 */
export class KernelManager {
  readonly hub = new KernelHub();
  private readonly kernels = new Map<string, Entry>();
  private readonly starts = new StartSlots(MAX_KERNELS_PER_USER);
  private readonly servers: NotebookServers;

  constructor(private readonly options: ManagerOptions) {
    this.servers = new NotebookServers(
      options.serverProvider,
      (username) => this.publishServer(username),
      (username) => void this.adopt(username),
    );
  }

  /** Every provider's kernelspecs; a per-user host's (a JupyterHub server's) as `owner`'s own server lists them. */
  specs(owner?: string): Promise<KernelSpecList> {
    return listSpecs(this.options, owner);
  }

  list(viewer: Viewer): KernelModel[] {
    return [...this.kernels.values()].filter((entry) => viewer.admin || entry.model.owner === viewer.username).map((entry) => ({ ...entry.model }));
  }

  get(viewer: Viewer, id: string): KernelModel {
    return { ...this.entry(viewer, id, 'see').model };
  }

  async start(viewer: Viewer, request: { kernelspec?: string; path?: string }): Promise<KernelModel> {
    const release = this.starts.reserve(viewer.username, this.ownedCount(viewer.username));
    try {
      const { spec, provider } = await resolveSpec(this.options, request.kernelspec, viewer.username);
      await this.startHost(provider, viewer.username);
      let kernel: ProviderKernel;
      try {
        kernel = await provider.startKernel({ owner: viewer.username, spec: spec.name, path: request.path ?? null });
      } catch (error) {
        throw unavailable(`The ${spec.display_name} kernel could not start: ${reasonOf(error)}`);
      }
      return { ...this.register(kernel, provider, viewer.username, request.path ?? null).model };
    } finally {
      release();
    }
  }

  /**
   * Runs code on the viewer's own kernel; onEvent gets each output as it happens. Rights and
   * state are checked at once (a throw, not a rejection), so a caller can answer them before
   * it starts streaming. An abort of `signal` (its requester went away) interrupts the run, at once
   * or when it comes to run; the runs before and after it are left alone.
   */
  execute(viewer: Viewer, id: string, code: string, onEvent: (event: RunEvent) => void, signal?: AbortSignal): Promise<RunDone> {
    const entry = this.entry(viewer, id, 'use');
    if (entry.model.execution_state === 'dead') throw conflict('The kernel is dead: restart it or start a new one');
    return this.run(entry, code, onEvent, signal);
  }

  async interrupt(viewer: Viewer, id: string): Promise<KernelModel> {
    const entry = this.entry(viewer, id, 'use');
    this.touch(entry);
    await entry.kernel.interrupt();
    return { ...entry.model };
  }

  async restart(viewer: Viewer, id: string): Promise<KernelModel> {
    const entry = this.entry(viewer, id, 'use');
    this.touch(entry);
    try {
      await entry.kernel.restart();
    } catch (error) {
      throw conflict(`The kernel could not restart: ${messageOf(error)}; start a new one`);
    }
    return { ...entry.model };
  }

  /** POST /kernels/{id}/start: a live kernel is left as it is; a dead one is started afresh. */
  async revive(viewer: Viewer, id: string): Promise<KernelModel> {
    const entry = this.entry(viewer, id, 'use');
    return entry.model.execution_state === 'dead' ? this.restart(viewer, id) : { ...entry.model };
  }

  async shutdown(viewer: Viewer, id: string): Promise<void> {
    await this.remove(this.entry(viewer, id, 'shut down'));
  }

  // --- personal notebook servers ---

  serverStatus(viewer: Viewer, username: string) {
    this.checkServerRights(viewer, username);
    return this.servers.status(username, this.ownedCount(username));
  }

  async startServer(viewer: Viewer, username: string) {
    this.checkServerRights(viewer, username);
    const started = this.servers.ensure(username).catch(() => undefined);
    // A slow host (a JupyterHub spawn) answers `starting` now; its progress and end come as events.
    if (!this.servers.startsInBackground) await started;
    return this.servers.status(username, this.ownedCount(username));
  }

  /** Shuts down every kernel of the user (on every provider), then their host. */
  async stopServer(viewer: Viewer, username: string) {
    this.checkServerRights(viewer, username);
    const theirs = [...this.kernels.values()].filter((entry) => entry.model.owner === username);
    await Promise.all(theirs.map((entry) => this.remove(entry)));
    await this.servers.stop(username);
    return this.servers.status(username, 0);
  }

  /** Shuts down kernels idle (no run, no request) for idleMs; answers their ids. */
  async cull(): Promise<string[]> {
    const now = this.options.clock();
    const idle = [...this.kernels.values()].filter(
      (entry) => entry.running === 0 && entry.model.execution_state !== 'busy' && now - entry.lastActivityMs >= this.options.idleMs,
    );
    await Promise.all(idle.map((entry) => this.remove(entry)));
    return idle.map((entry) => entry.model.id);
  }

  async close(): Promise<void> {
    for (const entry of this.kernels.values()) entry.unsubscribe();
    this.kernels.clear();
    await Promise.all(this.options.providers.map((provider) => provider.close()));
  }

  // --- inside ---

  private async run(entry: Entry, code: string, onEvent: (event: RunEvent) => void, signal?: AbortSignal): Promise<RunDone> {
    entry.running += 1;
    this.touch(entry);
    const limited = limitOutputs(this.options.outputMaxBytes, onEvent);
    const run: Run = { cancelled: false };
    entry.runs.push(run);
    const cancel = () => {
      run.cancelled = true;
      if (entry.runs[0] === run) this.interruptQuietly(entry);
    };
    signal?.addEventListener('abort', cancel, { once: true });
    try {
      return await entry.kernel.execute(code, (event) => {
        this.touch(entry);
        limited(event);
      });
    } finally {
      signal?.removeEventListener('abort', cancel);
      entry.runs.splice(entry.runs.indexOf(run), 1);
      if (entry.runs[0]?.cancelled) this.interruptQuietly(entry);
      entry.running -= 1;
      this.touch(entry);
    }
  }

  private interruptQuietly(entry: Entry): void {
    entry.kernel.interrupt().catch((error: unknown) => this.options.log.warn({ err: error, kernel: entry.model.id }, 'a run whose client went away could not be interrupted'));
  }

  private entry(viewer: Viewer, id: string, action: 'see' | 'use' | 'shut down'): Entry {
    const entry = this.kernels.get(id);
    if (!entry) throw notFound(`No kernel with id ${id}`);
    const own = entry.model.owner === viewer.username;
    if (own || (viewer.admin && action !== 'use')) return entry;
    throw forbidden(`Kernel ${id} belongs to ${viewer.admin ? entry.model.owner : 'another user'}; only they may ${action === 'use' ? 'run code in it or control it' : `${action} it`}`);
  }

  private async startHost(provider: KernelProvider, username: string): Promise<void> {
    try {
      if (provider === this.options.serverProvider) await this.servers.ensure(username);
      else await provider.startHost(username);
    } catch (error) {
      throw unavailable(`Your notebook server could not start: ${reasonOf(error)}`);
    }
  }

  /** Takes over the kernels running on a host found running (after a console restart): their ids and variables live on. */
  private async adopt(username: string): Promise<void> {
    const provider = this.options.serverProvider;
    try {
      for (const kernel of (await provider.adoptKernels?.(username)) ?? []) if (!this.kernels.has(kernel.id)) this.register(kernel, provider, username, null);
    } catch (error) {
      this.options.log.warn({ err: error, owner: username }, 'the kernels on a re-adopted notebook server could not be taken over');
    }
  }

  private register(kernel: ProviderKernel, provider: KernelProvider, owner: string, path: string | null): Entry {
    const now = this.options.clock();
    const model: KernelModel = { id: kernel.id, name: kernel.spec, provider: provider.id, execution_state: kernel.state, last_activity: new Date(now).toISOString(), owner, path };
    const entry: Entry = { kernel, provider, model, lastActivityMs: now, running: 0, runs: [], unsubscribe: () => undefined };
    entry.unsubscribe = kernel.onState((state) => {
      model.execution_state = state;
      this.touch(entry);
      this.publishKernel(entry);
    });
    this.kernels.set(kernel.id, entry);
    this.publishKernel(entry);
    this.publishServer(owner);
    return entry;
  }

  private async remove(entry: Entry): Promise<void> {
    if (this.kernels.get(entry.model.id) !== entry) return;
    this.kernels.delete(entry.model.id);
    entry.unsubscribe();
    await entry.kernel.shutdown().catch((error: unknown) => this.options.log.warn({ err: error, kernel: entry.model.id }, 'a kernel did not shut down cleanly'));
    this.hub.publish({ type: 'kernel_removed', id: entry.model.id, owner: entry.model.owner });
    this.publishServer(entry.model.owner);
  }

  /** Not published by itself: state changes carry the time, and outputs would flood the stream. */
  private touch(entry: Entry): void {
    const now = this.options.clock();
    entry.lastActivityMs = now;
    entry.model.last_activity = new Date(now).toISOString();
  }

  private publishKernel(entry: Entry): void {
    if (this.kernels.get(entry.model.id) === entry) this.hub.publish({ type: 'kernel', kernel: { ...entry.model } });
  }

  private publishServer(username: string): void {
    this.hub.publish({ type: 'server', server: this.servers.status(username, this.ownedCount(username)) });
  }

  private ownedCount(username: string): number {
    let count = 0;
    for (const entry of this.kernels.values()) if (entry.model.owner === username) count += 1;
    return count;
  }

  private checkServerRights(viewer: Viewer, username: string): void {
    if (!viewer.admin && viewer.username !== username) throw forbidden('You may only see and control your own notebook server');
  }
}

/** A full or read-only data directory in words (storageErrors.ts), else the error's message. */
function reasonOf(error: unknown): string {
  return storageProblem(error)?.message ?? messageOf(error);
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
