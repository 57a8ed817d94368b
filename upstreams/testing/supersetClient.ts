import type { RunningUpstream } from '../definition';

/** Superset's REST API as a logged-in account: a JWT, the CSRF token and the session cookie it belongs to. */
export interface SupersetClient {
  get(path: string): Promise<Response>;
  post(path: string, body: unknown): Promise<Response>;
}

/** Logs in as the upstream's admin (`/api/v1/security/login`) and fetches a CSRF token for its writes. */
export async function supersetClient(running: RunningUpstream): Promise<SupersetClient> {
  const admin = running.accounts.find((account) => account.console === 'admin');
  if (!admin) throw new Error('the upstream has no admin account');
  const login = await fetch(`${running.url}/api/v1/security/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: admin.username, password: admin.password, provider: 'db', refresh: false }),
  });
  if (!login.ok) throw new Error(`login answered ${login.status}: ${await login.text()}`);
  const { access_token: token } = (await login.json()) as { access_token: string };
  const auth = { authorization: `Bearer ${token}` };
  const csrf = await fetch(`${running.url}/api/v1/security/csrf_token/`, { headers: auth });
  if (!csrf.ok) throw new Error(`csrf_token/ answered ${csrf.status}`);
  // The token is bound to the session the same answer opens: both go with every write.
  const cookie = csrf.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ');
  const { result: csrfToken } = (await csrf.json()) as { result: string };
  return {
    get: (path) => fetch(running.url + path, { headers: auth }),
    post: (path, body) =>
      fetch(running.url + path, {
        method: 'POST',
        headers: { ...auth, cookie, 'x-csrftoken': csrfToken, referer: `${running.url}/sqllab/`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
  };
}
