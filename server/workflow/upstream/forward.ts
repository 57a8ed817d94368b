import type { FastifyReply, FastifyRequest } from 'fastify';
import { relayAnswer } from '../../http/upstreamFetch';
import type { Role } from '../../../contracts/session';
import { STILL_READING } from '../../../contracts/workflow';
import { pathOf } from '../../http/paths';
import type { AirflowAccount, AirflowUpstream } from '../../config';
import { upstreamCredentials, type UpstreamCredentials } from './credentials';
import { refusedCredentials, UpstreamFailure } from './failure';
import { fetchUpstream } from './fetchUpstream';
import { airflowRefusal, isTrigger, stampTriggerNote } from './identity';
import { createSlowReads, isSlowRead, type KeptAnswer } from './slowReads';
import { problemBody } from '../problem';

/** What of the browser's request goes on: never its cookies or Authorization (the console's, not Airflow's). */
const REQUEST_HEADERS = ['content-type', 'accept', 'accept-language'] as const;
/** What of Airflow's answer comes back: never Set-Cookie or WWW-Authenticate (that would prompt the browser for Airflow's password). */
const RESPONSE_HEADERS = ['content-type', 'cache-control', 'etag', 'last-modified', 'content-disposition', 'content-language'] as const;
const USER_AGENT = 'data-platform-console';
/**
 * Airflow's answers uncompressed: the console sits near Airflow, and gzip there and gunzip here cost
 * more than the bytes they save on that hop (measured: the DAG list's proxy cost 1.15× → 1.02–1.06×
 * of a direct call on loopback). The console compresses for the browser itself (http/compression.ts).
 */
const ACCEPT_ENCODING = 'identity';
/** A structure answer that came after its asker's timeout is kept this long for the next ask. */
const SLOW_KEPT_MS = 60_000;
/** A structure read runs at least this long (or ten timeouts) before the console gives up on it. */
const SLOW_LIMIT_MS = 5 * 60_000;


/** Where an allowed call goes (`target`) and which allowlist entry it is (`call`). */
export interface Allowed {
  target: string;
  call: string;
}

export type Forward = (request: FastifyRequest, reply: FastifyReply, allowed: Allowed) => Promise<FastifyReply>;

/**
 * Sends a call to `<upstream.url><target>` with the Airflow account of the user's role (renewing a
 * refused token once); `accept` replaces the browser's Accept (the console's own log pages ask
 * Airflow for its stream).
 */
export function createSend(upstream: AirflowUpstream): Send {
  const { admin, editor } = upstream.accounts;
  const adminCredentials = upstreamCredentials(upstream, admin);
  // A shared account shares its JWT too.
  const credentialsOf: Record<Role, UpstreamCredentials> = { admin: adminCredentials, editor: sameAccount(admin, editor) ? adminCredentials : upstreamCredentials(upstream, editor) };

  return async function send(request, { target, call: allowed }, signal, timeoutMs = upstream.timeoutMs, accept) {
    // The guard has set the user on every /api call; were it missing, the lesser account goes.
    const role = request.user?.role ?? 'editor';
    const credentials = credentialsOf[role];
    const headers: Record<string, string> = { 'user-agent': USER_AGENT, 'accept-encoding': ACCEPT_ENCODING };
    for (const name of REQUEST_HEADERS) {
      const value = request.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    if (accept !== undefined) headers.accept = accept;
    const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && Buffer.isBuffer(request.body);
    const sent = hasBody ? (request.body as Buffer) : undefined;
    const body = isTrigger(allowed) && request.user ? stampTriggerNote(sent, request.user.username) : sent;
    const call = async () => {
      const authorization = await credentials.authorization();
      const response = await fetchUpstream({ ...upstream, timeoutMs }, `${upstream.url}${target}`, {
        method: request.method,
        headers: authorization === null ? headers : { ...headers, authorization },
        body,
        signal,
      });
      return { response, authorization };
    };
    let { response, authorization } = await call();
    if (response.status === 401 && credentials.refused(authorization)) {
      await response.body?.cancel();
      ({ response, authorization } = await call());
    }
    if (response.status === 401) {
      await response.body?.cancel();
      throw refusedCredentials(`${request.method} ${pathOf(target)} answered 401 to the ${role}s' account`);
    }
    return response;
  };
}

/**
 * Sends the request on to `<upstream.url><target>` with the Airflow account of the user's role and
 * answers with Airflow's status, body and content headers; its 403 (the account may not) is said
 * as Airflow's refusal, naming the account (identity.ts).
 * Reads (logs can be large) stream through; answers to writes are small and read whole, so
 * Idempotency-Key replays can store them.
 */
export function createForward(upstream: AirflowUpstream): Forward {
  const send = createSend(upstream);
  const forwardSlow = createForwardSlow(upstream, send);

  return async function forward(request, reply, allowed) {
    if (isSlowRead(request.method, allowed.target)) return forwardSlow(request, reply, allowed);
    const aborted = new AbortController();
    // Closed after the answer went out or when the browser left: a still-running upstream read stops.
    reply.raw.once('close', () => aborted.abort());
    const response = await send(request, allowed, aborted.signal);
    await refuseUnusable(request, response, allowed);
    if (response.status === 403) {
      const role = request.user?.role ?? 'editor';
      return reply.code(403).send(airflowRefusal(await response.text(), role, upstream.accounts[role]));
    }
    return relayAnswer(request, reply, response, RESPONSE_HEADERS);
  };
}

export type Send = (request: FastifyRequest, allowed: Allowed, signal: AbortSignal, timeoutMs?: number, accept?: string) => Promise<Response>;

/** A structure read (slowReads.ts): one upstream call past the timeout, a 504 with Retry-After while it runs. */
function createForwardSlow(upstream: AirflowUpstream, send: Send) {
  const slowReads = createSlowReads(SLOW_KEPT_MS);
  const slowLimitMs = Math.max(upstream.timeoutMs * 10, SLOW_LIMIT_MS);
  return async function forwardSlow(request: FastifyRequest, reply: FastifyReply, allowed: Allowed) {
    const keep = async (): Promise<KeptAnswer> => {
      const response = await send(request, allowed, AbortSignal.timeout(slowLimitMs), slowLimitMs);
      await refuseUnusable(request, response, allowed);
      const headers = RESPONSE_HEADERS.flatMap((name) => { const value = response.headers.get(name); return value === null ? [] : [[name, value] as [string, string]]; });
      return { status: response.status, headers, body: Buffer.from(await response.arrayBuffer()) };
    };
    const outcome = await slowReads(`${request.user?.role ?? 'editor'} ${allowed.target}`, keep, upstream.timeoutMs);
    if ('answer' in outcome) {
      for (const [name, value] of outcome.answer.headers) reply.header(name, value);
      return reply.code(outcome.answer.status).send(outcome.answer.body);
    }
    const seconds = Math.round(outcome.waitedMs / 1000);
    const detail = `${STILL_READING} (${seconds} s so far, longer than the console's ${Math.round(upstream.timeoutMs / 1000)} s timeout): the console keeps its one call going; ask again`;
    return reply.code(504).header('retry-after', String(Math.ceil(upstream.timeoutMs / 1000))).send(problemBody(504, 'Gateway Timeout', detail));
  };
}

/** Answers no screen can use: a redirect (a wrong base URL), or Airflow's own 5xx HTML page (its log has the reason). */
export async function refuseUnusable(request: FastifyRequest, response: Response, allowed: Allowed): Promise<void> {
  if (response.status >= 300 && response.status < 400) {
    await response.body?.cancel();
    const location = response.headers.get('location');
    throw new UpstreamFailure(502, `The Airflow server answered with a redirect${location ? ` to ${location}` : ''}; is CONSOLE_AIRFLOW_URL its root URL?`);
  }
  if (response.status >= 500 && /^text\/html\b/.test(response.headers.get('content-type') ?? '')) {
    await response.body?.cancel();
    throw new UpstreamFailure(502, `The Airflow server failed on ${request.method} ${pathOf(allowed.target)} (${response.status}); its own log says why`);
  }
}

function sameAccount(a: AirflowAccount | null, b: AirflowAccount | null): boolean {
  return a?.username === b?.username && a?.password === b?.password;
}
