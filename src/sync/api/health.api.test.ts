import { AxiosError, type AxiosAdapter } from 'axios';
import { describe, expect, it, vi } from 'vitest';
import { createHealthApi, PROBE_TIMEOUT_MS } from './health.api';
import { createHttp } from './http';

function healthAnswering(answer: number | 'network'): { up: () => Promise<boolean>; adapter: ReturnType<typeof vi.fn> } {
  const adapter = vi.fn<AxiosAdapter>(async (config) => {
    if (answer === 'network') throw new AxiosError('Network Error', 'ERR_NETWORK', config);
    const response = { status: answer, statusText: '', data: { status: 'ok' }, headers: {}, config };
    if (answer >= 400) throw new AxiosError('failed', 'ERR_BAD_RESPONSE', config, null, response);
    return response;
  });
  const http = createHttp({ baseURL: '/' });
  http.defaults.adapter = adapter;
  const api = createHealthApi(http);
  return { up: () => api.isUp(), adapter };
}

describe('health API', () => {
  it('is up when /healthz answers 200, with a short timeout', async () => {
    const { up, adapter } = healthAnswering(200);
    expect(await up()).toBe(true);
    expect(adapter.mock.calls[0]?.[0]).toMatchObject({ url: '/healthz', timeout: PROBE_TIMEOUT_MS });
  });

  it.each([503, 502, 'network' as const])('is down on %s', async (answer) => {
    expect(await healthAnswering(answer).up()).toBe(false);
  });
});
