import { AxiosError, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { describe, expect, it, vi } from 'vitest';
import { createHttp } from './http';
import { BATCH_PATH, createSavesApi, type SaveRequest } from './saves.api';

type Reply = { status: number; data?: unknown } | 'offline';

/** A saves API whose server answers with `answer(config)`, and the requests it saw. */
function setup(answer: (config: InternalAxiosRequestConfig) => Reply) {
  const seen: InternalAxiosRequestConfig[] = [];
  const adapter: AxiosAdapter = async (config) => {
    seen.push(config);
    const reply = answer(config);
    if (reply === 'offline') throw new AxiosError('Network Error', 'ERR_NETWORK', config);
    const response = { status: reply.status, statusText: '', data: reply.data ?? {}, headers: {}, config };
    if (reply.status >= 400) throw new AxiosError('failed', 'ERR_BAD_REQUEST', config, null, response);
    return response;
  };
  const onUnauthorized = vi.fn();
  const http = createHttp({ baseURL: '/', onUnauthorized });
  http.defaults.adapter = adapter;
  const api = createSavesApi({ http, csrfTokenUrl: '/api/bi/v1/security/csrf_token/', onUnauthorized });
  return { api, seen, onUnauthorized };
}

const folder = (path: string): SaveRequest => ({ method: 'POST', url: '/api/notebook/folders', headers: { 'Idempotency-Key': path }, body: { path } });
const query: SaveRequest = { method: 'POST', url: '/api/bi/v1/saved_query/', headers: { 'Idempotency-Key': 'q' }, body: { label: 'q' }, csrf: true };
const batchBody = (config: InternalAxiosRequestConfig) => JSON.parse(String(config.data)) as { requests: { url: string; headers: Record<string, string>; body: string | null }[] };
const batchAnswer = (...statuses: number[]) => ({ status: 200, data: { responses: statuses.map((status) => ({ status, headers: {}, body: JSON.stringify({ status }) })) } });

describe('the saves API', () => {
  it('sends one save as itself and answers its status and body, a refusal included', async () => {
    const { api, seen } = setup(() => ({ status: 409, data: { message: 'Changed' } }));
    expect(await api.send([folder('a')])).toEqual([{ status: 409, body: { message: 'Changed' } }]);
    expect(seen.map((c) => [c.method, c.url, c.headers.get('Idempotency-Key')])).toEqual([['post', '/api/notebook/folders', 'a']]);
  });

  it('sends several as one batch, in order, with their headers and JSON bodies', async () => {
    const { api, seen } = setup(() => batchAnswer(201, 201));
    expect(await api.send([folder('a'), folder('b')])).toEqual([
      { status: 201, body: { status: 201 } },
      { status: 201, body: { status: 201 } },
    ]);
    expect(seen.map((c) => c.url)).toEqual([BATCH_PATH]);
    expect(batchBody(seen[0]).requests).toEqual([
      { method: 'POST', url: '/api/notebook/folders', headers: { 'content-type': 'application/json', 'Idempotency-Key': 'a' }, body: '{"path":"a"}' },
      { method: 'POST', url: '/api/notebook/folders', headers: { 'content-type': 'application/json', 'Idempotency-Key': 'b' }, body: '{"path":"b"}' },
    ]);
  });

  it('a save without a body (a delete) goes without a JSON content type, which the server would refuse', async () => {
    const { api, seen } = setup(() => batchAnswer(200, 200));
    await api.send([folder('a'), { method: 'DELETE', url: '/api/bi/v1/saved_query/5', headers: { 'Idempotency-Key': 'd' }, body: null }]);
    expect(batchBody(seen[0]).requests[1]).toEqual({ method: 'DELETE', url: '/api/bi/v1/saved_query/5', headers: { 'Idempotency-Key': 'd' }, body: null });
  });

  it('fetches the CSRF token once for the saves that need it', async () => {
    const { api, seen } = setup((config) => (config.method === 'get' ? { status: 200, data: { result: 'token-1' } } : batchAnswer(201, 201)));
    await api.send([query, folder('a')]);
    expect(seen.map((c) => [c.method, c.url])).toEqual([
      ['get', '/api/bi/v1/security/csrf_token/'],
      ['post', BATCH_PATH],
    ]);
    const [sent, other] = batchBody(seen[1]).requests;
    expect(sent.headers['X-CSRFToken']).toBe('token-1');
    expect(other.headers['X-CSRFToken']).toBeUndefined();
  });

  it('without a batch route, sends them one by one from then on', async () => {
    const { api, seen } = setup((config) => (config.url === BATCH_PATH ? { status: 404 } : { status: 201 }));
    expect((await api.send([folder('a'), folder('b')])).map((a) => a.status)).toEqual([201, 201]);
    await api.send([folder('c'), folder('d')]);
    expect(seen.map((c) => c.url)).toEqual([BATCH_PATH, ...Array(4).fill('/api/notebook/folders')]);
  });

  it('one by one, stops after an answer the others must wait for', async () => {
    const statuses = [201, 503, 201];
    const { api, seen } = setup((config) => (config.url === BATCH_PATH ? { status: 405 } : { status: statuses.shift() ?? 201 }));
    expect((await api.send([folder('a'), folder('b'), folder('c')])).map((a) => a.status)).toEqual([201, 503]);
    expect(seen).toHaveLength(3); // the batch, then a and b
  });

  it('a batch refused for a sign-in answers that for the first save, and the session ends', async () => {
    const { api, onUnauthorized } = setup(() => ({ status: 401 }));
    expect(await api.send([folder('a'), folder('b')])).toEqual([{ status: 401, body: {} }]);
    expect(onUnauthorized).toHaveBeenCalled();
  });

  it('rejects when the server cannot be reached', async () => {
    const { api } = setup(() => 'offline');
    await expect(api.send([folder('a')])).rejects.toMatchObject({ code: 'ERR_NETWORK' });
    await expect(api.send([folder('a'), folder('b')])).rejects.toMatchObject({ code: 'ERR_NETWORK' });
  });

  it('sends nothing for nothing', async () => {
    const { api, seen } = setup(() => ({ status: 201 }));
    expect(await api.send([])).toEqual([]);
    expect(seen).toEqual([]);
  });
});
