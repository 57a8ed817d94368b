import type { ExecutionState, KernelSpec, ProviderId, RunDone, RunEvent } from '../../contracts/kernels';

/**
 * What the kernel manager needs from a kernel host: the embedded Pyodide processes or a Jupyter
 * Server. Providers know nothing of users' rights; the manager checks those before calling.
 */
export interface KernelProvider {
  readonly id: ProviderId;
  /** The specs it can start (on `owner`'s host, where hosts differ); names are unique across providers. */
  specs(owner?: string): Promise<KernelSpec[]>;
  /**
   * Starts the user's kernel host (their personal notebook server): a managed Jupyter Server
   * process; nothing per user for Pyodide or an external Jupyter Server (which is checked).
   * Idempotent; rejects with a message for the user when the host cannot start. A host that
   * takes a while (a JupyterHub spawn) says how it goes through onProgress.
   */
  startHost(owner: string, onProgress?: (progress: HostProgress) => void): Promise<void>;
  /** Its hosts take seconds to start: start-server answers `starting` at once, progress and the end follow as events. */
  readonly startsInBackground?: boolean;
  /**
   * Hosts that start or stop behind the console's back (a JupyterHub's culler or admin; servers
   * already running when the console starts): the listener hears each change; returns the unsubscribe.
   */
  watchHosts?(listener: HostListener): () => void;
  /** The kernels already running on the owner's host, taken over (a host re-adopted after a console restart). */
  adoptKernels?(owner: string): Promise<ProviderKernel[]>;
  /** Stops the user's host; the manager has shut down their kernels first. Idempotent. */
  stopHost(owner: string): Promise<void>;
  /** Starts a kernel on the user's host (started first if needed); resolves once it is idle. */
  startKernel(request: StartRequest): Promise<ProviderKernel>;
  /** Ends every kernel and host (the app is closing). */
  close(): Promise<void>;
}

export interface HostProgress {
  message: string;
  /** 0–100, when the host says. */
  percent?: number;
}

/** A host seen running or stopped; `unreachable` says why its state cannot be known (its Hub is down). */
export type HostListener = (owner: string, running: boolean, unreachable?: string) => void;

export interface StartRequest {
  owner: string;
  /** A name from specs(). */
  spec: string;
  /** The notebook the kernel is for (workspace-relative), if any. */
  path: string | null;
}

export interface ProviderKernel {
  /** Unique across providers (a UUID). */
  readonly id: string;
  readonly spec: string;
  readonly state: ExecutionState;
  /**
   * Runs code after the runs before it (a kernel runs one at a time). Every output, clear and
   * display update goes to onEvent as it happens; resolves with the run's end, never rejects:
   * a kernel that dies or restarts mid-run ends it as aborted, after an error output saying so.
   */
  execute(code: string, onEvent: (event: RunEvent) => void): Promise<RunDone>;
  /**
   * KeyboardInterrupt in the running code. Where code cannot be interrupted (Pyodide in a blocking
   * call), the provider restarts the kernel after a grace period and the run says state was lost.
   */
  interrupt(): Promise<void>;
  /** A fresh interpreter: every variable is gone; queued runs end as aborted. */
  restart(): Promise<void>;
  shutdown(): Promise<void>;
  /** State changes (busy, idle, restarting, dead when its process ends); returns the unsubscribe. */
  onState(listener: (state: ExecutionState) => void): () => void;
}

/** A warehouse query for the embedded kernel's sql() helper, run as the kernel's owner. */
export type KernelSql = (owner: string, query: string) => Promise<SqlRows>;

export interface SqlRows {
  columns: string[];
  rows: Record<string, unknown>[];
}
