import { isAxiosError, type AxiosInstance } from 'axios';
import type { MutatingMethod } from '../../../contracts/http';
import { CSRF_HEADER } from './csrf';

/**
 * A save as the sender sends it: one write of a typed API (the request builders in notebook.api.ts
 * and bi.api.ts make them), under its Idempotency-Key so a repeat never applies twice.
 */
export interface SaveRequest {
  method: MutatingMethod;
  /** A path on this origin ('/api/notebook/folders'), or a whole URL when a mount lives elsewhere. */
  url: string;
  headers: Record<string, string>;
  /** JSON-encodable, or null for none. */
  body: unknown;
  /** The BI API wants Superset's CSRF token on writes: sent with a token fetched for this round. */
  csrf?: boolean;
}

/** The server's answer to one save: any HTTP status (4xx and 5xx included), and its JSON body. */
export interface SaveAnswer {
  status: number;
  body: unknown;
}

export interface SavesApi {
  /**
   * Sends saves in order and answers each, up to and including the first answer after which the
   * rest must wait (401, 408, 429, 5xx); so it may answer fewer than it was given. Rejects (with
   * the network error) when the server cannot be reached at all.
   */
  send(requests: readonly SaveRequest[]): Promise<SaveAnswer[]>;
}

export const BATCH_PATH = '/api/batch';
/** The server takes up to 100 writes per batch. */
export const MAX_BATCH = 50;

/** After one of these the others wait: a sign-in, a busy or broken server (the server's batch stops there too). */
export function stopsTheRest(status: number): boolean {
  return status === 401 || status === 408 || status === 429 || status >= 500;
}

export interface SavesApiOptions {
  /** An instance for this origin (baseURL '/'). */
  http: AxiosInstance;
  /** Where the BI API hands out its CSRF token (`<bi mount>/v1/security/csrf_token/`). */
  csrfTokenUrl: string;
  onUnauthorized?: () => void;
}

const batchable = (request: SaveRequest) => request.url.startsWith('/api/') && request.url !== BATCH_PATH;

function parse(body: unknown): unknown {
  if (typeof body !== 'string' || body === '') return body ?? null;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return body;
  }
}

/**
 * The one way saves reach the server. Several go as one POST /api/batch (the server runs them in
 * order, each through its normal route and idempotency store); a server without the batch route
 * gets them one by one from then on.
 */
export function createSavesApi({ http, csrfTokenUrl, onUnauthorized }: SavesApiOptions): SavesApi {
  const state = { batching: true };

  async function csrfToken(requests: readonly SaveRequest[]): Promise<string | null> {
    if (!requests.some((request) => request.csrf)) return null;
    const body = (await http.get<{ result?: unknown }>(csrfTokenUrl)).data;
    return typeof body?.result === 'string' ? body.result : null;
  }

  const headersOf = (request: SaveRequest, token: string | null) =>
    request.csrf && token ? { ...request.headers, [CSRF_HEADER]: token } : request.headers;

  async function one(request: SaveRequest, token: string | null): Promise<SaveAnswer> {
    try {
      const res = await http.request({ method: request.method, url: request.url, headers: headersOf(request, token), data: request.body ?? undefined });
      return { status: res.status, body: res.data as unknown };
    } catch (error) {
      // Any HTTP answer is an answer (the 401 interceptor has had its say); no answer is the network's.
      if (isAxiosError(error) && error.response) return { status: error.response.status, body: error.response.data as unknown };
      throw error;
    }
  }

  async function oneByOne(requests: readonly SaveRequest[], token: string | null): Promise<SaveAnswer[]> {
    const answers: SaveAnswer[] = [];
    for (const request of requests) {
      const answer = await one(request, token);
      answers.push(answer);
      if (stopsTheRest(answer.status)) break;
    }
    return answers;
  }

  /** The batch's answers, or null when this server takes no batches. */
  async function batch(requests: readonly SaveRequest[], token: string | null): Promise<SaveAnswer[] | null> {
    const entries = requests.map((request) => {
      const bodyless = request.body === null || request.body === undefined;
      // A JSON content type with no body is refused (400): a DELETE goes without either.
      const headers = bodyless ? headersOf(request, token) : { 'content-type': 'application/json', ...headersOf(request, token) };
      return { method: request.method, url: request.url, headers, body: bodyless ? null : JSON.stringify(request.body) };
    });
    const answer = await one({ method: 'POST', url: BATCH_PATH, headers: {}, body: { requests: entries } }, null);
    const responses = (answer.body as { responses?: { status?: unknown; body?: unknown }[] } | null)?.responses;
    if (answer.status !== 200) return stopsTheRest(answer.status) ? [answer] : null;
    if (!Array.isArray(responses) || responses.length === 0 || !responses.every((r) => Number.isInteger(r?.status))) return null;
    const answers = responses.slice(0, requests.length).map((r) => ({ status: r.status as number, body: parse(r.body) }));
    if (answers.some((a) => a.status === 401)) onUnauthorized?.();
    return answers;
  }

  return {
    async send(requests) {
      if (requests.length === 0) return [];
      const token = await csrfToken(requests);
      if (state.batching && requests.length > 1 && requests.every(batchable)) {
        const answers = await batch(requests, token);
        if (answers) return answers;
        state.batching = false; // not a batch answer we understand: the keys make sending again safe
      }
      return oneByOne(requests, token);
    },
  };
}
