import type { NotebookServerStatus, ProviderId, ServerStatus } from '../../contracts/kernels';
import type { KernelProvider } from './provider';

interface Host {
  status: ServerStatus;
  message?: string;
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
  ) {}

  get providerId(): ProviderId {
    return this.provider.id;
  }

  status(username: string, kernels: number): NotebookServerStatus {
    const host = this.hosts.get(username);
    const status = host?.status ?? 'stopped';
    return { username, status, provider: this.provider.id, kernels, ...(host?.message ? { message: host.message } : {}) };
  }

  /** Starts the user's host unless it runs; rejects with the reason when it cannot start. */
  ensure(username: string): Promise<void> {
    const host = this.hosts.get(username);
    if (host?.status === 'running') return Promise.resolve();
    if (host?.starting) return host.starting;
    const starting = this.provider.startHost(username).then(
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

  private set(username: string, host: Host): void {
    this.hosts.set(username, host);
    this.changed(username);
  }
}
