import type WebSocket from 'ws';
import { httpCall, openWebSocket, type Answer, type Endpoint } from './transport';

/**
 * A small client of Jupyter Server's REST API and kernel channels WebSocket (the public
 * contract: jupyter-server-api.yaml), over HTTP (TCP or a Unix socket) and ws. The token goes in
 * the Authorization header, never in a URL, so it stays out of logs.
 */

/** GET /api/kernels/{id}: the fields we rely on. */
export interface JupyterKernelModel {
  id: string;
  name: string;
  last_activity?: string;
  execution_state?: string;
  connections?: number;
}

/** One entry of GET /api/kernelspecs (the contents of kernel.json under `spec`). */
export interface JupyterKernelSpec {
  name: string;
  spec: { display_name: string; language: string; argv?: string[] };
  resources?: Record<string, string>;
}

export interface JupyterKernelSpecs {
  default: string;
  kernelspecs: Record<string, JupyterKernelSpec>;
}

export interface JupyterClient {
  /** Where it connects: the server's URL, or unix:<socket path>. */
  readonly url: string;
  /** GET /api/status: resolves when the server answers (with the token accepted). */
  status(): Promise<Record<string, unknown>>;
  kernelspecs(): Promise<JupyterKernelSpecs>;
  startKernel(name: string, path: string | null): Promise<JupyterKernelModel>;
  /** GET /api/kernels: every kernel the server runs. */
  listKernels(): Promise<JupyterKernelModel[]>;
  /** The kernel's model, or null when the server does not know it (404). */
  getKernel(id: string): Promise<JupyterKernelModel | null>;
  deleteKernel(id: string): Promise<void>;
  interruptKernel(id: string): Promise<void>;
  restartKernel(id: string): Promise<JupyterKernelModel>;
  /** Opens the kernel's channels socket; resolves once it is open. */
  channels(id: string, sessionId: string): Promise<WebSocket>;
}

/** An answer other than 2xx, with the server's own message. */
export class JupyterError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'JupyterError';
  }
}

/** How long one REST call may take before it counts as failed. */
const REQUEST_TIMEOUT_MS = 30_000;

/** A client of the server at url, or (socketPath given) of the one listening on that Unix socket. */
export function createJupyterClient(url: string, token: string, socketPath?: string): JupyterClient {
  const endpoint: Endpoint = { url: url.replace(/\/+$/, ''), socketPath };
  const headers = { Authorization: `token ${token}` };

  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    let answer: Answer;
    try {
      const json = body === undefined ? undefined : JSON.stringify(body);
      answer = await httpCall(endpoint, method, path, json === undefined ? headers : { ...headers, 'Content-Type': 'application/json' }, json, REQUEST_TIMEOUT_MS);
    } catch (error) {
      throw new Error(`${method} ${path} failed: ${reason(error)}`);
    }
    if (answer.status < 200 || answer.status > 299) throw new JupyterError(`${method} ${path}: ${errorMessage(answer)}`, answer.status);
    return (answer.text === '' ? undefined : JSON.parse(answer.text)) as T;
  }

  return {
    url: socketPath === undefined ? endpoint.url : `unix:${socketPath}`,
    status: () => call('GET', '/api/status'),
    kernelspecs: () => call('GET', '/api/kernelspecs'),
    startKernel: (name, path) => call('POST', '/api/kernels', path === null ? { name } : { name, path }),
    listKernels: () => call('GET', '/api/kernels'),
    async getKernel(id) {
      try {
        return await call<JupyterKernelModel>('GET', `/api/kernels/${encodeURIComponent(id)}`);
      } catch (error) {
        if (error instanceof JupyterError && error.status === 404) return null;
        throw error;
      }
    },
    deleteKernel: (id) => call('DELETE', `/api/kernels/${encodeURIComponent(id)}`),
    interruptKernel: (id) => call('POST', `/api/kernels/${encodeURIComponent(id)}/interrupt`),
    restartKernel: (id) => call('POST', `/api/kernels/${encodeURIComponent(id)}/restart`),
    channels: (id, sessionId) =>
      openWebSocket(endpoint, `/api/kernels/${encodeURIComponent(id)}/channels?session_id=${encodeURIComponent(sessionId)}`, headers, REQUEST_TIMEOUT_MS).catch((error: unknown) =>
        Promise.reject(new Error(`The kernel's channels socket did not open: ${reason(error)}`)),
      ),
  };
}

/**
 * Jupyter answers errors as JSON {message, reason, traceback?}; an unhandled one says only
 * "Unhandled error", so the traceback's last line (the exception) is the useful part.
 */
function errorMessage({ status, statusText, text }: Answer): string {
  const fallback = `${status} ${statusText}`.trim();
  let body: { message?: unknown; reason?: unknown; traceback?: unknown };
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    return fallback;
  }
  const lastLine = typeof body.traceback === 'string' ? body.traceback.trim().split('\n').pop() : undefined;
  if (body.message === 'Unhandled error' && lastLine) return lastLine;
  if (typeof body.message === 'string' && body.message !== '') return `${fallback}: ${body.message}`;
  return typeof body.reason === 'string' && body.reason !== '' ? `${fallback}: ${body.reason}` : fallback;
}

export function reason(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = (error as { cause?: unknown }).cause;
  return cause instanceof Error ? `${error.message} (${cause.message})` : error.message;
}
