import type { AxiosInstance } from 'axios';

/** A probe is a quick question: a server that does not answer in this time counts as down. */
export const PROBE_TIMEOUT_MS = 5000;

export interface HealthApi {
  /** True when the console server answers /healthz; false when it cannot be reached or is unwell. */
  isUp(): Promise<boolean>;
}

/** `http` is an instance for the origin itself (baseURL '/'): /healthz sits outside every API mount. */
export function createHealthApi(http: AxiosInstance): HealthApi {
  return {
    async isUp() {
      try {
        const res = await http.get('/healthz', { timeout: PROBE_TIMEOUT_MS, skipAuthRedirect: true });
        return res.status >= 200 && res.status < 300;
      } catch {
        return false;
      }
    },
  };
}
