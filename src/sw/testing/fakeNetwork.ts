import type { OutboxRow } from '../../db/schema';

export const ORIGIN = 'http://console.test';

/** One request the fake network saw. */
export interface SeenRequest {
  method: string;
  path: string;
  key: string | null;
  body: string;
  headers: Record<string, string>;
}

/** What the fake network does with a request: answer it, or throw like fetch does when offline. */
export type Answer = Response | 'offline';

export interface FakeNetworkOptions {
  /**
   * How POST /api/batch is answered: 'route' runs its requests through `answer` in order (each
   * one in `seen`) and stops like the server does; 'missing' answers 404 (an upstream without it).
   */
  batch?: 'route' | 'missing';
}

const BATCH_STOPS = (status: number) => status === 401 || status === 408 || status === 429 || status >= 500;

/**
 * A fetch stand-in that records every request and answers with `answer(seen, callIndex)`
 * (default 200 {}). Async like the real one, so concurrent callers interleave. Batches are
 * recorded in `batches`; a sub-request answered 'offline' loses the whole batch's answer.
 */
export function fakeNetwork(
  answer: (seen: SeenRequest, index: number) => Answer | Promise<Answer> = () => json(200, {}),
  options: FakeNetworkOptions = {},
) {
  const seen: SeenRequest[] = [];
  const batches: { size: number; answered: number }[] = [];
  const one = async (entry: SeenRequest): Promise<Response> => {
    seen.push(entry);
    const result = await answer(entry, seen.length - 1);
    if (result === 'offline') throw new TypeError('Failed to fetch');
    return result;
  };
  const batch = async (body: string): Promise<Response> => {
    const { requests } = JSON.parse(body) as { requests: { method: string; url: string; headers?: Record<string, string>; body?: string | null }[] };
    const record = { size: requests.length, answered: 0 };
    batches.push(record);
    if (options.batch === 'missing') return json(404, { message: 'Not Found' });
    const responses = [];
    for (const request of requests) {
      const headers = request.headers ?? {};
      const response = await one({ method: request.method, path: request.url, key: headers['idempotency-key'] ?? null, body: request.body ?? '', headers });
      const answered: Record<string, string> = {};
      for (const name of ['content-type', 'etag', 'idempotent-replayed']) {
        const value = response.headers.get(name);
        if (value !== null) answered[name] = value;
      }
      responses.push({ status: response.status, headers: answered, body: await response.text() });
      record.answered += 1;
      if (BATCH_STOPS(response.status)) break;
    }
    return json(200, { responses });
  };
  const fetch = async (request: Request): Promise<Response> => {
    const path = new URL(request.url).pathname;
    const body = await request.text();
    if (request.method === 'POST' && path === '/api/batch') return batch(body);
    return one({ method: request.method, path, key: request.headers.get('idempotency-key'), body, headers: Object.fromEntries(request.headers) });
  };
  return { fetch, seen, batches };
}

export function json(status: number, body: unknown, statusText = ''): Response {
  return new Response(JSON.stringify(body), { status, statusText, headers: { 'Content-Type': 'application/json' } });
}

export function saveRequest(path: string, init: { method?: string; headers?: Record<string, string>; body?: unknown } = {}): Request {
  const { method = 'POST', headers = {}, body = { path: 'x' } } = init;
  return new Request(`${ORIGIN}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

/** A queued outbox row as the service worker stores it. */
export function outboxRow(n: number, fields: Partial<OutboxRow> = {}): OutboxRow {
  return {
    key: `key-${n}`,
    method: 'POST',
    url: `${ORIGIN}/api/notebook/folders`,
    headers: { 'content-type': 'application/json', 'idempotency-key': `key-${n}` },
    body: JSON.stringify({ path: `folder-${n}` }),
    label: `Create folder folder-${n}`,
    createdAt: n,
    attempts: 0,
    state: 'queued',
    ...fields,
  };
}
