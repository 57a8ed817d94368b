import { AxiosError, isAxiosError, type AxiosInstance } from 'axios';
import type { KernelModel, KernelSpecList, KernelStreamEvent, NotebookServerStatus, RunCodeBody, RunDone, RunEvent } from '../../../contracts/kernels';
import { backoffDelay, type BackoffOptions } from '../backoff';
import { serverMessage } from './http';
import { readSse } from './kernels.sse';
import { kernelFrom, kernelsFrom, runEventFrom, serverFrom, specsFrom, streamEventFrom } from './kernels.validate';

export { serverErrorReason } from '../serverReason';

export interface KernelsApi {
  kernelspecs(): Promise<KernelSpecList>;
  list(): Promise<KernelModel[]>;
  get(id: string): Promise<KernelModel>;
  start(request: { kernelspec?: string; path?: string }): Promise<KernelModel>;
  interrupt(id: string): Promise<KernelModel>;
  restart(id: string): Promise<KernelModel>;
  /** A dead kernel afresh (POST kernels/{id}/start). */
  revive(id: string): Promise<KernelModel>;
  shutdown(id: string): Promise<void>;
  /**
   * POST run-code as a stream: onEvent for each output, clear_output and update_display_data as it
   * arrives; resolves with the done event. Rejects with KernelApiError on an HTTP or network error;
   * an aborted `signal` rejects with the fetch's AbortError (the caller stopped it on purpose).
   */
  run(body: RunCodeBody & { runId?: string }, onEvent: (event: RunEvent) => void, signal?: AbortSignal): Promise<RunDone>;
  /** Stops a SQL cell by its runId. */
  cancelRun(runId: string): Promise<void>;
  startServer(username: string): Promise<NotebookServerStatus>;
  stopServer(username: string): Promise<NotebookServerStatus>;
  serverStatus(username: string): Promise<NotebookServerStatus>;
  /**
   * GET kernel-events, reconnecting with backoff after every drop; returns close().
   * onConnection(true | false) when it (re)connects or drops.
   */
  events(onEvent: (event: KernelStreamEvent) => void, onConnection?: (open: boolean) => void): () => void;
}

/** A kernels call that failed: the HTTP status (null when the server was never reached) and the server's message. */
export class KernelApiError extends Error {
  constructor(
    readonly status: number | null,
    message: string,
    /** The server's answer ({message} or {error}), when it sent one. */
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'KernelApiError';
  }
}

const UNREACHABLE = 'The console server could not be reached';
/** Reconnects after a drop: soon at first (a restart), at most every 30 s (a long outage). */
const RECONNECT: BackoffOptions = { baseMs: 500, maxMs: 30_000, jitter: 'equal' };
const RUN_EVENTS = new Set(['output', 'clear_output', 'update_display_data', 'done']);
const STREAM_EVENTS = ['kernel', 'kernel_removed', 'server'] as const;

const isAbort = (error: unknown) => error instanceof Error && error.name === 'AbortError';

function fromAxios(error: unknown): unknown {
  if (!isAxiosError(error) || error.code === AxiosError.ERR_CANCELED) return error;
  const status = error.response?.status ?? null;
  const fallback = status === null ? `${UNREACHABLE} (${error.message})` : `The server answered ${status}`;
  return new KernelApiError(status, serverMessage(error) ?? fallback, error.response?.data);
}

/** A JSON call: its answer checked by `parse`, its failure as a KernelApiError. */
async function call<T>(request: () => Promise<{ data: unknown }>, parse: (body: unknown) => T): Promise<T> {
  let body: unknown;
  try {
    body = (await request()).data;
  } catch (error) {
    throw fromAxios(error);
  }
  return parse(body);
}

async function errorOf(response: Response): Promise<KernelApiError> {
  const body: unknown = await response.json().catch(() => undefined);
  const b = (body ?? {}) as { message?: unknown; error?: unknown };
  const said = [b.message, b.error].find((value): value is string => typeof value === 'string');
  return new KernelApiError(response.status, said ?? `The server answered ${response.status}`, body);
}

/** `mount` is config.apis.notebook (the axios instance's baseURL); `fetchImpl` streams runs and events. */
export function createKernelsApi(http: AxiosInstance, mount: string, fetchImpl?: typeof fetch): KernelsApi {
  const doFetch = fetchImpl ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  /** A fetch whose network failure is a KernelApiError and whose HTTP error carries the server's words. */
  const send = async (path: string, init: RequestInit): Promise<Response> => {
    let response: Response;
    try {
      response = await doFetch(`${mount}${path}`, { credentials: 'include', ...init });
    } catch (error) {
      if (isAbort(error)) throw error;
      throw new KernelApiError(null, `${UNREACHABLE} (${(error as Error).message})`);
    }
    if (!response.ok) throw await errorOf(response);
    return response;
  };
  const at = (id: string) => `/kernels/${encodeURIComponent(id)}`;
  const nothing = () => undefined;

  return {
    kernelspecs: () => call(() => http.get('/kernelspecs'), specsFrom),
    list: () => call(() => http.get('/kernels'), kernelsFrom),
    get: (id) => call(() => http.get(at(id)), kernelFrom),
    start: (request) => call(() => http.post('/start-kernel', request), kernelFrom),
    // An empty JSON body: with none, axios in Node sends a form content type the server refuses (415).
    interrupt: (id) => call(() => http.post(`${at(id)}/interrupt`, {}), kernelFrom),
    restart: (id) => call(() => http.post(`${at(id)}/restart`, {}), kernelFrom),
    revive: (id) => call(() => http.post(`${at(id)}/start`, {}), kernelFrom),
    shutdown: (id) => call(() => http.delete(at(id)), nothing),
    cancelRun: (runId) => call(() => http.post('/cancel-run', { runId }), nothing),
    startServer: (username) => call(() => http.post('/start-server', { username }), serverFrom),
    stopServer: (username) => call(() => http.delete('/stop-server', { data: { username } }), serverFrom),
    serverStatus: (username) => call(() => http.get('/status-server', { params: { username } }), serverFrom),
    run: (body, onEvent, signal) => runStreamed(send, body, onEvent, signal),
    events: (onEvent, onConnection) =>
      keepConnected((handlers) => (fetchImpl || typeof EventSource === 'undefined' ? fetchEvents(send, handlers) : sourceEvents(`${mount}/kernel-events`, handlers)), onEvent, onConnection),
  };
}

type Send = (path: string, init: RequestInit) => Promise<Response>;

async function runStreamed(send: Send, body: RunCodeBody & { runId?: string }, onEvent: (event: RunEvent) => void, signal?: AbortSignal): Promise<RunDone> {
  const headers = { accept: 'text/event-stream', 'content-type': 'application/json' };
  const response = await send('/run-code', { method: 'POST', headers, body: JSON.stringify(body), signal });
  if (!response.body) throw new KernelApiError(response.status, 'The server answered the run without a body.');
  let done: RunDone | null = null;
  try {
    await readSse(response.body, (name, data) => {
      if (!RUN_EVENTS.has(name) || done) return; // an event a newer server adds; nothing counts after done
      const event = runEventFrom(name, data);
      if (!event) throw new KernelApiError(response.status, `The server sent a malformed "${name}" event.`);
      if (event.type === 'done') done = event;
      else onEvent(event);
    });
  } catch (error) {
    if (error instanceof KernelApiError || isAbort(error)) throw error;
    throw new KernelApiError(null, `${UNREACHABLE}: the run's stream broke (${(error as Error).message})`);
  }
  if (!done) throw new KernelApiError(null, `${UNREACHABLE}: the run's stream ended before the run finished`);
  return done;
}

interface StreamHandlers {
  opened(): void;
  message(name: string, data: string): void;
  /** The stream ended or never opened; called at most once per connection. */
  dropped(): void;
}

/** Opens one connection; returns its close (which does not call dropped). */
type Connect = (handlers: StreamHandlers) => () => void;

function keepConnected(connect: Connect, onEvent: (event: KernelStreamEvent) => void, onConnection?: (open: boolean) => void): () => void {
  let closed = false;
  let attempt = 0;
  let reported: boolean | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let disconnect = () => {};
  const report = (open: boolean) => {
    if (reported === open) return;
    reported = open;
    onConnection?.(open);
  };
  const open = () => {
    let over = false;
    disconnect = connect({
      opened: () => {
        attempt = 0;
        report(true);
      },
      message: (name, data) => {
        const event = streamEventFrom(name, data);
        if (event && !closed) onEvent(event);
      },
      dropped: () => {
        if (over || closed) return;
        over = true;
        report(false);
        timer = setTimeout(open, backoffDelay(attempt++, RECONNECT));
      },
    });
  };
  open();
  return () => {
    closed = true;
    clearTimeout(timer);
    disconnect();
  };
}

/** The stream over fetch: works where EventSource is missing, and lets a caller add headers (tests, Node). */
function fetchEvents(send: Send, handlers: StreamHandlers): () => void {
  const controller = new AbortController();
  void (async () => {
    try {
      const response = await send('/kernel-events', { headers: { accept: 'text/event-stream' }, signal: controller.signal });
      if (!response.body) throw new Error('no body');
      handlers.opened();
      await readSse(response.body, handlers.message, controller.signal);
    } catch {
      // Why it dropped does not change what happens next: a reconnect after the backoff.
    }
    if (!controller.signal.aborted) handlers.dropped();
  })();
  return () => controller.abort();
}

/** The browser's EventSource; its own retries are replaced by ours (backoff, and onConnection). */
function sourceEvents(url: string, handlers: StreamHandlers): () => void {
  const source = new EventSource(url, { withCredentials: true });
  source.onopen = () => handlers.opened();
  for (const name of STREAM_EVENTS) source.addEventListener(name, (event) => handlers.message(name, (event as MessageEvent<string>).data));
  source.onerror = () => {
    source.close();
    handlers.dropped();
  };
  return () => source.close();
}
