import { createServer, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';

/** One call that went through the relay, as the upstream saw and answered it. */
export interface Exchange {
  method: string;
  /** Path without the query. */
  path: string;
  query: URLSearchParams;
  requestType: string | null;
  requestBody: Buffer;
  status: number;
  responseType: string | null;
  responseBody: Buffer;
}

export interface Relay {
  url: string;
  /** Every exchange so far, in the order the answers ended. */
  exchanges(): readonly Exchange[];
  /** Stops listening (as if Airflow were stopped: connections refused) until `resume`, on the same port. */
  stop(): Promise<void>;
  resume(): Promise<void>;
  close(): Promise<void>;
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection', 'te', 'trailer']);

/**
 * A recording HTTP relay on loopback in front of `target`: what the console sends Airflow and what
 * Airflow answers pass through unchanged (bodies streamed) and are kept, so a suite can check every
 * call against the OpenAPI document of the Airflow that answered.
 */
export async function startRelay(target: string): Promise<Relay> {
  const upstream = new URL(target);
  const seen: Exchange[] = [];
  const server = createServer((incoming, outgoing) => {
    const url = new URL(incoming.url ?? '/', upstream);
    const requestChunks: Buffer[] = [];
    const forwarded = httpRequest(
      { hostname: upstream.hostname, port: upstream.port, method: incoming.method, path: url.pathname + url.search, headers: { ...withoutHopByHop(incoming.headers), host: upstream.host } },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, withoutHopByHop(answer.headers));
        const responseChunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => {
          responseChunks.push(chunk);
          outgoing.write(chunk);
        });
        answer.on('end', () => {
          outgoing.end();
          seen.push({
            method: incoming.method ?? 'GET',
            path: url.pathname,
            query: url.searchParams,
            requestType: incoming.headers['content-type'] ?? null,
            requestBody: Buffer.concat(requestChunks),
            status: answer.statusCode ?? 0,
            responseType: answer.headers['content-type'] ?? null,
            responseBody: decoded(answer.headers['content-encoding'], Buffer.concat(responseChunks)),
          });
        });
      },
    );
    forwarded.on('error', () => outgoing.destroy());
    outgoing.on('close', () => forwarded.destroy());
    incoming.on('data', (chunk: Buffer) => {
      requestChunks.push(chunk);
      forwarded.write(chunk);
    });
    incoming.on('end', () => forwarded.end());
  });
  const listen = (port: number) => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const stop = () =>
    new Promise<void>((resolve) => {
      if (!server.listening) return resolve();
      server.close(() => resolve());
      server.closeAllConnections();
    });
  await listen(0);
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, exchanges: () => seen, stop, resume: () => listen(port), close: stop };
}

/** The body as sent before Airflow compressed it (it gzips what a client accepts gzipped). */
function decoded(encoding: string | undefined, body: Buffer): Buffer {
  if (encoding === 'gzip') return gunzipSync(body);
  if (encoding === 'br') return brotliDecompressSync(body);
  if (encoding === 'deflate') return inflateSync(body);
  return body;
}

function withoutHopByHop(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name.toLowerCase())));
}
