import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AirflowUpstream } from '../../config';
import { logAttachment } from '../logpaging/attachment';
import { createHeldReaders, type HeldReader } from '../logpaging/heldReaders';
import { airflow2TextLines, LineReader, logText, ndjsonLines, parsePageQuery, readPage, type LineMapper } from '../logpaging/pageLines';
import { problemBody } from '../problem';
import { UpstreamFailure } from './failure';
import { refuseUnusable, type Allowed, type Send } from './forward';
import { airflowRefusal } from './identity';

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

  /** Airflow's log stream for this call, or Airflow's refusal answered at once. */
  async function open(request: FastifyRequest, reply: FastifyReply, allowed: Allowed, abort: AbortController): Promise<ReadableStream<Uint8Array> | FastifyReply> {
    const response = await send(request, allowed, abort.signal, undefined, stream.accept);
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

  async function page(request: FastifyRequest, reply: FastifyReply, allowed: Allowed, ask: LogAsk): Promise<FastifyReply> {
    const asked = parsePageQuery({ cursor: ask.query.get('cursor') ?? undefined, limit: ask.query.get('limit') ?? undefined });
    const key = `${request.user?.role ?? 'editor'} ${allowed.target}`;
    let reading: HeldReader | undefined = held.take(key, asked.cursor);
    if (!reading) {
      const abort = new AbortController();
      const body = await open(request, reply, allowed, abort);
      if (!(body instanceof ReadableStream)) return body;
      reading = { reader: new LineReader(body, stream.lines()), abort };
    }
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
    // The browser left mid-download: Airflow's stream stops too.
    reply.raw.once('close', () => abort.abort());
    const body = await open(request, reply, allowed, abort);
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
