import type { Running } from '../lifecycle';

/** The REST API of a running upstream as its admin: JSON in, JSON out (Basic auth on v1, a JWT on v2). */
export interface AirflowClient {
  get(path: string): Promise<unknown>;
  send(method: 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<unknown>;
}

export async function airflowClient(running: Running): Promise<AirflowClient> {
  const admin = running.accounts.find((account) => account.console === 'admin');
  if (!admin) throw new Error(`${running.name} has no admin account`);
  const authorization = running.api === 'v1' ? `Basic ${Buffer.from(`${admin.username}:${admin.password}`).toString('base64')}` : `Bearer ${await token(running.url, admin)}`;
  const base = `${running.url}/api/${running.api}`;
  async function call(method: string, path: string, body?: unknown): Promise<unknown> {
    const response = await fetch(base + path, {
      method,
      headers: { authorization, accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 500)}`);
    return text === '' ? null : (JSON.parse(text) as unknown);
  }
  return { get: (path) => call('GET', path), send: call };
}

/** The Simple auth manager's POST /auth/token. */
async function token(url: string, account: { username: string; password: string }): Promise<string> {
  const response = await fetch(`${url}/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: account.username, password: account.password }),
  });
  if (response.status !== 201 && response.status !== 200) throw new Error(`POST /auth/token answered ${response.status}`);
  return ((await response.json()) as { access_token: string }).access_token;
}
