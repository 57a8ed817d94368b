import { createHash, type Hash } from 'node:crypto';
import { pipeline, Transform } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isMutatingMethod } from '../../contracts/http';
import { isApiPath } from './paths';
import type { Queryable } from '../store/db';
import type { IdempotencyStore, StoredAnswer } from './idempotency.store';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'idempotent-replayed';
export const KEY_REUSED = { message: 'Idempotency-Key was already used for a different request' };
export const INVALID_KEY = { message: 'Idempotency-Key must be 1 to 255 visible ASCII characters' };

const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
const REPLAYED_HEADERS = ['content-type', 'etag'] as const;
/** What Fastify sends with an object it serialised. */
const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/** An answer as sent: status, body and the headers a replay repeats. */
export type Answer = Omit<StoredAnswer, 'fingerprint'>;

interface Owner {
  username: string;
  fingerprint: string;
  release: () => void;
  /** The answer stored in the write's own transaction (see answerRecorder), if any. */
  recorded: StoredAnswer | null;
}

/** Per-request state: the body hash while it streams in, then the claim this request owns. */
interface IdempotencyState {
  key: string;
  /** Null for routes that read their own body (see claimInHandler). */
  bodyHash: Hash | null;
  owner: Owner | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set for mutating API requests that carry an Idempotency-Key; null otherwise. */
    idempotency: IdempotencyState | null;
  }
  interface FastifyContextConfig {
    /**
     * The route reads its body itself, after preValidation (a streamed multipart upload), and
     * claims its key with claimInHandler once it has: no body is hashed on the way in.
     */
    idempotencyInHandler?: boolean;
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
    if (request.routeOptions.config?.idempotencyInHandler === true) {
      request.idempotency = { key, bodyHash: null, owner: null };
      return payload;
    }
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
  if (!isMutatingMethod(request.method) || request.is404) return false;
  if (request.routeOptions.config?.public === true) return false;
  return isApiPath(request.routeOptions.url ?? '') || isApiPath(request.url);
}

async function claimOrReplay(store: IdempotencyStore, request: FastifyRequest, reply: FastifyReply) {
  const bodyHash = request.idempotency?.bodyHash;
  if (bodyHash) return claimWith(store, request, reply, bodyHash.digest('hex'));
}

/**
 * For an idempotencyInHandler route, once it has read its body: claims the key with a digest
 * of what it read (the same body gives the same digest). True when an answer was sent instead
 * (the stored one replayed, or a 4xx for a bad or reused key): the route must stop there.
 */
export async function claimInHandler(store: IdempotencyStore, request: FastifyRequest, reply: FastifyReply, bodyDigest: string): Promise<boolean> {
  await claimWith(store, request, reply, bodyDigest);
  return reply.sent;
}

async function claimWith(store: IdempotencyStore, request: FastifyRequest, reply: FastifyReply, bodyDigest: string) {
  const state = request.idempotency;
  if (!state || !request.user || state.owner) return;
  if (!KEY_PATTERN.test(state.key)) return reply.code(400).send(INVALID_KEY);
  const fingerprint = `${request.method} ${request.url} ${bodyDigest}`;
  const claim = await store.claim(request.user.username, state.key);
  if (claim.kind === 'owner') {
    state.owner = { username: request.user.username, fingerprint, release: claim.release, recorded: null };
    return;
  }
  if (claim.answer.fingerprint !== fingerprint) return reply.code(422).send(KEY_REUSED);
  return replay(reply, claim.answer);
}

function replay(reply: FastifyReply, answer: StoredAnswer): FastifyReply {
  return reply.code(answer.status).headers(answer.headers).header(REPLAYED_HEADER, 'true').send(answer.body);
}

/**
 * For a route that applies its write in one store transaction: stores the answer it is
 * about to send in that transaction, so a crash can never leave the write applied without
 * its key (a retry would apply it again). Null when the request owns no key. The answer
 * must be the one the route sends; onSend checks that and stores the sent one if not.
 */
export function answerRecorder(request: FastifyRequest, store: IdempotencyStore): ((tx: Queryable, answer: Answer) => Promise<void>) | null {
  const state = request.idempotency;
  const owner = state?.owner;
  if (!state || !owner) return null;
  return async (tx, answer) => {
    const stored = { fingerprint: owner.fingerprint, ...answer };
    await store.save(owner.username, state.key, stored, tx);
    owner.recorded = stored;
  };
}

/** The answer Fastify sends for an object body (no response schema: JSON.stringify). */
export function jsonAnswer(status: number, payload: unknown, headers: Record<string, string> = {}): Answer {
  return { status, body: JSON.stringify(payload), headers: { 'content-type': JSON_CONTENT_TYPE, ...headers } };
}

/** Runs before compression (route-level onSend hooks come after instance hooks). */
async function saveAnswer(store: IdempotencyStore, request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  const owner = request.idempotency?.owner;
  if (!request.idempotency || !owner) return;
  request.idempotency.owner = null;
  try {
    const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null;
    // A 5xx after the write committed keeps the answer stored with it: the write did apply.
    if (reply.statusCode >= 500 || body === null) return;
    const answer = { fingerprint: owner.fingerprint, status: reply.statusCode, body, headers: replayedHeaders(reply) };
    if (!owner.recorded) return await store.save(owner.username, request.idempotency.key, answer);
    if (sameAnswer(owner.recorded, answer)) return;
    request.log.warn({ key: request.idempotency.key }, 'the answer stored with the write differs from the one sent; storing the sent one');
    await store.replace(owner.username, request.idempotency.key, answer);
  } catch (error) {
    // The client still gets its answer; only a retry of this key would run again.
    request.log.error({ err: error }, 'storing the idempotent answer failed');
  } finally {
    owner.release();
  }
}

function sameAnswer(a: StoredAnswer, b: StoredAnswer): boolean {
  if (a.status !== b.status || a.body !== b.body || a.fingerprint !== b.fingerprint) return false;
  const names = new Set([...Object.keys(a.headers), ...Object.keys(b.headers)]);
  return [...names].every((name) => a.headers[name] === b.headers[name]);
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
