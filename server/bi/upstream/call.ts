import type { SupersetUpstream } from '../../config';
import { SupersetFailure, fetchSuperset } from './failure';
import { inSession } from './forward';
import type { ConsoleUser, SupersetSession, SupersetSessions } from './session';

/** Superset's answer to one of the console's own calls: its status and parsed JSON body (null when none). */
export interface SupersetAnswer {
  status: number;
  body: unknown;
}

/** One JSON call to Superset's API made by the console itself, as `user` (their own session). */
export type SupersetCall = (user: ConsoleUser, method: 'GET' | 'POST', path: string, body?: unknown, signal?: AbortSignal) => Promise<SupersetAnswer>;

/**
 * The calls behind what Superset lacks (catalog search, table preview): made as the signed-in
 * user, never a shared account, so Superset's database rights decide what they see. A session
 * Superset no longer takes is renewed once, as forward.ts does; a non-JSON answer is a 502.
 */
export function createSupersetCall(upstream: SupersetUpstream, sessions: SupersetSessions): SupersetCall {
  return async (user, method, path, body, signal) => {
    const send = async (session: SupersetSession) => {
      const headers: Record<string, string> = { cookie: session.cookie(), accept: 'application/json', 'user-agent': 'data-platform-console', 'accept-encoding': 'identity' };
      if (method === 'POST') Object.assign(headers, { 'content-type': 'application/json', 'x-csrftoken': session.csrfToken, referer: `${upstream.url}/` });
      const response = await fetchSuperset(upstream, path, { method, headers, body: body === undefined ? undefined : Buffer.from(JSON.stringify(body)), signal });
      session.absorb(response);
      return response;
    };
    const response = await inSession(sessions, user, send);
    const text = await response.text();
    if (text === '') return { status: response.status, body: null };
    try {
      return { status: response.status, body: JSON.parse(text) as unknown };
    } catch {
      throw new SupersetFailure(502, `The Superset server answered ${method} ${path.split('?')[0]} with ${response.status} and no JSON`);
    }
  };
}

/** Superset's own message in an error answer (`message`, or its `errors[0].message`), else a fallback. */
export function supersetMessage(body: unknown, fallback: string): string {
  const { message, errors } = (body ?? {}) as { message?: unknown; errors?: Array<{ message?: unknown }> };
  if (typeof message === 'string' && message !== '') return message;
  if (message && typeof message === 'object') return JSON.stringify(message);
  const first = Array.isArray(errors) ? errors[0]?.message : undefined;
  return typeof first === 'string' && first !== '' ? first : fallback;
}
