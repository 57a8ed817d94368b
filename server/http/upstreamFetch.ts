import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** One call to an upstream (Airflow, Superset) the console sits in front of. */
export interface UpstreamCall {
  method: string;
  headers: Record<string, string>;
  body?: Buffer;
  /** Aborts the call, also after its answer began (the browser went away). */
  signal?: AbortSignal;
}

/** What a failed fetch becomes: the upstream's own failure (502 unreachable, 504 no answer in time). */
export type NetworkFailure = (error: unknown, timedOut: boolean) => Error;

/**
 * One fetch to an upstream, redirects not followed (they would hand the upstream's URL to the
 * browser); the timeout covers waiting for the answer's head only, so a long answer may keep
 * streaming. A network failure is thrown as `failure` says it.
 */
export async function fetchUpstreamHead(url: string, call: UpstreamCall, timeoutMs: number, failure: NetworkFailure): Promise<Response> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onAbort = () => controller.abort();
  call.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    const body = call.body === undefined ? undefined : new Uint8Array(call.body);
    return await fetch(url, { method: call.method, headers: call.headers, body, signal: controller.signal, redirect: 'manual' });
  } catch (error) {
    call.signal?.removeEventListener('abort', onAbort);
    throw failure(error, timedOut);
  } finally {
    clearTimeout(timer);
  }
}

/** The network's own reason for a failed fetch (undici puts it in `cause`). */
export function networkCause(error: unknown): string {
  if (error instanceof Error && error.cause instanceof Error) return error.cause.message;
  return error instanceof Error ? error.message : String(error);
}

/**
 * The upstream's answer as the browser gets it: its status, the content headers named, and its
 * body (a read streams through; a write's answer is read whole, so Idempotency-Key replays can
 * store it).
 */
export async function relayAnswer(request: FastifyRequest, reply: FastifyReply, response: Response, headers: readonly string[]): Promise<FastifyReply> {
  reply.code(response.status);
  for (const name of headers) {
    const value = response.headers.get(name);
    if (value !== null) reply.header(name, value);
  }
  if (response.body === null || request.method === 'HEAD') return reply.send();
  if (request.method !== 'GET') return reply.send(Buffer.from(await response.arrayBuffer()));
  return reply.send(Readable.fromWeb(response.body as WebReadableStream<Uint8Array>));
}
