import { createHash, type Hash } from 'node:crypto';
import { pipeline, Transform } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isApiPath } from '../auth/guard';
import type { IdempotencyStore, StoredAnswer } from './idempotency.store';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'idempotent-replayed';
export const KEY_REUSED = { message: 'Idempotency-Key was already used for a different request' };
export const INVALID_KEY = { message: 'Idempotency-Key must be 1 to 255 visible ASCII characters' };

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
const REPLAYED_HEADERS = ['content-type', 'etag'] as const;

/** Per-request state: the body hash while it streams in, then the claim this request owns. */
interface IdempotencyState {
  key: string;
  bodyHash: Hash;
  owner: { username: string; fingerprint: string; release: () => void } | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set for mutating API requests that carry an Idempotency-Key; null otherwise. */
    idempotency: IdempotencyState | null;
  }
}

/**
 * Idempotency-Key support for every mutating, authenticated API route on every mount.
 * The first request with a key runs and its answer (2xx and 4xx; never 5xx, which a retry
 * may run again) is stored; a repeat answers the stored one with Idempotent-Replayed.
 * Register after the auth guard (request.user must be set) and before the routes.
 */
export function registerIdempotency(app: FastifyInstance, store: IdempotencyStore): void {
  app.decorateRequest('idempotency', null);
  app.addHook('preParsing', async (request, _reply, payload) => {
    const key = request.headers[IDEMPOTENCY_HEADER];
    if (typeof key !== 'string' || !appliesTo(request)) return payload;
    const bodyHash = createHash('sha256');
    request.idempotency = { key, bodyHash, owner: null };
    return hashingStream(payload, bodyHash);
  });
  // preValidation, not preHandler: a reused key is reported (422) before body validation,
  // and validation errors (400) of a first run are stored and replayed like other 4xx.
  app.addHook('preValidation', async (request, reply) => claimOrReplay(store, request, reply));
  app.addHook('onSend', async (request, reply, payload) => {
    await saveAnswer(store, request, reply, payload);
    return payload;
  });
  // Fallback: onSend always runs when an answer is sent; this covers anything else.
  app.addHook('onResponse', async (request) => request.idempotency?.owner?.release());
}

/** Mutating, authenticated API routes; public sign-in/token routes and 404s are exempt. */
function appliesTo(request: FastifyRequest): boolean {
  if (!MUTATING.has(request.method) || request.is404) return false;
  if (request.routeOptions.config?.public === true) return false;
  return isApiPath(request.routeOptions.url ?? '') || isApiPath(request.url);
}

async function claimOrReplay(store: IdempotencyStore, request: FastifyRequest, reply: FastifyReply) {
  const state = request.idempotency;
  if (!state || !request.user) return;
  if (!KEY_PATTERN.test(state.key)) return reply.code(400).send(INVALID_KEY);
  const fingerprint = `${request.method} ${request.url} ${state.bodyHash.digest('hex')}`;
  const claim = await store.claim(request.user.username, state.key);
  if (claim.kind === 'owner') {
    state.owner = { username: request.user.username, fingerprint, release: claim.release };
    return;
  }
  if (claim.answer.fingerprint !== fingerprint) return reply.code(422).send(KEY_REUSED);
  return replay(reply, claim.answer);
}

function replay(reply: FastifyReply, answer: StoredAnswer): FastifyReply {
  return reply.code(answer.status).headers(answer.headers).header(REPLAYED_HEADER, 'true').send(answer.body);
}

/** Runs before compression (route-level onSend hooks come after instance hooks). */
async function saveAnswer(store: IdempotencyStore, request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  const owner = request.idempotency?.owner;
  if (!request.idempotency || !owner) return;
  request.idempotency.owner = null;
  try {
    const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null;
    if (reply.statusCode >= 500 || body === null) return;
    const answer = { fingerprint: owner.fingerprint, status: reply.statusCode, body, headers: replayedHeaders(reply) };
    await store.save(owner.username, request.idempotency.key, answer);
  } catch (error) {
    // The client still gets its answer; only a retry of this key would run again.
    request.log.error({ err: error }, 'storing the idempotent answer failed');
  } finally {
    owner.release();
  }
}

function replayedHeaders(reply: FastifyReply): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name of REPLAYED_HEADERS) {
    const value = reply.getHeader(name);
    if (value !== undefined) headers[name] = String(value);
  }
  return headers;
}

/** Passes the body through unchanged while hashing it, so the parsers still see it all. */
function hashingStream(payload: NodeJS.ReadableStream, hash: Hash): NodeJS.ReadableStream {
  const tee = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      callback(null, chunk);
    },
  });
  pipeline(payload, tee, () => undefined);
  return tee;
}
