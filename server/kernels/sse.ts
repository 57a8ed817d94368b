import { PassThrough } from 'node:stream';
import type { FastifyReply } from 'fastify';

/** How often an idle event stream sends a comment, so proxies and browsers keep it open. */
const HEARTBEAT_MS = 20_000;
/**
 * The most bytes one stream holds for a client that reads slowly (beyond the kernel's socket
 * buffers): past it events are dropped, not queued, and the stream says so once it has drained.
 */
export const STREAM_BUFFER_MAX_BYTES = 4 * 1024 * 1024;

export interface EventStream {
  /**
   * Sends the event, or drops it (answering false) while the client is too far behind. An essential
   * event (a run's end) is always sent, after what onResume makes up for the dropped ones.
   */
  send(event: string, data: unknown, essential?: boolean): boolean;
  end(): void;
  /** The client went away (or end() was called). */
  readonly closed: boolean;
}

export interface EventStreamOptions {
  /** The client went away, or end() was called. */
  onClose?: () => void;
  /** The client caught up after `dropped` events were dropped: send what makes up for them. */
  onResume?: (dropped: number) => void;
  maxBufferedBytes?: number;
}

/**
 * Answers with a Server-Sent Events stream (route option `compress: false`: a compressor would
 * hold events back). The reply passes the app's onSend hooks, so it has the security headers.
 * What waits for a slow client is bounded (a cell printing fast once grew the server by 1 GB).
 */
export function openEventStream(reply: FastifyReply, options: EventStreamOptions = {}): EventStream {
  const { onClose = () => undefined, onResume = () => undefined, maxBufferedBytes = STREAM_BUFFER_MAX_BYTES } = options;
  const body = new PassThrough();
  let closed = false;
  let dropped = 0;
  const heartbeat = setInterval(() => write(': ping\n\n'), HEARTBEAT_MS);
  heartbeat.unref();
  const close = () => {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    body.end();
    onClose();
  };
  const buffered = () => body.writableLength + body.readableLength + reply.raw.writableLength;
  const write = (text: string) => {
    if (!closed) body.write(text);
  };
  const resume = () => {
    if (closed || dropped === 0 || buffered() > maxBufferedBytes / 2) return;
    const count = dropped;
    dropped = 0;
    onResume(count);
  };
  // The socket's drain says the client read; the body's says the pipe moved on.
  reply.raw.on('drain', resume);
  body.on('drain', resume);
  reply.raw.on('close', close);
  reply.header('content-type', 'text/event-stream; charset=utf-8').header('cache-control', 'no-store').header('x-accel-buffering', 'no');
  void reply.send(body);
  // Headers leave with the first bytes: without these a run that prints nothing (a loop the user
  // wants to interrupt) would leave the client waiting for its answer to begin.
  write(': open\n\n');
  return {
    send: (event, data, essential = false) => {
      if (closed) return false;
      if (essential && dropped > 0) {
        const count = dropped;
        dropped = 0;
        onResume(count);
      } else if (!essential && (dropped > 0 || buffered() > maxBufferedBytes)) {
        dropped += 1;
        return false;
      }
      write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      return true;
    },
    end: close,
    get closed() {
      return closed;
    },
  };
}

export function wantsEventStream(accept: string | undefined): boolean {
  return (accept ?? '').split(',').some((type) => type.trim().split(';')[0] === 'text/event-stream');
}
