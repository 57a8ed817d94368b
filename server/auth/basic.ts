import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { LruMap } from '../store/lru';
import type { AuthServices } from './services';
import type { AuthContext } from './context';
import { isRefusal, type Refusal } from './authenticate';
import type { UserProfile } from './users';

/** Checked credentials are remembered this long, so a script polling with Basic auth costs one hash, not one per call. */
const REMEMBER_MS = 5 * 60 * 1000;
const REMEMBERED = 256;

export type BasicResult = { kind: 'ok'; user: UserProfile; auth: AuthContext } | { kind: 'none' } | { kind: 'invalid' } | Refusal;

/** The username and password of an `Authorization: Basic` header, or null. */
export function basicCredentials(request: FastifyRequest): { username: string; password: string } | null {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(request.headers.authorization ?? '');
  if (!match) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon <= 0 ? null : { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/**
 * HTTP Basic auth for the mounts that accept it (the workflow API, as Airflow's basic_auth
 * backend): the password is checked like a sign-in (brute-force limits, hash queue), and a
 * verified pair is remembered briefly by its digest, tied to the user's token version so that a
 * password change or removal ends it at once.
 */
export function basicAuthenticator(services: AuthServices) {
  const remembered = new LruMap<string, { username: string; tokenVersion: number; until: number }>(REMEMBERED);
  return async function fromBasic(request: FastifyRequest): Promise<BasicResult> {
    const credentials = basicCredentials(request);
    if (!credentials) return { kind: 'none' };
    const digest = createHash('sha256').update(`${credentials.username}\0${credentials.password}`).digest('base64url');
    const known = remembered.get(digest);
    const now = services.clock();
    if (known && known.until > now) {
      const user = await services.users.profileAt(known.username, known.tokenVersion);
      if (user) return { kind: 'ok', user, auth: { method: 'basic', subject: user.username } };
    }
    const result = await services.authenticator.signIn(request.ip, credentials.username, credentials.password);
    if (isRefusal(result)) return result;
    if (result.kind === 'invalid') return result;
    remembered.set(digest, { username: result.user.username, tokenVersion: result.tokenVersion, until: now + REMEMBER_MS });
    return { kind: 'ok', user: result.user, auth: { method: 'basic', subject: result.user.username } };
  };
}
