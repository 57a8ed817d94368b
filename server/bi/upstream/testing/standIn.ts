import { afterEach } from 'vitest';
import type { SupersetUpstream } from '../../../config';
import { json, startStandIn, type StandIn } from '../../../workflow/upstream/testing/standIn';

export { json };

/** The shared secret the stand-in and the console's config hold in the proxy's tests. */
export const SECRET = 'stand-in-shared-secret-0123456789';

/**
 * A stand-in Superset for the proxy's tests (the routes tests run without the real one): the
 * workflow proxy's recording node:http server, plus Superset's REMOTE_USER sign-in as our
 * superset_config.py sets it up. GET /login/ with the right X-Console-* headers sets cookie
 * `session=s<N>-<user>`; GET /api/v1/security/csrf_token/ answers `csrf<N>` for a known session,
 * 401 otherwise. `signedIn` lists who signed in, in order; `expire` drops every session.
 */
export interface SupersetStandIn extends StandIn {
  signedIn: Array<{ user: string; role: string }>;
  /** The console user a request's session cookie belongs to, or null. */
  userOf(cookie: string | undefined): string | null;
  expire(): void;
}

export async function startSupersetStandIn(): Promise<SupersetStandIn> {
  const standIn = await startStandIn();
  const sessions = new Map<string, string>();
  const signedIn: SupersetStandIn['signedIn'] = [];
  const userOf = (cookie: string | undefined) => sessions.get(/(?:^|; )session=([^;]+)/.exec(cookie ?? '')?.[1] ?? '') ?? null;
  standIn.on('GET', '/login/', (request, response) => {
    const user = decodeURIComponent(String(request.headers['x-console-user'] ?? ''));
    if (request.headers['x-console-secret'] !== SECRET || user === '') {
      response.writeHead(302, { location: '/login/', 'set-cookie': 'session=anonymous; HttpOnly; Path=/' });
      response.end();
      return;
    }
    signedIn.push({ user, role: String(request.headers['x-console-role']) });
    const id = `s${signedIn.length}-${encodeURIComponent(user)}`;
    sessions.set(id, user);
    response.writeHead(302, { location: '/', 'set-cookie': `session=${id}; HttpOnly; Path=/` });
    response.end();
  });
  standIn.on('GET', '/api/v1/security/csrf_token/', (request, response) => {
    if (userOf(request.headers.cookie) === null) return json(response, 401, { msg: 'Missing Authorization Header' });
    json(response, 200, { result: `csrf${signedIn.length}` });
  });
  return Object.assign(standIn, { signedIn, userOf, expire: () => sessions.clear() });
}

/** Stand-in Supersets started by a test, closed after it. */
export function useSupersetStandIns(): () => Promise<SupersetStandIn> {
  const started: SupersetStandIn[] = [];
  afterEach(async () => {
    await Promise.all(started.splice(0).map((standIn) => standIn.close()));
  });
  return async () => {
    const standIn = await startSupersetStandIn();
    started.push(standIn);
    return standIn;
  };
}

export const upstreamOf = (standIn: { url: string }, overrides: Partial<SupersetUpstream> = {}): SupersetUpstream => ({ url: standIn.url, secret: SECRET, timeoutMs: 5000, ...overrides });
