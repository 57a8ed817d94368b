import rison from 'rison';
import type { FastifyInstance, LightMyRequestResponse as InjectResponse } from 'fastify';
import type { ExecuteBody } from '../../../contracts/bi';
import { ADMIN_PASSWORD, signIn } from '../../testing/harness';

export const BI_API = '/api/bi';

/** `?q=` for a value, rison-encoded and URL-escaped as Superset's client sends it. */
export function q(value: unknown): string {
  return `q=${encodeURIComponent(rison.encode(value))}`;
}

type Headers = Record<string, string>;

export interface BiClient {
  cookie: string;
  csrf: string;
  get(url: string, headers?: Headers): Promise<InjectResponse>;
  post(url: string, payload?: object, headers?: Headers): Promise<InjectResponse>;
  put(url: string, payload: object, headers?: Headers): Promise<InjectResponse>;
  del(url: string, headers?: Headers): Promise<InjectResponse>;
  /** POST /v1/sqllab/execute/ on database 1 unless the body says otherwise. */
  execute(body: Partial<ExecuteBody> & { sql: string }, headers?: Headers): Promise<InjectResponse>;
}

/** Signs in (a browser session) and fetches the CSRF token every mutating call then carries. */
export async function biClient(app: FastifyInstance, username = 'admin', password = ADMIN_PASSWORD): Promise<BiClient> {
  const { cookie } = await signIn(app, username, password);
  const token = await app.inject({ method: 'GET', url: `${BI_API}/v1/security/csrf_token/`, headers: { cookie } });
  const csrf = token.statusCode === 200 ? (token.json().result as string) : '';
  const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload: object | undefined, headers: Headers = {}) =>
    app.inject({ method, url: `${BI_API}${url}`, headers: { cookie, 'x-csrftoken': csrf, ...headers }, ...(payload ? { payload } : {}) });
  return {
    cookie,
    csrf,
    get: (url, headers = {}) => app.inject({ method: 'GET', url: `${BI_API}${url}`, headers: { cookie, ...headers } }),
    post: (url, payload, headers) => send('POST', url, payload ?? {}, headers),
    put: (url, payload, headers) => send('PUT', url, payload, headers),
    del: (url, headers) => send('DELETE', url, undefined, headers),
    execute: (body, headers) => send('POST', '/v1/sqllab/execute/', { database_id: 1, ...body }, headers),
  };
}
