import type { NotebookServerStatus, ProviderId, ServerStatus } from '../../contracts/kernels';
import type { KernelProvider } from './provider';

interface Host {
  status: ServerStatus;
  message?: string;
  progress?: number;
  /** The start in flight, shared by every caller while it runs. */
  starting?: Promise<void>;
}

/**
 * Each user's personal notebook server: their host on the configured provider (a Jupyter Server
 * process, or Pyodide's nothing-to-start). Tracks its status; starts are shared, never doubled.
 */
export class NotebookServers {
  private readonly hosts = new Map<string, Host>();

  constructor(
    private readonly provider: KernelProvider,
    private readonly changed: (username: string) => void,
    /** A host found running that the console did not start (its kernels may be taken over). */
    private readonly adopted: (username: string) => void = () => {},
  ) {
    provider.watchHosts?.((username, running, unreachable) => this.seen(username, running, unreachable));
  }

  /** Whether start-server answers at once (`starting`) rather than when the host runs. */
  get startsInBackground(): boolean {
    return this.provider.startsInBackground === true;
  }

  get providerId(): ProviderId {
    return this.provider.id;
  }

  status(username: string, kernels: number): NotebookServerStatus {
    const host = this.hosts.get(username);
    const status = host?.status ?? 'stopped';
    const progress = host?.status === 'starting' && host.progress !== undefined ? { progress: host.progress } : {};
    return { username, status, provider: this.provider.id, kernels, ...(host?.message ? { message: host.message } : {}), ...progress };
  }

  /** Starts the user's host unless it runs; rejects with the reason when it cannot start. */
  ensure(username: string): Promise<void> {
    const host = this.hosts.get(username);
    if (host?.status === 'running') return Promise.resolve();
    if (host?.starting) return host.starting;
    const starting = this.provider.startHost(username, ({ message, percent }) => {
      const current = this.hosts.get(username);
      if (current?.starting === starting) this.set(username, { ...current, message, progress: percent });
    }).then(
      () => this.set(username, { status: 'running' }),
      (error: unknown) => {
        this.set(username, { status: 'failed', message: error instanceof Error ? error.message : String(error) });
        throw error;
      },
    );
    this.set(username, { status: 'starting', starting });
    return starting;
  }

  /** Stops the host (the caller shut its kernels down first). */
  async stop(username: string): Promise<void> {
    await this.hosts.get(username)?.starting?.catch(() => undefined);
    await this.provider.stopHost(username);
    this.hosts.delete(username);
    this.changed(username);
  }

  /**
   * The provider saw a host start or stop without us: adopted as running, failed while its state
   * cannot be known (`unreachable` says why), or forgotten. A start of ours in flight wins.
   */
  private seen(username: string, running: boolean, unreachable?: string): void {
    const host = this.hosts.get(username);
    if (host?.status === 'starting') return;
    if (running) {
      if (host?.status === 'running') return;
      this.set(username, { status: 'running' });
      this.adopted(username);
    } else if (unreachable !== undefined) {
      if (host?.status === 'running') this.set(username, { status: 'failed', message: unreachable });
    } else if (host) {
      this.hosts.delete(username);
      this.changed(username);
    }
  }

  private set(username: string, host: Host): void {
    this.hosts.set(username, host);
    this.changed(username);
  }
}
