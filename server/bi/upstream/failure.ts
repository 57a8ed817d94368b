import type { SupersetUpstream } from '../../config';

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
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : error instanceof Error ? error.message : String(error);
  return new SupersetFailure(502, `${UNREACHABLE} (${cause})`);
}

export interface SupersetCall {
  method: string;
  headers: Record<string, string>;
  body?: Buffer;
  /** Aborts the call, also after its answer began (the browser went away). */
  signal?: AbortSignal;
}

/**
 * One fetch to Superset, redirects not followed (they would leave Superset's URL to the browser);
 * the timeout covers waiting for the answer's head only. Network failures become SupersetFailure.
 */
export async function fetchSuperset(upstream: SupersetUpstream, path: string, call: SupersetCall): Promise<Response> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, upstream.timeoutMs);
  const onAbort = () => controller.abort();
  call.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    const body = call.body === undefined ? undefined : new Uint8Array(call.body);
    return await fetch(`${upstream.url}${path}`, { method: call.method, headers: call.headers, body, signal: controller.signal, redirect: 'manual' });
  } catch (error) {
    call.signal?.removeEventListener('abort', onAbort);
    throw networkFailure(error, timedOut, upstream.timeoutMs);
  } finally {
    clearTimeout(timer);
  }
}
