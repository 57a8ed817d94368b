import type { FastifyReply, FastifyRequest } from 'fastify';
import { relayAnswer } from '../../http/upstreamFetch';
import { isMutatingMethod } from '../../../contracts/http';
import type { SupersetUpstream } from '../../config';
import { fetchSuperset, SupersetFailure } from './failure';
import type { ConsoleUser, SupersetSession, SupersetSessions } from './session';

/** What of the browser's request goes on: never its cookies, Authorization or CSRF token (the console's, not Superset's). */
const REQUEST_HEADERS = ['content-type', 'accept', 'accept-language'] as const;
/** What of Superset's answer comes back: never Set-Cookie (Superset's session stays on the server). */
const RESPONSE_HEADERS = ['content-type', 'cache-control', 'etag', 'last-modified', 'content-disposition', 'content-language'] as const;
const USER_AGENT = 'data-platform-console';
/** Uncompressed between the two servers: the console compresses for the browser itself. */
const ACCEPT_ENCODING = 'identity';

export type Forward = (request: FastifyRequest, reply: FastifyReply, target: string) => Promise<FastifyReply>;

/**
 * Sends the request on to `<superset.url><target>` in the signed-in console user's own Superset
 * session, and answers with Superset's status, body and content headers. A session Superset no
 * longer takes (401, or 400 about the CSRF token) is renewed once and the call sent again.
 * Reads stream through; answers to writes are small and read whole, so Idempotency-Key replays
 * can store them.
 */
export function createForward(upstream: SupersetUpstream, sessions: SupersetSessions): Forward {
  return async function forward(request, reply, target) {
    const user = request.user;
    if (!user) throw new Error('The guard let a request without a user into /api/bi');
    const aborted = new AbortController();
    // Closed after the answer went out or when the browser left: a still-running Superset call stops.
    reply.raw.once('close', () => aborted.abort());
    const send = async (session: SupersetSession) => {
      const response = await fetchSuperset(upstream, target, { method: request.method, headers: headersFor(upstream, request, session), body: bodyOf(request), signal: aborted.signal });
      session.absorb(response);
      return response;
    };
    const response = await inSession(sessions, user, send);
    await refuseUnusable(request, response, target);
    return relayAnswer(request, reply, response, RESPONSE_HEADERS);
  };
}

function headersFor(upstream: SupersetUpstream, request: FastifyRequest, session: SupersetSession): Record<string, string> {
  const headers: Record<string, string> = { 'user-agent': USER_AGENT, 'accept-encoding': ACCEPT_ENCODING, cookie: session.cookie() };
  for (const name of REQUEST_HEADERS) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  // Flask-WTF checks the token on writes (and, over HTTPS, that the Referer is Superset's own).
  if (isMutatingMethod(request.method)) Object.assign(headers, { 'x-csrftoken': session.csrfToken, referer: `${upstream.url}/` });
  return headers;
}

function bodyOf(request: FastifyRequest): Buffer | undefined {
  return request.method !== 'GET' && request.method !== 'HEAD' && Buffer.isBuffer(request.body) ? request.body : undefined;
}

/**
 * `send` in the user's kept Superset session; when Superset refuses that session, once more in a
 * new one (signed in again), so an expired session costs the user nothing.
 */
export async function inSession(sessions: SupersetSessions, user: ConsoleUser, send: (session: SupersetSession) => Promise<Response>): Promise<Response> {
  let session = await sessions.session(user);
  let response = await send(session);
  if (await sessionRefused(response)) {
    await response.body?.cancel();
    sessions.forget(user.username, session);
    session = await sessions.session(user);
    response = await send(session);
  }
  return response;
}

/** Superset's answer to a session it no longer has (401) or a token that no longer matches it (400 "The CSRF …"). */
async function sessionRefused(response: Response): Promise<boolean> {
  if (response.status === 401) return true;
  if (response.status !== 400) return false;
  const text = await response.clone().text().catch(() => '');
  return /\bCSRF\b/i.test(text);
}

/** Answers no screen can use: a redirect (a wrong base URL, a missing slash), or Superset's own 5xx HTML page. */
async function refuseUnusable(request: FastifyRequest, response: Response, target: string): Promise<void> {
  const path = target.split('?')[0];
  if (response.status >= 300 && response.status < 400) {
    await response.body?.cancel();
    const location = response.headers.get('location');
    throw new SupersetFailure(502, `The Superset server answered ${request.method} ${path} with a redirect${location ? ` to ${location}` : ''}; is CONSOLE_SUPERSET_URL its root URL, and does the path end with its slash?`);
  }
  if (response.status >= 500 && /^text\/html\b/.test(response.headers.get('content-type') ?? '')) {
    await response.body?.cancel();
    throw new SupersetFailure(502, `The Superset server failed on ${request.method} ${path} (${response.status}); its own log says why`);
  }
}
