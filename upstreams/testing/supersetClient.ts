import type { RunningUpstream } from '../definition';
import { secretsFor } from '../state';
import { consoleSecret } from '../superset';

/** Superset's REST API as a signed-in user: its session cookie, and the CSRF token that goes with it on writes. */
export interface SupersetClient {
  cookie: string;
  get(path: string): Promise<Response>;
  post(path: string, body: unknown): Promise<Response>;
  put(path: string, body: unknown): Promise<Response>;
}

/** The X-Console-* headers the console signs a user in with: the upstream's shared secret unless another is given. */
export function consoleHeaders(running: RunningUpstream, username: string, role: 'admin' | 'editor', secret = consoleSecret(secretsFor(running.stateDir, []))): Record<string, string> {
  return { 'x-console-user': username, 'x-console-role': role, 'x-console-secret': secret };
}

/**
 * Signs in as the console would (AUTH_REMOTE_USER: GET /login/ with the X-Console-* headers; the
 * db provider of /api/v1/security/login is refused under it) and fetches a CSRF token for writes.
 * Default: the upstream's admin account.
 */
export async function supersetClient(running: RunningUpstream, username = 'admin', role: 'admin' | 'editor' = 'admin', headers = consoleHeaders(running, username, role)): Promise<SupersetClient> {
  const jar = new Map<string, string>();
  const keep = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [name, ...value] = line.split(';')[0].split('=');
      jar.set(name, value.join('='));
    }
  };
  const cookie = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  const login = await fetch(`${running.url}/login/`, { headers, redirect: 'manual' });
  keep(login);
  const csrf = await fetch(`${running.url}/api/v1/security/csrf_token/`, { headers: { cookie: cookie() } });
  if (!csrf.ok) throw new Error(`csrf_token/ after /login/ answered ${csrf.status}: not signed in`);
  keep(csrf);
  const { result: csrfToken } = (await csrf.json()) as { result: string };
  const write = (method: 'POST' | 'PUT') => (path: string, body: unknown) =>
    fetch(running.url + path, {
      method,
      headers: { cookie: cookie(), 'x-csrftoken': csrfToken, referer: `${running.url}/sqllab/`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  return { cookie: cookie(), get: (path) => fetch(running.url + path, { headers: { cookie: cookie() } }), post: write('POST'), put: write('PUT') };
}
