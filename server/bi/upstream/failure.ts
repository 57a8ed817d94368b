import type { SupersetUpstream } from '../../config';
import { fetchUpstreamHead, networkCause, type UpstreamCall } from '../../http/upstreamFetch';

/**
 * Why the Superset upstream gave no usable answer: 502 (unreachable, or it did not sign the
 * console's user in) or 504 (no answer in time). Answered as problem JSON with Superset's
 * `message` too, the field the BI client shows.
 */
export class SupersetFailure extends Error {
  constructor(
    readonly status: 502 | 504,
    detail: string,
  ) {
    super(detail);
    this.name = 'SupersetFailure';
  }

  toJSON() {
    const title = this.status === 504 ? 'Gateway Timeout' : 'Bad Gateway';
    return { type: 'about:blank', title, status: this.status, detail: this.message, message: this.message };
  }
}

export const UNREACHABLE = 'The Superset server could not be reached';

/** A fetch that failed before any answer: timed out (504) or not reachable (502), with the network's reason. */
export function networkFailure(error: unknown, timedOut: boolean, timeoutMs: number): SupersetFailure {
  if (timedOut) return new SupersetFailure(504, `The Superset server did not answer within ${Math.round(timeoutMs / 1000)} s`);
  return new SupersetFailure(502, `${UNREACHABLE} (${networkCause(error)})`);
}

/**
 * One fetch to Superset, redirects not followed (they would leave Superset's URL to the browser);
 * the timeout covers waiting for the answer's head only. Network failures become SupersetFailure.
 */
export function fetchSuperset(upstream: SupersetUpstream, path: string, call: UpstreamCall): Promise<Response> {
  return fetchUpstreamHead(`${upstream.url}${path}`, call, upstream.timeoutMs, (error, timedOut) => networkFailure(error, timedOut, upstream.timeoutMs));
}
