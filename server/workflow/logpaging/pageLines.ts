import type { V2LogRecord } from '../../../contracts/airflowV2';
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
export const MAX_PAGE_LINES = 20_000;
export const PAGE_MAX_CHARS = 2 * 1024 * 1024;

/** ?cursor=&limit= as given by the client; anything else is a clear 400, never a guess. */
export function parsePageQuery(query: { cursor?: string; limit?: string }): PageRequest {
  const cursor = wholeNumber(query.cursor ?? '0', 'cursor');
  const limit = wholeNumber(query.limit ?? String(DEFAULT_PAGE_LINES), 'limit');
  if (limit < 1 || limit > MAX_PAGE_LINES) throw badRequest(`Bad limit: between 1 and ${MAX_PAGE_LINES} lines`);
  return { cursor, limit, maxChars: PAGE_MAX_CHARS };
}

function wholeNumber(text: string, name: string): number {
  const value = /^\d{1,15}$/.test(text) ? Number(text) : NaN;
  if (!Number.isSafeInteger(value)) throw badRequest(`Bad ${name}: a whole number of lines is expected, not "${text.slice(0, 40)}"`);
  return value;
}

/**
 * Reads a log stream line by line, skipping lines before the cursor, and stops (cancelling the
 * stream) once the page holds `limit` lines or `maxChars` characters: the log is never held whole.
 */
export async function pageLines(body: ReadableStream<Uint8Array>, request: PageRequest, mapLine: LineMapper = (raw) => [raw]): Promise<LinePage> {
  const lines: string[] = [];
  let seen = 0;
  let chars = 0;
  const takeLine = (line: string): boolean => {
    if (seen++ < request.cursor) return true;
    // A page always holds at least one line, so a single huge line cannot stall the cursor.
    if (lines.length >= request.limit || (lines.length > 0 && chars + line.length > request.maxChars)) return false;
    lines.push(line);
    chars += line.length + 1;
    return true;
  };
  for await (const raw of rawLines(body)) {
    // Leaving the loop cancels the stream: Airflow stops sending once the page is full.
    if (!mapLine(raw).every(takeLine)) return { lines, cursor: request.cursor, next: request.cursor + lines.length };
  }
  return { lines, cursor: request.cursor, next: null };
}

/** The whole log as text in pieces of about 64 KB, for a download that streams it through. */
export async function* logText(body: ReadableStream<Uint8Array>, mapLine: LineMapper = (raw) => [raw]): AsyncGenerator<string> {
  let piece = '';
  for await (const raw of rawLines(body)) {
    for (const line of mapLine(raw)) piece += `${line}\n`;
    if (piece.length >= 65_536) {
      yield piece;
      piece = '';
    }
  }
  if (piece !== '') yield piece;
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
