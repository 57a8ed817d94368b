import { AxiosError, type AxiosAdapter, type AxiosInstance } from 'axios';
import { createHttp } from '../http';

/**
 * A stand-in Airflow for the workflow adapters' contract tests: an axios adapter that checks
 * each request the adapter sends against the spec (path, method, query, body) and each fixture
 * answer against the spec's response schema before handing it back. Nothing of the adapter is
 * mocked: it builds its own requests and reads the answers as they would come over the wire.
 */

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** What tests need of server/testing/openapi.ts (kept structural: src compiles without Node's types). */
export interface SpecChecks {
  expectRequest(request: { method: Method; path: string; query: URLSearchParams; body?: unknown }): string;
  expectResponse(specPath: string, method: Method, status: number, body: unknown): void;
}

export interface SeenRequest {
  method: Method;
  /** The path below the spec's base (v1: after /v1; v2: the absolute /api/v2/... path). */
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Record<string, unknown>;
  /** The spec operation it matched; null for the webserver views no spec has. */
  specPath: string | null;
}

export interface Answer {
  status?: number;
  body?: unknown;
  /** An answer the spec does not describe (text/plain, a view's 404): not checked against the spec. */
  offSpec?: boolean;
  /** No answer at all: the network failed. */
  network?: boolean;
  /** The answer's headers (content-type…); none by default. */
  headers?: Record<string, string>;
}

type Responder = Answer | ((request: SeenRequest) => Answer);

export interface FakeAirflow {
  http: AxiosInstance;
  seen: SeenRequest[];
  /** Answers `METHOD path` (path as SeenRequest.path) with this, every time it is asked. */
  on(method: Method, path: string, answer: Responder): FakeAirflow;
}

/**
 * Which spec describes a path below the base URL, and the path as that spec writes it (v1 strips
 * its '/v1' server base; v2's paths are absolute); null for a view no spec has (grid_data).
 */
export type SpecOf = (path: string) => { spec: SpecChecks | null; path: string } | null;

const CONSOLE_LOG_PAGES = /\/logs\/\d+\/(lines|download)$/;

export function fakeAirflow(specOf: SpecOf, baseURL = '/api/workflow'): FakeAirflow {
  const seen: SeenRequest[] = [];
  const routes = new Map<string, Responder>();
  const http = createHttp({ baseURL });
  const adapter: AxiosAdapter = async (config) => {
    const url = new URL(http.getUri(config), 'http://console.test');
    const method = (config.method ?? 'get').toLowerCase() as Method;
    const below = url.pathname.startsWith(baseURL) ? url.pathname.slice(baseURL.length) : url.pathname;
    const specified = specOf(below);
    // The console server's own pages of a log, beside Airflow's log read: no Airflow spec has them.
    const described = specified && CONSOLE_LOG_PAGES.test(below) ? { spec: null, path: specified.path } : specified;
    const path = described?.path ?? below;
    const body: unknown = typeof config.data === 'string' ? JSON.parse(config.data) : config.data;
    const request: SeenRequest = { method, path, query: url.searchParams, body, headers: { ...config.headers }, specPath: null };
    if (described?.spec) request.specPath = described.spec.expectRequest({ method, path, query: url.searchParams, body });
    seen.push(request);
    const responder = routes.get(`${method} ${path}`);
    if (!responder) throw new Error(`The fake Airflow has no answer for ${method.toUpperCase()} ${path}`);
    const answer = typeof responder === 'function' ? responder(request) : responder;
    if (answer.network) throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config);
    const status = answer.status ?? 200;
    if (described?.spec && request.specPath && !answer.offSpec && answer.body !== undefined) {
      described.spec.expectResponse(request.specPath, method, status, answer.body);
    }
    const response = { status, statusText: '', data: answer.body ?? '', headers: answer.headers ?? {}, config };
    if (status >= 400) throw new AxiosError(`Request failed with status code ${status}`, 'ERR_BAD_REQUEST', config, null, response);
    return response;
  };
  http.defaults.adapter = adapter;
  const fake: FakeAirflow = {
    http,
    seen,
    on(method, path, answer) {
      routes.set(`${method} ${path}`, answer);
      return fake;
    },
  };
  return fake;
}
