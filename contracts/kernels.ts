/**
 * The kernels half of the Notebook API (mounted at /api/notebook), shared by the console server
 * that answers and the client that asks. Outputs are nbformat 4.5 outputs, so a cell's outputs
 * go into the .ipynb as they are.
 */

export type ExecutionState = 'starting' | 'idle' | 'busy' | 'restarting' | 'dead';

/** Which kind of host runs a kernel: the embedded Pyodide or a Jupyter Server. */
export type ProviderId = 'pyodide' | 'jupyter';

/** What can be started (GET /kernelspecs), from every configured provider. */
export interface KernelSpec {
  /** Unique across providers; what POST /start-kernel {kernelspec} takes. */
  name: string;
  display_name: string;
  language: string;
  provider: ProviderId;
  /** One line that says what this kernel can and cannot do (e.g. no pandas in Pyodide). */
  banner: string;
}

export interface KernelSpecList {
  /** The spec a notebook without a kernelspec (or with one no provider has) runs on. */
  default: string;
  kernelspecs: KernelSpec[];
}

/** A running kernel as the API shows it (GET /kernels, GET /kernels/{id}). */
export interface KernelModel {
  id: string;
  /** The kernelspec name it was started from. */
  name: string;
  provider: ProviderId;
  execution_state: ExecutionState;
  /** ISO time of the last message to or from the kernel. */
  last_activity: string;
  /** The username that started it; only they (and admins) may act on it. */
  owner: string;
  /** The notebook it was started for, if any. */
  path: string | null;
}

export type MimeBundle = Record<string, unknown>;

export interface StreamOutput {
  output_type: 'stream';
  name: 'stdout' | 'stderr';
  text: string;
}

export interface DisplayDataOutput {
  output_type: 'display_data';
  data: MimeBundle;
  metadata: Record<string, unknown>;
  /** Not saved in the .ipynb: the id update_display_data refers to. */
  transient?: { display_id?: string };
}

export interface ExecuteResultOutput {
  output_type: 'execute_result';
  execution_count: number | null;
  data: MimeBundle;
  metadata: Record<string, unknown>;
}

export interface ErrorOutput {
  output_type: 'error';
  ename: string;
  evalue: string;
  /** Lines, with ANSI colours as the kernel sent them. */
  traceback: string[];
}

export type NbOutput = StreamOutput | DisplayDataOutput | ExecuteResultOutput | ErrorOutput;

/** ok: ran to the end; error: raised; aborted: interrupted, or never ran (the kernel died or restarted). */
export type RunStatus = 'ok' | 'error' | 'aborted';

/**
 * One event of a run, in order. Streamed (Accept: text/event-stream) each is an SSE event named
 * by its `type` with the object as JSON data; `done` is always last.
 */
export type RunEvent =
  | { type: 'output'; output: NbOutput }
  | { type: 'clear_output'; wait: boolean }
  | { type: 'update_display_data'; output: DisplayDataOutput }
  | { type: 'done'; execution_count: number | null; status: RunStatus };

export type RunDone = Extract<RunEvent, { type: 'done' }>;

/** SQL cells that name no database, and the kernel's sql(), run on the warehouse's database 1 (SQL Lab's id). */
export const NOTEBOOK_DATABASE_ID = 1;

export interface RunCodeBody {
  code: string;
  kernelId: string;
  /** python (the default) runs on the kernel; sql runs on the warehouse through the BI service. */
  language?: 'python' | 'sql';
  /** SQL cells: the warehouse database (SQL Lab's id; NOTEBOOK_DATABASE_ID when absent) and the schema its names resolve in. */
  database_id?: number;
  schema?: string;
}

/** POST /run-code without streaming: the outputs after clear/update are applied, and their text. */
export interface RunCodeResponse {
  outputs: NbOutput[];
  /** The outputs' plain text joined (streams, text/plain, error lines). */
  output: string;
  execution_count: number | null;
  status: RunStatus;
}

export type ServerStatus = 'running' | 'starting' | 'stopped' | 'failed';

/** GET /status-server: a user's personal notebook server (their kernel host). */
export interface NotebookServerStatus {
  username: string;
  status: ServerStatus;
  provider: ProviderId;
  /** Why it failed, when it did; while starting, the last thing the start said (a JupyterHub spawn's progress). */
  message?: string;
  /** While starting, how far along (0–100), when the host says. */
  progress?: number;
  /** Kernels the user has running. */
  kernels: number;
}

/** The per-user event stream (GET /kernel-events, SSE): kernel and server changes as they happen. */
export type KernelStreamEvent =
  | { type: 'kernel'; kernel: KernelModel }
  | { type: 'kernel_removed'; id: string; owner: string }
  | { type: 'server'; server: NotebookServerStatus };
