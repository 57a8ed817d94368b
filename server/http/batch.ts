import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isMutatingMethod } from '../../contracts/http';
import { IDEMPOTENCY_HEADER, REPLAYED_HEADER } from './idempotency';

export const BATCH_PATH = '/api/batch';
export const MAX_BATCH = 100;
/** 100 saves, some of them notebooks with outputs: well past Fastify's 1 MiB default. */
const BATCH_BODY_LIMIT = 64 * 1024 * 1024;

/** The only request headers a sub-request takes from the batch entry (credentials come from the batch itself). */
const PASSED_HEADERS = new Set(['content-type', 'idempotency-key', 'if-match', 'if-none-match', 'x-csrftoken', 'x-console-change', 'x-console-label']);
/** The headers of a sub-answer the caller gets back. */
const ANSWERED_HEADERS = ['content-type', 'etag', REPLAYED_HEADER] as const;
/** Set on every sub-request, so a batch can never run inside a batch whatever the URL's spelling. */
const SUB_REQUEST_HEADER = 'x-console-batch-entry';

export interface BatchEntry {
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  headers?: Record<string, string>;
  body?: string | null;
}

export interface BatchAnswer {
  status: number;
  headers: Partial<Record<(typeof ANSWERED_HEADERS)[number], string>>;
  body: string;
}

/** After one of these the batch stops: the caller has to wait (sign-in, a busy or broken server). */
export function stopsBatch(status: number): boolean {
  return status === 401 || status === 408 || status === 429 || status >= 500;
}

const bad = (message: string) => ({ error: { message: `Invalid batch: ${message}` } });

/** The request list, or why it is not one. */
function parseBatch(body: unknown): { entries: BatchEntry[] } | { error: { message: string } } {
  const requests = (body as { requests?: unknown } | null)?.requests;
  if (!Array.isArray(requests) || requests.length < 1 || requests.length > MAX_BATCH) {
    return bad(`requests must be an array of 1 to ${MAX_BATCH}`);
  }
  for (const [index, entry] of requests.entries()) {
    const problem = entryProblem(entry);
    if (problem) return bad(`requests[${index}] ${problem}`);
  }
  return { entries: requests as BatchEntry[] };
}

function entryProblem(entry: unknown): string | null {
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return 'must be an object';
  const { method, url, headers, body } = entry as Record<string, unknown>;
  if (typeof method !== 'string' || !isMutatingMethod(method)) return 'method must be POST, PUT, PATCH or DELETE';
  if (typeof url !== 'string' || !isApiUrl(url)) return 'url must be a path under /api/ (not /api/batch)';
  if (headers !== undefined) {
    if (typeof headers !== 'object' || headers === null || Array.isArray(headers)) return 'headers must be an object';
    if (!Object.values(headers).every((value) => typeof value === 'string')) return 'header values must be strings';
  }
  if (body !== undefined && body !== null && typeof body !== 'string') return 'body must be a string or null';
  return null;
}

/** A same-origin path under /api/ that is not the batch route itself, in any spelling. */
function isApiUrl(url: string): boolean {
  if (!url.startsWith('/api/') || url.includes('\\')) return false;
  let path: string;
  try {
    path = decodeURIComponent(new URL(url, 'http://batch.invalid').pathname);
  } catch {
    return false;
  }
  if (!path.startsWith('/api/')) return false; // e.g. /api/../x
  const normalised = path.replace(/\/+$/, '').toLowerCase();
  return normalised !== BATCH_PATH;
}

function subHeaders(request: FastifyRequest, entry: BatchEntry): Record<string, string> {
  const headers: Record<string, string> = { [SUB_REQUEST_HEADER]: '1' };
  for (const [name, value] of Object.entries(entry.headers ?? {})) {
    if (PASSED_HEADERS.has(name.toLowerCase())) headers[name.toLowerCase()] = value;
  }
  // The caller's own credentials: each sub-request is authenticated (and authorised) on its own.
  // Its Host too, which the public-URL check compares (the batch itself passed the Origin check).
  const { cookie, authorization, host } = request.headers;
  if (cookie) headers.cookie = cookie;
  if (authorization) headers.authorization = authorization;
  if (host) headers.host = host;
  return headers;
}

/**
 * POST /api/batch: runs up to 100 writes in order, each through the whole app (guard,
 * idempotency store, validation, route), as if the caller had sent them one by one. Stops
 * after the first 401, 408, 429 or 5xx (included), so `responses.length` says where it stopped.
 * Lets the service worker replay a queue of saves in one round trip. Registered on the root
 * instance, so app.inject reaches every mount.
 */
export function registerBatch(app: FastifyInstance): void {
  app.post(BATCH_PATH, { bodyLimit: BATCH_BODY_LIMIT }, async (request, reply) => {
    if (request.headers[SUB_REQUEST_HEADER] !== undefined) return reply.code(400).send({ message: 'Invalid batch: batches do not nest' });
    // Its requests carry their own keys; a key on the batch could even be one of theirs, and the
    // sub-request would then wait on the batch's own claim.
    if (request.headers[IDEMPOTENCY_HEADER] !== undefined) return reply.code(400).send({ message: 'Invalid batch: the batch takes no Idempotency-Key; its requests carry their own' });
    const parsed = parseBatch(request.body);
    if ('error' in parsed) return reply.code(400).send(parsed.error);
    const responses: BatchAnswer[] = [];
    for (const entry of parsed.entries) {
      const answer = await app.inject({
        method: entry.method,
        url: entry.url,
        headers: subHeaders(request, entry),
        remoteAddress: request.ip,
        ...(entry.body === undefined || entry.body === null ? {} : { payload: entry.body }),
      });
      const headers: BatchAnswer['headers'] = {};
      for (const name of ANSWERED_HEADERS) {
        const value = answer.headers[name];
        if (value !== undefined) headers[name] = String(value);
      }
      responses.push({ status: answer.statusCode, headers, body: answer.body });
      if (stopsBatch(answer.statusCode)) break;
    }
    return { responses };
  });
}
