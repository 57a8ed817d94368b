import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in Airflow for the proxy's tests: no real Airflow can be installed here, so a small
 * node:http server answers the paths a test gives it and records every request it receives.
 * POST /auth/token issues jwt-1, jwt-2, ... (Airflow 3's Simple auth manager's shape).
 */
export interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export type Handler = (request: SeenRequest, response: ServerResponse) => void | Promise<void>;

export interface StandIn {
  url: string;
  seen: SeenRequest[];
  /** Requests other than /auth/token. */
  calls(): SeenRequest[];
  /** The tokens issued so far, in order. */
  tokens: string[];
  /** Answers `METHOD /path` (query left out) with the handler. */
  on(method: string, path: string, handler: Handler): StandIn;
  /** Answers every request no `on` handler takes (else 404). */
  otherwise(handler: Handler): StandIn;
  close(): Promise<void>;
}

export function json(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}

export async function startStandIn(): Promise<StandIn> {
  const handlers = new Map<string, Handler>();
  let fallback: Handler = (request, response) => json(response, 404, { detail: `stand-in has no ${request.method} ${request.url.split('?')[0]}` });
  const seen: SeenRequest[] = [];
  const tokens: string[] = [];
  const server = createServer((incoming, response) => {
    void readBody(incoming).then(async (body) => {
      const request: SeenRequest = { method: incoming.method ?? '', url: incoming.url ?? '', headers: incoming.headers, body };
      seen.push(request);
      const path = request.url.split('?')[0];
      if (request.method === 'POST' && path === '/auth/token' && !handlers.has('POST /auth/token')) {
        tokens.push(`jwt-${tokens.length + 1}`);
        return json(response, 201, { access_token: tokens.at(-1) });
      }
      await (handlers.get(`${request.method} ${path}`) ?? fallback)(request, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const standIn: StandIn = {
    url: `http://127.0.0.1:${port}`,
    seen,
    tokens,
    calls: () => seen.filter((request) => request.url.split('?')[0] !== '/auth/token'),
    on(method, path, handler) {
      handlers.set(`${method} ${path}`, handler);
      return standIn;
    },
    otherwise(handler) {
      fallback = handler;
      return standIn;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return standIn;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}
