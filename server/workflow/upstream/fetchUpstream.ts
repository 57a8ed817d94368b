import type { AirflowUpstream } from '../../config';
import { networkFailure } from './failure';

export interface UpstreamCall {
  method: string;
  headers: Record<string, string>;
  body?: Buffer;
  /** Aborts the call, also after its answer began (the browser went away). */
  signal?: AbortSignal;
}

/**
 * One fetch to the upstream; the timeout covers waiting for the answer's head only, so a long log
 * may keep streaming. Network failures become UpstreamFailure (502/504).
 */
export async function fetchUpstream(upstream: AirflowUpstream, url: string, call: UpstreamCall): Promise<Response> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, upstream.timeoutMs);
  const onAbort = () => controller.abort();
  call.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    return await fetch(url, { method: call.method, headers: call.headers, body: call.body === undefined ? undefined : new Uint8Array(call.body), signal: controller.signal, redirect: 'manual' });
  } catch (error) {
    call.signal?.removeEventListener('abort', onAbort);
    throw networkFailure(error, timedOut, upstream.timeoutMs);
  } finally {
    clearTimeout(timer);
  }
}
