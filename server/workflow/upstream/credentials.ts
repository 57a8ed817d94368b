import type { AirflowAccount, AirflowUpstream } from '../../config';
import { fetchUpstream, type UpstreamCall } from './fetchUpstream';
import { refusedCredentials, UpstreamFailure } from './failure';

/** The Authorization header the console sends to Airflow for every proxied call. */
export interface UpstreamCredentials {
  /** The header value to send (null: none), fetching a JWT first when none is held. */
  authorization(): Promise<string | null>;
  /**
   * Airflow answered 401 to `sent`: true when a renewed credential is worth one retry (a v2 JWT
   * that is now dropped, unless a concurrent call already renewed it); false for Basic auth.
   */
  refused(sent: string | null): boolean;
}

/**
 * One Airflow account's header: Basic auth for Airflow 2; for Airflow 3 a JWT from its auth
 * manager, held until Airflow refuses it. `account` null: none (v1), GET /auth/token (v2).
 */
export function upstreamCredentials(upstream: AirflowUpstream, account: AirflowAccount | null): UpstreamCredentials {
  if (upstream.api === 'v1') {
    const basic = account === null ? null : `Basic ${Buffer.from(`${account.username}:${account.password}`).toString('base64')}`;
    return { authorization: async () => basic, refused: () => false };
  }
  // One request in flight at a time: calls arriving while a token is fetched share it.
  let token: Promise<string> | null = null;
  let held: string | null = null;
  return {
    async authorization() {
      token ??= requestToken(upstream, account).then(
        (value) => (held = `Bearer ${value}`),
        (error: unknown) => {
          token = null;
          throw error;
        },
      );
      return token;
    },
    refused(sent) {
      if (sent === null) return false;
      if (sent === held) {
        token = null;
        held = null;
      }
      return true;
    },
  };
}

/** POST <url>/auth/token {username, password} → 201 {access_token} (the Simple auth manager's; GET without credentials). */
async function requestToken(upstream: AirflowUpstream, account: AirflowAccount | null): Promise<string> {
  const call: UpstreamCall = account
    ? { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: Buffer.from(JSON.stringify({ username: account.username, password: account.password })) }
    : { method: 'GET', headers: { accept: 'application/json' } };
  const response = await fetchUpstream(upstream, `${upstream.url}/auth/token`, call);
  const text = await response.text().catch(() => '');
  if (response.status === 401 || response.status === 403) throw refusedCredentials(`POST /auth/token answered ${response.status}`);
  if (!response.ok) throw new UpstreamFailure(502, `The Airflow server gave no token: /auth/token answered ${response.status}`);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = null;
  }
  const accessToken = (body as { access_token?: unknown } | null)?.access_token;
  if (typeof accessToken !== 'string' || accessToken === '') throw new UpstreamFailure(502, 'The Airflow server gave no token: /auth/token answered without access_token');
  return accessToken;
}
