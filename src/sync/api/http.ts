import axios, { AxiosError, type AxiosInstance, isAxiosError } from 'axios';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Calls whose 401 is an answer (login, session check), not an expired session. */
    skipAuthRedirect?: boolean;
  }
}

export const REQUEST_TIMEOUT_MS = 50_000;

export interface HttpOptions {
  baseURL: string;
  /** Called when the server says the session is gone, so the app can send the user to sign in. */
  onUnauthorized?: () => void;
}

export function createHttp({ baseURL, onUnauthorized }: HttpOptions): AxiosInstance {
  const http = axios.create({
    baseURL,
    timeout: REQUEST_TIMEOUT_MS,
    withCredentials: true,
    headers: { Accept: 'application/json' },
  });
  http.interceptors.response.use(undefined, (error: unknown) => {
    if (isAxiosError(error) && error.response?.status === 401 && !error.config?.skipAuthRedirect) {
      onUnauthorized?.();
    }
    return Promise.reject(error);
  });
  return http;
}

/** True when the server could not be reached at all (offline, server down, gateway errors). */
export function isNetworkError(error: unknown): boolean {
  if (!isAxiosError(error)) return false;
  // An aborted request (a cancelled run, a page left) was stopped on purpose, not by the network.
  if (error.code === AxiosError.ERR_CANCELED) return false;
  if (!error.response) return true;
  return [502, 503, 504].includes(error.response.status);
}

/** How long the server asked to wait before asking again (a 503/504's Retry-After, seconds or a date), or null. */
export function retryAfterMs(error: unknown, now: number): number | null {
  if (!isAxiosError(error)) return null;
  const value: unknown = error.response?.headers?.['retry-after'];
  if (typeof value !== 'string' || value.trim() === '') return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return seconds >= 0 ? seconds * 1000 : null;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

export function httpStatus(error: unknown): number | undefined {
  return isAxiosError(error) ? error.response?.status : undefined;
}

/** The server's own words for a failure, when it sent any. */
export function serverMessage(error: unknown): string | undefined {
  if (!isAxiosError(error)) return undefined;
  const data: unknown = error.response?.data;
  if (data && typeof data === 'object') {
    const d = data as Record<string, unknown>;
    for (const key of ['message', 'error', 'error_description']) {
      if (typeof d[key] === 'string') return d[key];
    }
    // Superset's SIP-40 errors (execute, estimate, …): {errors: [{message, error_type, extra}]}.
    const first: unknown = Array.isArray(d.errors) ? d.errors[0] : undefined;
    if (first && typeof first === 'object' && typeof (first as Record<string, unknown>).message === 'string') return (first as Record<string, string>).message;
    // Flask-AppBuilder's validation errors: {message: {field: ["…"]}}.
    if (d.message && typeof d.message === 'object') return JSON.stringify(d.message);
  }
  return undefined;
}
