import type { KernelSpec } from '../../../contracts/kernels';
import { createJupyterClient, reason, type JupyterClient } from '../jupyter/client';
import { JupyterKernel } from '../jupyter/kernel';
import { connectStarted } from '../jupyter/started';
import type { Logger } from '../jupyter/logger';
import { toKernelSpec } from '../jupyter/provider';
import type { HostListener, HostProgress, KernelProvider, ProviderKernel, StartRequest } from '../provider';
import { HubApi, HubError } from './hubApi';
import { consoleName, hubName } from './names';

export interface JupyterHubOptions {
  url: string;
  token: string;
  log: Logger;
  /** How often the Hub is asked which servers run (a culled or re-adopted one shows within this). */
  pollMs?: number;
}

/** A user's way into their own server: a client with a token that opens only that server. */
interface Session {
  client: JupyterClient;
  tokenId: string;
}

/** How long a stop waits for the Hub to say the server is gone. */
const STOP_WAIT_MS = 30_000;
/** Offered before any user's server has listed its own (every Hub single-user image has it). */
const ASSUMED_SPECS = [toKernelSpec('python3', { display_name: 'Python 3 (ipykernel)', language: 'python' })];

/**
 * Each user's personal notebook server is their default server on a JupyterHub: the console, a Hub
 * service, creates the Hub user (names.ts), starts and stops the server and mints the user a token
 * scoped to it (access:servers!user=<name>); kernels then go through the Hub's proxy to that server
 * with the Jupyter provider's client and kernel, never with the service's token.
 */
export function createJupyterHubProvider(options: JupyterHubOptions): KernelProvider {
  return new JupyterHubProvider(options);
}

class JupyterHubProvider implements KernelProvider {
  readonly id = 'jupyter' as const;
  readonly startsInBackground = true;
  private readonly api: HubApi;
  private readonly sessions = new Map<string, Promise<Session>>();
  private readonly byOwner = new Map<string, Set<JupyterKernel>>();
  /** Owners whose server the console knows as running, and since when (to see it stop behind our back). */
  private readonly running = new Map<string, number>();
  private readonly listeners = new Set<HostListener>();
  private lastSpecs: KernelSpec[] = ASSUMED_SPECS;
  private timer: ReturnType<typeof setInterval> | null = null;
  /** The Hub did not answer the last poll: its servers were reported unreachable. */
  private hubDown = false;

  constructor(private readonly options: JupyterHubOptions) {
    this.api = new HubApi(options.url, options.token);
  }

  /** The owner's server's kernelspecs when it runs; else the last a server listed. */
  async specs(owner?: string): Promise<KernelSpec[]> {
    const session = owner === undefined || !this.running.has(owner) ? undefined : this.sessions.get(owner);
    if (!session) return this.lastSpecs;
    const answer = await (await session).client.kernelspecs();
    this.lastSpecs = Object.entries(answer.kernelspecs).map(([name, entry]) => toKernelSpec(name, entry.spec));
    return this.lastSpecs;
  }

  async startHost(owner: string, onProgress: (progress: HostProgress) => void = () => {}): Promise<void> {
    const name = hubName(owner);
    const user = await this.api.user(name);
    if (!user) await this.api.createUser(name);
    const server = user?.servers?.[''];
    if (!server?.ready) {
      if (server?.pending !== 'spawn') await this.api.startServer(name);
      await this.follow(name, onProgress);
    }
    await (await this.session(owner)).client.status();
    this.running.set(owner, Date.now());
  }

  async stopHost(owner: string): Promise<void> {
    const name = hubName(owner);
    this.hostGone(owner, 'The notebook server stopped: its kernels and their variables are gone.');
    await this.api.stopServer(name);
    const deadline = Date.now() + STOP_WAIT_MS;
    while (Date.now() < deadline) {
      const server = (await this.api.user(name))?.servers?.[''];
      if (!server) return;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`JupyterHub did not stop ${name}'s server within ${STOP_WAIT_MS / 1000} s`);
  }

  async startKernel(request: StartRequest): Promise<ProviderKernel> {
    const { client } = await this.session(request.owner);
    const model = await client.startKernel(request.spec, request.path);
    const kernel = this.track(request.owner, new JupyterKernel(client, model.id, model.name, this.options.log));
    return connectStarted(kernel, client, request.spec);
  }

  async adoptKernels(owner: string): Promise<ProviderKernel[]> {
    const { client } = await this.session(owner);
    const held = new Set([...(this.byOwner.get(owner) ?? [])].map((kernel) => kernel.id));
    const adopted: ProviderKernel[] = [];
    for (const model of await client.listKernels()) {
      if (held.has(model.id)) continue;
      const kernel = this.track(owner, new JupyterKernel(client, model.id, model.name, this.options.log));
      try {
        await kernel.connect();
        adopted.push(kernel);
      } catch (error) {
        kernel.markDead(`The kernel could not be taken over: ${reason(error)}`);
      }
    }
    return adopted;
  }

  watchHosts(listener: HostListener): () => void {
    this.listeners.add(listener);
    this.timer ??= setInterval(() => void this.poll(), this.options.pollMs ?? 5_000);
    this.timer.unref();
    void this.poll();
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0 && this.timer) clearInterval(this.timer);
      if (this.listeners.size === 0) this.timer = null;
    };
  }

  /** The servers and their kernels outlive the console: a restart re-adopts both (the Hub's culler ends what stays idle). */
  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.listeners.clear();
    for (const kernel of [...this.byOwner.values()].flatMap((set) => [...set])) kernel.markDead('The console is closing; the kernel stays on your JupyterHub server.');
    this.byOwner.clear();
  }

  private track(owner: string, kernel: JupyterKernel): JupyterKernel {
    const kernels = this.byOwner.get(owner) ?? new Set();
    this.byOwner.set(owner, kernels.add(kernel));
    kernel.onState((state) => {
      if (state === 'dead') kernels.delete(kernel);
    });
    return kernel;
  }

  /** Passes the spawn's progress on until the server is ready; rejects with the spawner's reason when it fails. */
  private async follow(name: string, onProgress: (progress: HostProgress) => void): Promise<void> {
    try {
      for await (const event of this.api.progress(name)) {
        if (event.failed) throw new HubError(event.message ?? 'JupyterHub could not start the server', 0);
        if (event.message) onProgress({ message: event.message, percent: event.progress });
        if (event.ready) return;
      }
    } catch (error) {
      // The stream cut (the Hub went away, the wait ran out): said as such, not as a bare "aborted".
      if (error instanceof HubError) throw error;
      throw new Error(`JupyterHub stopped reporting the start of ${name}'s server: ${reason(error)}`);
    }
    const server = (await this.api.user(name))?.servers?.[''];
    if (!server?.ready) throw new Error(`JupyterHub stopped reporting the start of ${name}'s server before it was ready`);
  }

  /** The owner's client into their own server, with a token minted for them (once; again after a stop). */
  private session(owner: string): Promise<Session> {
    const held = this.sessions.get(owner);
    if (held) return held;
    const name = hubName(owner);
    // The proxy routes /user/<name>/ as the Hub spells it ('@' unescaped); hubName() makes only URL-safe characters.
    const opened = this.api.mintToken(name).then(({ token, id }) => ({ client: createJupyterClient(`${this.api.url}/user/${name}`, token), tokenId: id }));
    opened.catch(() => this.sessions.delete(owner));
    this.sessions.set(owner, opened);
    return opened;
  }

  /** Reconciles with the Hub: servers ready there that we did not know (a restart), ours gone (culled, stopped by an admin, killed). */
  private async poll(): Promise<void> {
    const asked = Date.now();
    let ready: Set<string>;
    try {
      const users = await this.api.activeUsers();
      ready = new Set(users.filter((user) => user.servers?.['']?.ready).map((user) => consoleName(user.name)).filter((owner) => owner !== null));
    } catch (error) {
      const why = error instanceof HubError ? error.message : reason(error);
      if (!this.hubDown) this.options.log.warn(`JupyterHub could not be asked which servers run: ${why}`);
      if (!this.hubDown) for (const owner of this.running.keys()) for (const listener of this.listeners) listener(owner, false, why);
      this.hubDown = true;
      return;
    }
    // Back after being down: the servers still running are running again.
    const recovered = this.hubDown;
    this.hubDown = false;
    for (const owner of ready) {
      if (this.running.has(owner) && !recovered) continue;
      this.running.set(owner, asked);
      for (const listener of this.listeners) listener(owner, true);
    }
    for (const [owner, since] of [...this.running]) {
      // Known running only after the Hub was asked: its answer is older than that.
      if (ready.has(owner) || since > asked) continue;
      this.hostGone(owner, 'The notebook server stopped on JupyterHub: its kernels and their variables are gone.');
      for (const listener of this.listeners) listener(owner, false);
    }
  }

  private hostGone(owner: string, why: string): void {
    this.running.delete(owner);
    for (const kernel of this.byOwner.get(owner) ?? []) kernel.markDead(why);
    this.byOwner.delete(owner);
    const session = this.sessions.get(owner);
    this.sessions.delete(owner);
    void session?.then(({ tokenId }) => this.api.revokeToken(hubName(owner), tokenId)).catch(() => undefined);
  }
}
