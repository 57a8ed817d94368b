import { PassThrough } from 'node:stream';
import type { FastifyReply } from 'fastify';

/** How often an idle event stream sends a comment, so proxies and browsers keep it open. */
const HEARTBEAT_MS = 20_000;

export interface EventStream {
  send(event: string, data: unknown): void;
  end(): void;
  /** The client went away (or end() was called). */
  readonly closed: boolean;
}

/**
 * Answers with a Server-Sent Events stream (route option `compress: false`: a compressor would
 * hold events back). The reply passes the app's onSend hooks, so it has the security headers.
 */
export function openEventStream(reply: FastifyReply, onClose: () => void = () => undefined): EventStream {
  const body = new PassThrough();
  let closed = false;
  const heartbeat = setInterval(() => write(': ping\n\n'), HEARTBEAT_MS);
  heartbeat.unref();
  const close = () => {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    body.end();
    onClose();
  };
  const write = (text: string) => {
    if (!closed) body.write(text);
  };
  reply.raw.on('close', close);
  reply.header('content-type', 'text/event-stream; charset=utf-8').header('cache-control', 'no-store').header('x-accel-buffering', 'no');
  void reply.send(body);
  // Headers leave with the first bytes: without these a run that prints nothing (a loop the user
  // wants to interrupt) would leave the client waiting for its answer to begin.
  write(': open\n\n');
  return {
    send: (event, data) => write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`),
    end: close,
    get closed() {
      return closed;
    },
  };
}

export function wantsEventStream(accept: string | undefined): boolean {
  return (accept ?? '').split(',').some((type) => type.trim().split(';')[0] === 'text/event-stream');
}
