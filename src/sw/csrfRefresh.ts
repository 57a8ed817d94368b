import type { OutboxRow } from '../db/schema';

const CSRF_HEADER = 'x-csrftoken';

/**
 * Superset-style CSRF tokens are bound to the session, so a save queued before a new sign-in
 * carries a token the server refuses (403). Before a replay pass sends such saves, this swaps in
 * a token fetched now (GET <mount>/v1/security/csrf_token/, once per mount and pass). The
 * Idempotency-Key fingerprint covers method, URL and body only, so a replayed save with a new
 * token is still the same save. When no fresh token can be had, the stored one goes as it is.
 */
export function createCsrfRefresher(fetch: (request: Request) => Promise<Response>) {
  const tokens = new Map<string, Promise<string | null>>();
  const tokenFor = (url: string) => {
    let token = tokens.get(url);
    if (!token) {
      token = fetchToken(fetch, url);
      tokens.set(url, token);
    }
    return token;
  };
  return async (entries: OutboxRow[]): Promise<OutboxRow[]> =>
    Promise.all(
      entries.map(async (entry) => {
        const name = Object.keys(entry.headers).find((header) => header.toLowerCase() === CSRF_HEADER);
        const url = name ? tokenUrlFor(entry.url) : null;
        const token = url ? await tokenFor(url) : null;
        return name && token ? { ...entry, headers: { ...entry.headers, [name]: token } } : entry;
      }),
    );
}

/** http://host/api/bi/v1/saved_query/3 → http://host/api/bi/v1/security/csrf_token/ */
export function tokenUrlFor(url: string): string | null {
  const at = url.indexOf('/v1/');
  return at === -1 ? null : `${url.slice(0, at)}/v1/security/csrf_token/`;
}

async function fetchToken(fetch: (request: Request) => Promise<Response>, url: string): Promise<string | null> {
  try {
    const response = await fetch(new Request(url, { credentials: 'same-origin', headers: { Accept: 'application/json' } }));
    if (!response.ok) return null;
    const body = (await response.json()) as { result?: unknown } | null;
    return typeof body?.result === 'string' ? body.result : null;
  } catch {
    return null;
  }
}
