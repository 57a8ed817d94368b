import { AxiosError } from 'axios';

/** An axios failure with an HTTP answer, as code outside src/sync/api sees one (for tests). */
export function httpError(status: number, data: unknown = { message: `HTTP ${status}` }, headers: Record<string, string> = {}): AxiosError {
  const config = { headers: {} } as never;
  return new AxiosError(`Request failed with status code ${status}`, 'ERR_BAD_RESPONSE', config, null, {
    status,
    statusText: '',
    data,
    headers,
    config,
  });
}

/** An axios failure without an answer: offline, or the server is down. */
export function networkError(): AxiosError {
  return new AxiosError('Network Error', AxiosError.ERR_NETWORK);
}

/** The failure of a request its AbortSignal cancelled. */
export function cancelledError(): AxiosError {
  return new AxiosError('canceled', AxiosError.ERR_CANCELED);
}
