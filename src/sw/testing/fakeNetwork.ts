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

/**
 * A fetch stand-in that records every request and answers with `answer(seen, callIndex)`
 * (default 200 {}). Async like the real one, so concurrent callers interleave.
 */
export function fakeNetwork(answer: (seen: SeenRequest, index: number) => Answer | Promise<Answer> = () => json(200, {})) {
  const seen: SeenRequest[] = [];
  const fetch = async (request: Request): Promise<Response> => {
    const entry: SeenRequest = {
      method: request.method,
      path: new URL(request.url).pathname,
      key: request.headers.get('idempotency-key'),
      body: await request.text(),
      headers: Object.fromEntries(request.headers),
    };
    seen.push(entry);
    const result = await answer(entry, seen.length - 1);
    if (result === 'offline') throw new TypeError('Failed to fetch');
    return result;
  };
  return { fetch, seen };
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
