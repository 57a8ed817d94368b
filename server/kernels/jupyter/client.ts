import WebSocket from 'ws';

/**
 * A small client of Jupyter Server's REST API and kernel channels WebSocket (the public
 * contract: jupyter-server-api.yaml), over fetch and ws. The token goes in the Authorization
 * header, never in a URL, so it stays out of logs.
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
  readonly url: string;
  /** GET /api/status: resolves when the server answers (with the token accepted). */
  status(): Promise<Record<string, unknown>>;
  kernelspecs(): Promise<JupyterKernelSpecs>;
  startKernel(name: string, path: string | null): Promise<JupyterKernelModel>;
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

export function createJupyterClient(url: string, token: string): JupyterClient {
  const base = url.replace(/\/+$/, '');
  const headers = { Authorization: `token ${token}` };

  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method,
        headers: body === undefined ? headers : { ...headers, 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      throw new Error(`${method} ${path} failed: ${reason(error)}`);
    }
    const text = await response.text();
    if (!response.ok) throw new JupyterError(`${method} ${path}: ${errorMessage(response, text)}`, response.status);
    return (text === '' ? undefined : JSON.parse(text)) as T;
  }

  return {
    url: base,
    status: () => call('GET', '/api/status'),
    kernelspecs: () => call('GET', '/api/kernelspecs'),
    startKernel: (name, path) => call('POST', '/api/kernels', path === null ? { name } : { name, path }),
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
    channels: (id, sessionId) => openSocket(`${base.replace(/^http/, 'ws')}/api/kernels/${encodeURIComponent(id)}/channels?session_id=${encodeURIComponent(sessionId)}`, headers),
  };
}

function openSocket(url: string, headers: Record<string, string>): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers, handshakeTimeout: REQUEST_TIMEOUT_MS });
    const fail = (error: Error) => {
      socket.removeAllListeners();
      socket.on('error', () => {});
      socket.terminate();
      reject(new Error(`The kernel's channels socket did not open: ${error.message}`));
    };
    socket.once('open', () => {
      socket.off('error', fail);
      socket.off('unexpected-response', refused);
      resolve(socket);
    });
    socket.once('error', fail);
    const refused = (_request: unknown, response: { statusCode?: number; statusMessage?: string }) =>
      fail(new Error(`${response.statusCode ?? ''} ${response.statusMessage ?? ''}`.trim()));
    socket.once('unexpected-response', refused);
  });
}

/**
 * Jupyter answers errors as JSON {message, reason, traceback?}; an unhandled one says only
 * "Unhandled error", so the traceback's last line (the exception) is the useful part.
 */
function errorMessage(response: Response, text: string): string {
  const fallback = `${response.status} ${response.statusText}`.trim();
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
