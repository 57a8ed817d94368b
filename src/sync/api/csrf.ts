import { isAxiosError, type AxiosInstance, type InternalAxiosRequestConfig } from 'axios';
import { CSRF_HEADER_NAME } from '../../../contracts/bi';
import { isMutatingMethod } from '../../../contracts/http';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Set on the one retry after a refused CSRF token, so a second refusal is final. */
    csrfRetried?: boolean;
  }
}

export const CSRF_HEADER = CSRF_HEADER_NAME;

/**
 * Superset's CSRF protection on a BI client: mutating calls (run, estimate, format, stop; saves go
 * through the sender, which fetches its own, see saves.api.ts) carry the token from
 * GET /v1/security/csrf_token/, fetched once and kept in memory only (it is bound to the session).
 * A 403 that names the CSRF token (a new session since) fetches a fresh token and retries once.
 */
export function withCsrf(http: AxiosInstance, tokenPath = '/v1/security/csrf_token/'): AxiosInstance {
  let token: Promise<string> | null = null;
  const fetchToken = async () => {
    const body = (await http.get(tokenPath)).data as { result?: unknown } | null;
    if (typeof body?.result !== 'string') throw new Error('The server answered without a CSRF token.');
    return body.result;
  };
  const current = () => {
    token ??= fetchToken().catch((error: unknown) => {
      token = null;
      throw error;
    });
    return token;
  };
  http.interceptors.request.use(async (config: InternalAxiosRequestConfig) => {
    if (!isMutatingMethod(config.method)) return config;
    config.headers.set(CSRF_HEADER, await current());
    return config;
  });
  http.interceptors.response.use(undefined, async (error: unknown) => {
    if (!isCsrfRefusal(error) || error.config.csrfRetried) throw error;
    token = null;
    return http.request({ ...error.config, csrfRetried: true });
  });
  return http;
}

function isCsrfRefusal(error: unknown): error is { config: InternalAxiosRequestConfig } & Error {
  if (!isAxiosError(error) || error.response?.status !== 403 || !error.config) return false;
  const message = JSON.stringify(error.response.data ?? '');
  return /csrf/i.test(message);
}
