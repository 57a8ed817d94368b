import { describe, expect, it } from 'vitest';
import { WorkflowProblem } from '../problem';
import { airflow2TextLines, LineReader, logText, ndjsonLines, pageLines, parsePageQuery, readPage, type PageRequest } from './pageLines';

/** A log of `total` lines served in chunks of `perChunk` lines, counting how many chunks were pulled. */
function logStream(total: number, perChunk: number) {
  const state = { pulled: 0, cancelled: false };
  let next = 0;
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (next >= total) return controller.close();
      state.pulled++;
      const end = Math.min(total, next + perChunk);
      let text = '';
      for (; next < end; next++) text += `line ${next}\n`;
      controller.enqueue(encoder.encode(text));
    },
    cancel() {
      state.cancelled = true;
    },
  }, { highWaterMark: 0 });
  return { stream, state };
}

const ask = (cursor: number, limit: number, maxChars = 1 << 20): PageRequest => ({ cursor, limit, maxChars });

describe('pageLines', () => {
  it('gives the first page and stops reading the stream once it is full', async () => {
    const { stream, state } = logStream(1_000_000, 100);
    const page = await pageLines(stream, ask(0, 250));
    expect(page.lines).toHaveLength(250);
    expect(page.lines[0]).toBe('line 0');
    expect(page.lines[249]).toBe('line 249');
    expect(page.next).toBe(250);
    expect(state.cancelled).toBe(true);
    expect(state.pulled).toBeLessThanOrEqual(4);
  });

  it('goes on with the next page from where a kept reader stopped, reading the stream once', async () => {
    const { stream, state } = logStream(10_000, 100);
    const reader = new LineReader(stream);
    const pages = [];
    for (let cursor: number | null = 0; cursor !== null; cursor = pages.at(-1)!.next) pages.push(await readPage(reader, ask(cursor, 3_000)));
    expect(pages.map((page) => [page.cursor, page.lines.length, page.next])).toEqual([[0, 3000, 3000], [3000, 3000, 6000], [6000, 3000, 9000], [9000, 1000, null]]);
    expect(pages[1]!.lines[0]).toBe('line 3000');
    expect(state.pulled).toBe(100);
    // A log of exactly a page's lines: its end is in the page.
    expect((await pageLines(logStream(3_000, 100).stream, ask(0, 3_000))).next).toBeNull();
  });

  it('gives a page from the middle, and the last page says the end was reached', async () => {
    const middle = await pageLines(logStream(10_000, 333).stream, ask(5_000, 10));
    expect(middle.lines).toEqual(Array.from({ length: 10 }, (_, index) => `line ${5_000 + index}`));
    expect(middle.next).toBe(5_010);
    const last = await pageLines(logStream(10_000, 333).stream, ask(9_990, 10));
    expect(last.lines.at(-1)).toBe('line 9999');
    expect(last.next).toBeNull();
    const past = await pageLines(logStream(10, 3).stream, ask(50, 10));
    expect(past).toEqual({ lines: [], cursor: 50, next: null });
  });

  it('pages through the whole log with the right line count', async () => {
    let cursor: number | null = 0;
    let count = 0;
    while (cursor !== null) {
      const page: Awaited<ReturnType<typeof pageLines>> = await pageLines(logStream(12_345, 1_000).stream, ask(cursor, 1_000));
      count += page.lines.length;
      cursor = page.next;
    }
    expect(count).toBe(12_345);
  });

  it('cuts a page at the character cap, yet always moves on by at least one line', async () => {
    const page = await pageLines(logStream(1_000, 50).stream, ask(0, 1_000, 100));
    expect(page.lines.join('\n').length).toBeLessThanOrEqual(100);
    expect(page.next).toBe(page.lines.length);
    const huge = new ReadableStream<Uint8Array>({ start(c) { c.enqueue(new TextEncoder().encode(`${'x'.repeat(500)}\nafter\n`)); c.close(); } });
    const one = await pageLines(huge, ask(0, 10, 100));
    expect(one.lines).toHaveLength(1);
    expect(one.next).toBe(1);
  });

  it('keeps a UTF-8 character split between chunks whole, and a last line without newline', async () => {
    const bytes = new TextEncoder().encode('é€\nend');
    const stream = new ReadableStream<Uint8Array>({ start(c) { c.enqueue(bytes.subarray(0, 1)); c.enqueue(bytes.subarray(1)); c.close(); } });
    expect((await pageLines(stream, ask(0, 10))).lines).toEqual(['é€', 'end']);
  });

  it('says Airflow 3 ndjson records as the client does, a traceback as its lines', async () => {
    const records = '{"timestamp":"2026-01-01T00:00:00Z","level":"info","event":"hello","logger":null}\n\n{"event":"bye\\n  at x"}\nnot json\n';
    const stream = new ReadableStream<Uint8Array>({ start(c) { c.enqueue(new TextEncoder().encode(records)); c.close(); } });
    const page = await pageLines(stream, ask(1, 10), ndjsonLines);
    expect(page.lines).toEqual(['bye', '  at x', 'not json']);
    expect(ndjsonLines('{"timestamp":"t","level":"info","event":"hello","chan":"stdout"}')).toEqual(['[t] INFO - hello chan=stdout']);
  });

  it("reads Airflow 2's text stream without its host line and the blank lines its join leaves at the end", async () => {
    const text = 'worker-1\n*** Found local files:\nline a\n\nline b\n\n';
    const stream = new ReadableStream<Uint8Array>({ start(c) { c.enqueue(new TextEncoder().encode(text)); c.close(); } });
    expect((await pageLines(stream, ask(0, 10), airflow2TextLines())).lines).toEqual(['*** Found local files:', 'line a', '', 'line b']);
  });
});

describe('parsePageQuery', () => {
  it('reads cursor and limit, with a default page size', () => {
    expect(parsePageQuery({ cursor: '20', limit: '10' })).toMatchObject({ cursor: 20, limit: 10 });
    expect(parsePageQuery({}).cursor).toBe(0);
  });

  it.each([{ cursor: '-1' }, { cursor: 'abc' }, { cursor: '1.5' }, { limit: '0' }, { limit: '999999' }, { cursor: '' }])('answers a clear 400 for %j', (query) => {
    let problem: unknown;
    try {
      parsePageQuery(query);
    } catch (error) {
      problem = error;
    }
    expect(problem).toBeInstanceOf(WorkflowProblem);
    expect((problem as WorkflowProblem).status).toBe(400);
    expect((problem as WorkflowProblem).detail).toMatch(/^Bad (cursor|limit)/);
  });
});

describe('logText', () => {
  it('gives the whole log in pieces, mapped, each line ending in a newline', async () => {
    const { stream, state } = logStream(20_000, 700);
    let text = '';
    let pieces = 0;
    for await (const piece of logText(stream, (raw) => [raw.toUpperCase()])) {
      text += piece;
      pieces += 1;
    }
    expect(text.split('\n')).toHaveLength(20_001);
    expect(text.startsWith('LINE 0\nLINE 1\n')).toBe(true);
    expect(text.endsWith('LINE 19999\n')).toBe(true);
    expect(pieces).toBeGreaterThan(1);
    expect(state.pulled).toBeGreaterThan(20);
  });
});
