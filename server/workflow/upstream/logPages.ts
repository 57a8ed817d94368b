import { Readable } from 'node:stream';
import { setTimeout } from 'node:timers';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AirflowUpstream } from '../../config';
import { logAttachment } from '../logpaging/attachment';
import { STILL_OPENING_LOG } from '../../../contracts/workflow';
import { createHeldReaders, HELD_MS, type HeldReader } from '../logpaging/heldReaders';
import { airflow2TextLines, LineReader, logText, ndjsonLines, parsePageQuery, readPage, type LineMapper } from '../logpaging/pageLines';
import { problemBody } from '../problem';
import { UpstreamFailure } from './failure';
import { refuseUnusable, type Allowed, type Send } from './forward';
import { airflowRefusal } from './identity';

/** Airflow's log call going on, its answer's head come or not. */
interface Opened {
  response: Response;
  abort: AbortController;
}

/** How long a log's stream may take to begin (Airflow parses the whole log first) before the console gives up on it. */
const LOG_HEAD_LIMIT_MS = 5 * 60_000;

const delay = (ms: number) => new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), ms).unref());

/**
 * Log calls still waiting for Airflow's first byte, by reader and log. Airflow parses a whole log
 * before its stream begins (a 100 MB one: over a minute), longer than a browser waits: the call
 * goes on, the asker gets a 504 with Retry-After, and the next ask takes it.
 */
function createOpenings(send: Send, accept: string, headLimitMs: number) {
  const opening = new Map<string, Promise<Opened>>();
  return {
    open(request: FastifyRequest, allowed: Allowed, key: string): Promise<Opened> {
      const started = opening.get(key);
      if (started) return started;
      const abort = new AbortController();
      const call = send(request, allowed, abort.signal, headLimitMs, accept).then((response) => ({ response, abort }));
      opening.set(key, call);
      const forget = () => {
        if (opening.get(key) !== call) return;
        opening.delete(key);
        abort.abort();
      };
      // Nobody came back for it: its stream is let go.
      call.then(() => setTimeout(forget, HELD_MS).unref(), forget);
      return call;
    },
    /** Claims the call's answer; false when another ask claimed it first (its body has one reader). */
    take(key: string, call: Promise<Opened>): boolean {
      if (opening.get(key) !== call) return false;
      opening.delete(key);
      return true;
    },
  };
}

/** A try's log path as the client reads it, with what it asks of it: a page of lines, or the file. */
export interface LogAsk {
  kind: 'lines' | 'download';
  dagId: string;
  runId: string;
  taskId: string;
  tryNumber: number;
  mapIndex: number;
  query: URLSearchParams;
}

/** Airflow's own streamed form of a log: Airflow 3's ndjson records, Airflow 2's text. */
const STREAMS: Record<AirflowUpstream['api'], { accept: string; lines: () => LineMapper }> = {
  v2: { accept: 'application/x-ndjson', lines: () => ndjsonLines },
  v1: { accept: 'text/plain', lines: airflow2TextLines },
};

/**
 * The console's pages of a finished try's log (and the whole log as a file), read from Airflow's
 * log stream as it comes and no further than the page needs: the console never holds the log whole,
 * and the browser keeps only the pages it shows. The stream of a page that stopped before the end
 * is held for the next page (heldReaders.ts). `allowed` is Airflow's log call, checked by the
 * allowlist as the client's own log read is.
 */
export function createLogPages(upstream: AirflowUpstream, send: Send) {
  const stream = STREAMS[upstream.api];
  const held = createHeldReaders();
  const headLimitMs = Math.max(upstream.timeoutMs * 10, LOG_HEAD_LIMIT_MS);
  const opening = createOpenings(send, stream.accept, headLimitMs);

  /** Airflow's log stream, or its refusal answered to the browser. */
  async function bodyOf(request: FastifyRequest, reply: FastifyReply, allowed: Allowed, { response }: Opened): Promise<ReadableStream<Uint8Array> | FastifyReply> {
    await refuseUnusable(request, response, allowed);
    if (response.status === 403) {
      const role = request.user?.role ?? 'editor';
      return reply.code(403).send(airflowRefusal(await response.text(), role, upstream.accounts[role]));
    }
    if (!response.ok || response.body === null) {
      // Airflow's own problem (404: no such try; 400: its reason) as it said it.
      const text = await response.text();
      return reply.code(response.status).type(response.headers.get('content-type') ?? 'application/json').send(text || problemBody(response.status, 'Error', `Airflow answered ${response.status}`));
    }
    return response.body;
  }

  /** A reader at the log's top: Airflow's stream once it has begun, else the 504 to ask again or Airflow's refusal. */
  async function openReader(request: FastifyRequest, reply: FastifyReply, allowed: Allowed, key: string): Promise<HeldReader | FastifyReply> {
    for (;;) {
      const call = opening.open(request, allowed, key);
      const opened = await Promise.race([call, delay(upstream.timeoutMs)]);
      if (opened === undefined) {
        const seconds = Math.ceil(upstream.timeoutMs / 1000);
        return reply.code(504).header('retry-after', String(seconds)).send(problemBody(504, 'Gateway Timeout', `${STILL_OPENING_LOG} (longer than the console's ${seconds} s timeout): the console keeps its call going; ask again`));
      }
      // Two asks waited on one call (two tabs opening the same log): the second opens its own.
      if (!opening.take(key, call)) continue;
      const body = await bodyOf(request, reply, allowed, opened);
      return body instanceof ReadableStream ? { reader: new LineReader(body, stream.lines()), abort: opened.abort } : body;
    }
  }

  async function page(request: FastifyRequest, reply: FastifyReply, allowed: Allowed, ask: LogAsk): Promise<FastifyReply> {
    const asked = parsePageQuery({ cursor: ask.query.get('cursor') ?? undefined, limit: ask.query.get('limit') ?? undefined });
    const key = `${request.user?.role ?? 'editor'} ${allowed.target}`;
    const reading = held.take(key, asked.cursor) ?? (await openReader(request, reply, allowed, key));
    if (!('reader' in reading)) return reading;
    const answer = await readPage(reading.reader, asked).catch(async (error: unknown) => {
      reading.abort.abort();
      throw failedMidway(error);
    });
    if (answer.next === null) await reading.reader.close();
    else held.keep(key, reading);
    return reply.header('cache-control', 'no-store').send(answer);
  }

  async function download(request: FastifyRequest, reply: FastifyReply, allowed: Allowed, ask: LogAsk): Promise<FastifyReply> {
    const abort = new AbortController();
    // The browser left mid-download: Airflow's stream stops too. A download waits for Airflow's first byte as long as it takes.
    reply.raw.once('close', () => abort.abort());
    const response = await send(request, allowed, abort.signal, headLimitMs, stream.accept);
    const body = await bodyOf(request, reply, allowed, { response, abort });
    if (!(body instanceof ReadableStream)) return body;
    return reply
      .header('cache-control', 'no-store')
      .type('text/plain; charset=utf-8')
      .header('content-disposition', logAttachment(ask.dagId, ask.runId, ask.taskId, ask.mapIndex, ask.tryNumber))
      .send(Readable.from(logText(body, stream.lines()), { encoding: 'utf8' }));
  }

  return (request: FastifyRequest, reply: FastifyReply, allowed: Allowed, ask: LogAsk) => (ask.kind === 'lines' ? page(request, reply, allowed, ask) : download(request, reply, allowed, ask));
}

function failedMidway(error: unknown): UpstreamFailure {
  return new UpstreamFailure(502, `The Airflow server stopped sending the log midway (${error instanceof Error ? error.message : String(error)})`);
}

/** `…/dags/{d}/dagRuns/{r}/taskInstances/{t}/logs/{n}/lines|download` split into the log's own path and the ask. */
export function logAskOf(path: string, rawQuery: string): { logPath: string; ask: LogAsk } | null {
  const match = /^(.*\/dags\/([^/]+)\/dagRuns\/([^/]+)\/taskInstances\/([^/]+)\/logs\/(\d{1,9}))\/(lines|download)$/.exec(path);
  if (!match) return null;
  const query = new URLSearchParams(rawQuery);
  const decode = (segment: string) => {
    try {
      return decodeURIComponent(segment);
    } catch {
      return segment;
    }
  };
  const mapIndex = Number(query.get('map_index') ?? '-1');
  return {
    logPath: match[1],
    ask: { kind: match[6] as LogAsk['kind'], dagId: decode(match[2]), runId: decode(match[3]), taskId: decode(match[4]), tryNumber: Number(match[5]), mapIndex: Number.isSafeInteger(mapIndex) ? mapIndex : -1, query },
  };
}
