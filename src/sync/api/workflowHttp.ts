import type { ClearRequest, MarkRequest } from '../../../contracts/workflow';
import { AxiosError, isAxiosError, type AxiosInstance, type AxiosRequestConfig } from 'axios';
import { isNetworkError } from './http';

/**
 * What both workflow adapters share: one error type for the upstream's refusals, query strings
 * with repeated keys, and reading every page of a collection.
 */

/** An Airflow answer that refused the call, with the upstream's own words as the message. */
export class WorkflowApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The answer's body (an RFC 7807 problem, or FastAPI's {detail}). */
    readonly body: unknown,
  ) {
    super(message);
    this.name = 'WorkflowApiError';
  }
}

/**
 * The upstream's words for a refusal: Airflow 2's RFC 7807 `detail` (else `title`), Airflow 3's
 * FastAPI `detail` as a string, an object, or a 422 list whose `msg`s are joined with their field.
 */
export function refusalMessage(status: number, data: unknown): string {
  const body = data && typeof data === 'object' ? (data as Record<string, unknown>) : {};
  const { detail, title } = body;
  if (typeof detail === 'string' && detail.trim()) return detail;
  if (Array.isArray(detail) && detail.length > 0) {
    return detail.map((item: unknown) => validationMessage(item)).join('; ');
  }
  if (detail && typeof detail === 'object') {
    const inner = (detail as Record<string, unknown>).message ?? (detail as Record<string, unknown>).reason;
    return typeof inner === 'string' ? inner : JSON.stringify(detail);
  }
  if (typeof title === 'string' && title.trim()) return title;
  if (typeof data === 'string' && data.trim() && data.length < 500) return data.trim();
  return `The workflow server answered ${status}`;
}

function validationMessage(item: unknown): string {
  if (!item || typeof item !== 'object') return String(item);
  const { loc, msg } = item as { loc?: unknown; msg?: unknown };
  // FastAPI's loc starts with where the value was ('body', 'query', 'path'): the field is the rest.
  const field = Array.isArray(loc) ? loc.slice(loc[0] === 'body' || loc[0] === 'query' || loc[0] === 'path' ? 1 : 0).join('.') : '';
  const text = typeof msg === 'string' ? msg : JSON.stringify(item);
  return field ? `${field}: ${text}` : text;
}

/**
 * A refusal becomes a WorkflowApiError; a network failure (offline, gateway down) and a cancelled
 * call stay axios errors, so isNetworkError() still tells the offline cache to answer instead.
 */
export function toWorkflowError(error: unknown): unknown {
  if (!isAxiosError(error) || error.code === AxiosError.ERR_CANCELED || isNetworkError(error)) return error;
  const status = error.response?.status ?? 0;
  return new WorkflowApiError(status, refusalMessage(status, error.response?.data), error.response?.data);
}

/** True for the answer of a server that does not have this view (Airflow 2 mounts grid_data elsewhere or not at all). */
export function isAbsent(error: unknown): boolean {
  return error instanceof WorkflowApiError && (error.status === 404 || error.status === 405);
}

/**
 * Converts the instance's refusals to WorkflowApiError once, for every call of an adapter. A web
 * page is never data: Airflow 3's api-server answers a path it no longer serves (the per-run
 * ti_summaries since 3.2) with its UI's index page, 200 text/html.
 */
export function withWorkflowErrors(http: AxiosInstance): AxiosInstance {
  http.interceptors.response.use(
    (response) => {
      if (!isWebPage(response.headers['content-type'])) return response;
      const call = `${(response.config.method ?? 'get').toUpperCase()} ${response.config.url ?? ''}`;
      throw new WorkflowApiError(response.status, `The workflow server answered ${call} with a web page, not data: it does not serve this call`, null);
    },
    (error: unknown) => Promise.reject(toWorkflowError(error)),
  );
  return http;
}

function isWebPage(contentType: unknown): boolean {
  return typeof contentType === 'string' && /^\s*(text\/html|application\/xhtml\+xml)\b/i.test(contentType);
}

type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

/** A query string where arrays repeat their key (`tags=a&tags=b`), as both Airflow APIs read them; undefined and null are left out. */
export function query(values: Record<string, QueryValue>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value) params.append(key, String(item));
    else params.append(key, String(value));
  }
  return params;
}

/** Path segments are ids that may hold any character (run ids have ':' and '+'). */
export const seg = (value: string | number) => encodeURIComponent(String(value));

/** Both APIs cap a page at 100 items by default (`maximum_page_limit`). */
export const PAGE_LIMIT = 100;

/** Every item of a {<items>, total_entries} collection, page by page. */
export async function allPages<T>(
  http: AxiosInstance,
  url: string,
  itemsKey: string,
  params: Record<string, QueryValue> = {},
  config: AxiosRequestConfig = {},
): Promise<T[]> {
  const items: T[] = [];
  for (;;) {
    const body = (await http.get<Record<string, unknown>>(url, { ...config, params: query({ ...params, limit: PAGE_LIMIT, offset: items.length }) })).data;
    const page = body[itemsKey];
    if (!Array.isArray(page)) throw new WorkflowApiError(200, `The workflow server answered without ${itemsKey}.`, body);
    items.push(...(page as T[]));
    const total = typeof body.total_entries === 'number' ? body.total_entries : items.length;
    if (page.length === 0 || items.length >= total) return items;
  }
}

/** Airflow's continuation tokens are itsdangerous-signed JSON: its payload says whether the log has ended. */
export function tokenSaysEnded(token: string | null): boolean {
  if (!token) return false;
  const payload = token.split('.').find((part) => part.length > 0) ?? '';
  try {
    const text = atob(payload.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(payload.length / 4) * 4, '='));
    const metadata = JSON.parse(text) as unknown;
    return typeof metadata === 'object' && metadata !== null && (metadata as { end_of_log?: unknown }).end_of_log === true;
  } catch {
    return false;
  }
}

/** Mark's include options, the same names in v1 and v2. */
export function markOptions(request: MarkRequest) {
  return {
    include_upstream: request.includeUpstream,
    include_downstream: request.includeDownstream,
    include_future: request.includeFuture,
    include_past: request.includePast,
  };
}

/** Whether a mark reaches past the one task instance. */
export const markWidens = (request: MarkRequest) => request.includeUpstream || request.includeDownstream || request.includePast || request.includeFuture;

/** The clear call's body, the same in v1 and v2: run the chosen tasks again and put their run back to queued. */
export function clearBody(request: ClearRequest, dryRun = false) {
  return {
    dry_run: dryRun,
    dag_run_id: request.runId,
    task_ids: request.taskIds,
    include_upstream: request.includeUpstream,
    include_downstream: request.includeDownstream,
    include_past: request.includePast,
    include_future: request.includeFuture,
    only_failed: request.onlyFailed,
    reset_dag_runs: true,
  };
}

/**
 * Why the console's Airflow proxy could not answer (its 502/504 problem says: unreachable, refused
 * credentials, no answer in time), or null for any other gateway failure or none. Such a failure
 * still counts as offline (the cache answers), but the screens can say the reason.
 */
export function gatewayMessage(error: unknown): string | null {
  if (!isAxiosError(error) || !isNetworkError(error)) return null;
  const data: unknown = error.response?.data;
  const detail = data && typeof data === 'object' ? (data as Record<string, unknown>).detail : undefined;
  return typeof detail === 'string' && detail.trim() ? detail : null;
}
