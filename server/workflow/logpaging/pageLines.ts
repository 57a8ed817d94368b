import type { V2LogRecord } from '../../../contracts/airflowV2';
import { LOG_PAGE_MAX_LINES } from '../../../contracts/workflow';
import { recordText } from '../../../src/model/workflow/logRecord';
import { badRequest } from '../problem';

/** Where a page starts (0-based line) and how much it may hold. */
export interface PageRequest {
  cursor: number;
  limit: number;
  maxChars: number;
}

export interface LinePage {
  /** The lines, without their newline. */
  lines: string[];
  /** The first line's number (0-based), as asked. */
  cursor: number;
  /** The cursor of the next page, or null when this page reached the log's end. */
  next: number | null;
}

/**
 * Turns one raw line of the upstream stream into the log's lines: none (a blank ndjson line, Airflow
 * 2's host line), one, or several (a record whose event is a traceback).
 */
export type LineMapper = (raw: string) => readonly string[];

export const DEFAULT_PAGE_LINES = 5_000;
export const PAGE_MAX_CHARS = 2 * 1024 * 1024;

/** ?cursor=&limit= as given by the client; anything else is a clear 400, never a guess. */
export function parsePageQuery(query: { cursor?: string; limit?: string }): PageRequest {
  const cursor = wholeNumber(query.cursor ?? '0', 'cursor');
  const limit = wholeNumber(query.limit ?? String(DEFAULT_PAGE_LINES), 'limit');
  if (limit < 1 || limit > LOG_PAGE_MAX_LINES) throw badRequest(`Bad limit: between 1 and ${LOG_PAGE_MAX_LINES} lines`);
  return { cursor, limit, maxChars: PAGE_MAX_CHARS };
}

function wholeNumber(text: string, name: string): number {
  const value = /^\d{1,15}$/.test(text) ? Number(text) : NaN;
  if (!Number.isSafeInteger(value)) throw badRequest(`Bad ${name}: a whole number of lines is expected, not "${text.slice(0, 40)}"`);
  return value;
}

/**
 * A log's lines read from its stream one at a time; it can stop after a page and go on with the
 * next one later (the stream waits, held back by its own flow control), or be closed, which
 * cancels the stream.
 */
export class LineReader {
  /** The next line's number (0-based). */
  position = 0;
  private held: string | undefined;
  private readonly lines: AsyncGenerator<string>;

  constructor(body: ReadableStream<Uint8Array>, mapLine: LineMapper = (raw) => [raw]) {
    this.lines = mappedLines(body, mapLine);
  }

  /** The next line without taking it; undefined at the log's end. */
  async peek(): Promise<string | undefined> {
    if (this.held === undefined) {
      const next = await this.lines.next();
      if (next.done) return undefined;
      this.held = next.value;
    }
    return this.held;
  }

  take(): void {
    this.held = undefined;
    this.position += 1;
  }

  async close(): Promise<void> {
    await this.lines.return(undefined);
  }
}

/**
 * The page the request asks for, read on from where the reader is (it must not be past the
 * cursor): at most `limit` lines or `maxChars` characters, and `next` null only when the log's
 * end is in the page.
 */
export async function readPage(reader: LineReader, request: PageRequest): Promise<LinePage> {
  while (reader.position < request.cursor) {
    if ((await reader.peek()) === undefined) return { lines: [], cursor: request.cursor, next: null };
    reader.take();
  }
  const lines: string[] = [];
  let chars = 0;
  for (;;) {
    const line = await reader.peek();
    if (line === undefined) return { lines, cursor: request.cursor, next: null };
    // A page always holds at least one line, so a single huge line cannot stall the cursor.
    if (lines.length >= request.limit || (lines.length > 0 && chars + line.length > request.maxChars)) return { lines, cursor: request.cursor, next: request.cursor + lines.length };
    lines.push(line);
    chars += line.length + 1;
    reader.take();
  }
}

/** One page of a log stream, the stream cancelled once the page is full: the log is never held whole. */
export async function pageLines(body: ReadableStream<Uint8Array>, request: PageRequest, mapLine?: LineMapper): Promise<LinePage> {
  const reader = new LineReader(body, mapLine);
  try {
    return await readPage(reader, request);
  } finally {
    await reader.close();
  }
}

/** The whole log as text in pieces of about 64 KB, for a download that streams it through. */
export async function* logText(body: ReadableStream<Uint8Array>, mapLine: LineMapper = (raw) => [raw]): AsyncGenerator<string> {
  let piece = '';
  for await (const line of mappedLines(body, mapLine)) {
    piece += `${line}\n`;
    if (piece.length >= 65_536) {
      yield piece;
      piece = '';
    }
  }
  if (piece !== '') yield piece;
}

async function* mappedLines(body: ReadableStream<Uint8Array>, mapLine: LineMapper): AsyncGenerator<string> {
  for await (const raw of rawLines(body)) yield* mapLine(raw);
}

/** The stream's lines (without newlines; UTF-8 split between chunks kept whole); returning early cancels it. */
async function* rawLines(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let pending = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      pending += done ? decoder.decode() : decoder.decode(value, { stream: true });
      const parts = pending.split('\n');
      pending = done ? '' : parts.pop()!;
      if (done && parts.at(-1) === '') parts.pop();
      yield* parts;
      if (done) return;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}

/** Airflow 3's application/x-ndjson records ({timestamp, level, event, ...}) as the client says them (logRecord.ts). */
export function ndjsonLines(raw: string): readonly string[] {
  if (raw.trim() === '') return [];
  let record: V2LogRecord | string;
  try {
    record = JSON.parse(raw) as V2LogRecord | string;
  } catch {
    return [raw];
  }
  return recordText(typeof record === 'object' && record !== null ? record : raw).split('\n');
}

/**
 * Airflow 2's text/plain stream: `host\nlog\n` per host (log_reader.py read_log_stream), while its JSON
 * gives only the log: the host line is dropped, and so are the blank lines the join leaves at the end
 * (a blank line is held back until a line follows it).
 */
export function airflow2TextLines(): LineMapper {
  let hostSeen = false;
  let blanks = 0;
  return (raw) => {
    if (!hostSeen) {
      hostSeen = true;
      return [];
    }
    if (raw === '') {
      blanks += 1;
      return [];
    }
    const held = Array.from({ length: blanks }, () => '');
    blanks = 0;
    return [...held, raw];
  };
}
