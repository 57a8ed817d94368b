import { AxiosError, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { describe, expect, it } from 'vitest';
import { withCsrf } from './csrf';
import { createHttp } from './http';

/** A BI server whose CSRF token is `tokens[n]` after n sign-ins; mutating calls need the current one. */
function server() {
  const state = { token: 'token-1', tokenFetches: 0, seen: [] as InternalAxiosRequestConfig[] };
  const adapter: AxiosAdapter = async (config) => {
    state.seen.push(config);
    const answer = (status: number, data: unknown) => {
      const response = { status, statusText: '', data, headers: {}, config };
      if (status >= 400) throw new AxiosError('failed', 'ERR_BAD_REQUEST', config, null, response);
      return response;
    };
    if (config.url === '/v1/security/csrf_token/') {
      state.tokenFetches += 1;
      return answer(200, { result: state.token });
    }
    if (config.method === 'get') return answer(200, { result: [] });
    return config.headers.get('X-CSRFToken') === state.token ? answer(200, { id: 1 }) : answer(403, { message: 'The CSRF token is missing or invalid.' });
  };
  const http = withCsrf(createHttp({ baseURL: '/api/bi' }));
  http.defaults.adapter = adapter;
  return { http, state };
}

describe('withCsrf', () => {
  it('fetches the token once and sends it on mutating calls only', async () => {
    const { http, state } = server();
    await http.get('/v1/database/');
    await http.post('/v1/saved_query/', {});
    await http.delete('/v1/saved_query/1');
    expect(state.tokenFetches).toBe(1);
    expect(state.seen.find((c) => c.url === '/v1/database/')?.headers.get('X-CSRFToken')).toBeUndefined();
  });

  it('after a new session refuses the token, fetches a fresh one and retries once', async () => {
    const { http, state } = server();
    await http.post('/v1/saved_query/', {});
    state.token = 'token-2';
    await expect(http.post('/v1/saved_query/', {})).resolves.toMatchObject({ status: 200 });
    expect(state.tokenFetches).toBe(2);
  });

  it('gives up after the retry is refused too', async () => {
    const { http, state } = server();
    state.token = 'never-matches';
    const original = http.defaults.adapter as AxiosAdapter;
    http.defaults.adapter = async (config) => {
      if (config.url === '/v1/security/csrf_token/') return { status: 200, statusText: '', data: { result: 'wrong' }, headers: {}, config };
      return original(config);
    };
    await expect(http.post('/v1/saved_query/', {})).rejects.toMatchObject({ response: { status: 403 } });
  });

  it('with the server unreachable, the call fails as the network did (a run kept as an offline run)', async () => {
    const { http, state } = server();
    const original = http.defaults.adapter as AxiosAdapter;
    http.defaults.adapter = async (config) => {
      if (config.url === '/v1/security/csrf_token/') throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config);
      return original(config);
    };
    await expect(http.post('/v1/sqllab/execute/', {})).rejects.toMatchObject({ code: AxiosError.ERR_NETWORK });
    expect(state.seen.filter((c) => c.url === '/v1/sqllab/execute/')).toEqual([]);
  });

  it('a token refused for another reason than the network still fails the call', async () => {
    const { http } = server();
    const original = http.defaults.adapter as AxiosAdapter;
    http.defaults.adapter = async (config) => {
      if (config.url === '/v1/security/csrf_token/') throw new AxiosError('failed', 'ERR_BAD_RESPONSE', config, null, { status: 401, statusText: '', data: {}, headers: {}, config });
      return original(config);
    };
    await expect(http.post('/v1/saved_query/', {})).rejects.toMatchObject({ response: { status: 401 } });
  });
});
