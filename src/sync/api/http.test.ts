import type { AxiosAdapter } from 'axios';
import { AxiosError, CanceledError } from 'axios';
import { describe, expect, it, vi } from 'vitest';
import { createHttp, isNetworkError, REQUEST_TIMEOUT_MS, retryAfterMs, serverMessage } from './http';
import { httpError, networkError } from './testing/httpErrors';

function answering(status: number, data: unknown = {}): AxiosAdapter {
  return async (config) => {
    const response = { status, statusText: String(status), data, headers: {}, config };
    if (status >= 400) throw new AxiosError('failed', String(status), config, null, response);
    return response;
  };
}

describe('createHttp', () => {
  it('uses the 50 s timeout and sends cookies', () => {
    const http = createHttp({ baseURL: '/api' });
    expect(http.defaults.timeout).toBe(REQUEST_TIMEOUT_MS);
    expect(REQUEST_TIMEOUT_MS).toBe(50_000);
    expect(http.defaults.withCredentials).toBe(true);
  });

  it('a 401 tells the app the session is gone, and still rejects', async () => {
    const onUnauthorized = vi.fn();
    const http = createHttp({ baseURL: '/api', onUnauthorized });
    await expect(http.get('/x', { adapter: answering(401) })).rejects.toThrow();
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it('a 401 that is an answer (login) does not', async () => {
    const onUnauthorized = vi.fn();
    const http = createHttp({ baseURL: '/api', onUnauthorized });
    await expect(http.post('/login', {}, { adapter: answering(401), skipAuthRedirect: true })).rejects.toThrow();
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('other failures do not end the session', async () => {
    const onUnauthorized = vi.fn();
    const http = createHttp({ baseURL: '/api', onUnauthorized });
    await expect(http.get('/x', { adapter: answering(403) })).rejects.toThrow();
    await expect(http.get('/x', { adapter: answering(500) })).rejects.toThrow();
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});

describe('error helpers', () => {
  it('no response or a gateway error is a network failure; a 4xx is not', () => {
    expect(isNetworkError(new AxiosError('Network Error', 'ERR_NETWORK'))).toBe(true);
    const withStatus = (status: number) =>
      new AxiosError('x', 'x', undefined, null, { status, statusText: '', data: {}, headers: {}, config: { headers: {} } as never });
    expect(isNetworkError(withStatus(503))).toBe(true);
    expect(isNetworkError(withStatus(401))).toBe(false);
    expect(isNetworkError(new Error('plain'))).toBe(false);
    // Aborted on purpose (a cancelled query), not lost on the wire.
    expect(isNetworkError(new CanceledError())).toBe(false);
  });

  it('reads the server message from message, error or error_description', () => {
    const withData = (data: unknown) =>
      new AxiosError('x', 'x', undefined, null, { status: 400, statusText: '', data, headers: {}, config: { headers: {} } as never });
    expect(serverMessage(withData({ message: 'Bad SQL' }))).toBe('Bad SQL');
    expect(serverMessage(withData({ error: 'invalid_grant' }))).toBe('invalid_grant');
    expect(serverMessage(withData('text'))).toBeUndefined();
  });

  it('reads Superset’s errors[] and its field errors', () => {
    const withData = (data: unknown) =>
      new AxiosError('x', 'x', undefined, null, { status: 400, statusText: '', data, headers: {}, config: { headers: {} } as never });
    const refused = { errors: [{ message: 'This database does not allow for DDL/DML.', error_type: 'DML_NOT_ALLOWED_ERROR', extra: {} }] };
    expect(serverMessage(withData(refused))).toBe('This database does not allow for DDL/DML.');
    expect(serverMessage(withData({ message: { label: ['Missing data for required field.'] } }))).toBe('{"label":["Missing data for required field."]}');
    expect(serverMessage(withData({ errors: [] }))).toBeUndefined();
  });

  it('reads Retry-After as seconds or as a date, and nothing from an answer without one', () => {
    const now = Date.parse('2026-11-28T12:00:00Z');
    expect(retryAfterMs(httpError(504, {}, { 'retry-after': '30' }), now)).toBe(30_000);
    expect(retryAfterMs(httpError(503, {}, { 'retry-after': 'Sat, 28 Nov 2026 12:00:10 GMT' }), now)).toBe(10_000);
    expect(retryAfterMs(httpError(503, {}, { 'retry-after': 'Sat, 28 Nov 2026 11:00:00 GMT' }), now)).toBe(0);
    expect(retryAfterMs(httpError(504, {}, { 'retry-after': 'soon' }), now)).toBeNull();
    expect(retryAfterMs(httpError(504, {}, { 'retry-after': '-5' }), now)).toBeNull();
    expect(retryAfterMs(httpError(504), now)).toBeNull();
    expect(retryAfterMs(networkError(), now)).toBeNull();
    expect(retryAfterMs(new Error('plain'), now)).toBeNull();
  });
});
