/**
 * A small Server-Sent Events reader for fetch bodies (axios cannot stream in browsers, and
 * EventSource cannot POST): text in, `(event, data)` out, per the HTML spec's parsing rules that
 * the console's server uses (event/data fields, comments, CRLF or LF line ends).
 */

export type SseHandler = (event: string, data: string) => void;

export interface SseParser {
  push(chunk: string): void;
}

export function createSseParser(onMessage: SseHandler): SseParser {
  let buffer = '';
  let event = '';
  let data: string[] = [];
  const dispatch = () => {
    if (data.length > 0) onMessage(event || 'message', data.join('\n'));
    event = '';
    data = [];
  };
  const line = (text: string) => {
    if (text === '') return dispatch();
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon < 0 ? text : text.slice(0, colon);
    const value = colon < 0 ? '' : text.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
  };
  return {
    push(chunk) {
      buffer += chunk;
      let end: number;
      while ((end = buffer.search(/\r\n|\r|\n/)) >= 0) {
        // A lone \r at the very end may be half of a \r\n still on its way.
        if (buffer[end] === '\r' && end === buffer.length - 1) break;
        const width = buffer.startsWith('\r\n', end) ? 2 : 1;
        line(buffer.slice(0, end));
        buffer = buffer.slice(end + width);
      }
    },
  };
}

/** Reads a fetch body to its end, handing each message on as it completes. */
export async function readSse(body: ReadableStream<Uint8Array>, onMessage: SseHandler, signal?: AbortSignal): Promise<void> {
  const parser = createSseParser(onMessage);
  const decoder = new TextDecoder();
  const reader = body.getReader();
  const stop = () => void reader.cancel().catch(() => undefined);
  signal?.addEventListener('abort', stop);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.push(decoder.decode(value, { stream: true }));
    }
  } catch (error) {
    // A handler that refuses a message ends the read: the server stops sending too.
    await reader.cancel().catch(() => undefined);
    throw error;
  } finally {
    signal?.removeEventListener('abort', stop);
    reader.releaseLock();
  }
}
