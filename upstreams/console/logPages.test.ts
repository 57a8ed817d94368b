import type { AxiosInstance, AxiosResponse } from 'axios';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { STILL_OPENING_LOG } from '../../contracts/workflow';
import { forEachAirflow } from '../testing/airflowSuite';
import type { ConsoleInFront } from '../testing/consoleInFront';
import { setPaused, triggerOwnRun, waitForEnd } from '../testing/dagRuns';
import { collectGarbage, peakMemory } from '../testing/peakMemory';

// A log of 100 MB (console_huge_log: 1,000,000 numbered lines and HUGE-LOG-END) read through the
// console's log pages and download (issue 31 §2 "Faults"), never held whole by the console.
// The heavy reads go through a console straight in front of Airflow: the suite's recording relay
// keeps every answer it passes whole, which would hide the console's own memory.

const DAG = 'console_huge_log';
const TASK = 'flood';
const LINES = 1_000_000;
const END = `HUGE-LOG-END ${LINES}`;
const MIDDLE = 500_000;
/** Paging goes on with the stream the last page stopped on (heldReaders.ts): the log is read from Airflow once. */
const PAGING_BUDGET_MS = 6 * 60_000;
const MEMORY_BUDGET_MB = 50;

interface LinePage {
  lines: string[];
  cursor: number;
  next: number | null;
}

/** What paging the whole log saw: the numbered lines checked in order as they came. */
interface Paged {
  pages: number;
  lines: number;
  numbered: number;
  problems: string[];
  markers: number;
  lastPage: string[];
  middle: string[];
}

function logPath(api: 'v1' | 'v2', runId: string): string {
  return `${api === 'v1' ? '/v1' : '/api/v2'}/dags/${DAG}/dagRuns/${encodeURIComponent(runId)}/taskInstances/${TASK}/logs/1`;
}

/**
 * A page as the client asks for it: while Airflow has not begun the log's stream (Airflow 3 parses
 * a whole log first) the console answers 504 "still reading the log" with Retry-After; ask again.
 */
async function getPage(http: AxiosInstance, path: string, cursor: number | string, limit: number | string): Promise<AxiosResponse> {
  const giveUp = Date.now() + 5 * 60_000;
  for (;;) {
    const answer = await http.get(`${path}/lines`, { params: { map_index: -1, cursor, limit }, validateStatus: () => true });
    const detail = (answer.data as { detail?: unknown } | undefined)?.detail;
    const opening = answer.status === 504 && typeof detail === 'string' && detail.startsWith(STILL_OPENING_LOG);
    if (!opening || Date.now() > giveUp) return answer;
    await new Promise((resolve) => setTimeout(resolve, Number(answer.headers['retry-after'] ?? 1) * 1000));
  }
}

/** The page, or an error saying exactly what the console answered instead. */
function pageOf(answer: AxiosResponse, what: string): LinePage {
  if (answer.status !== 200) throw new Error(`${what} answered ${answer.status}: ${JSON.stringify(answer.data).slice(0, 400)}`);
  return answer.data as LinePage;
}

/**
 * Pages the whole log with `limit` on from its `first` page, checking each `line N` follows the one
 * before (none missing or repeated).
 */
async function pageWhole(http: AxiosInstance, path: string, limit: number, first: LinePage): Promise<Paged> {
  const paged: Paged = { pages: 0, lines: 0, numbered: 0, problems: [], markers: 0, lastPage: [], middle: [] };
  const deadline = Date.now() + PAGING_BUDGET_MS;
  let cursor: number | null = 0;
  while (cursor !== null) {
    if (Date.now() > deadline) throw new Error(`paging stopped at the deadline: ${paged.pages} pages, ${paged.lines} lines in ${PAGING_BUDGET_MS / 60_000} min`);
    const page: LinePage = cursor === 0 ? first : pageOf(await getPage(http, path, cursor, limit), `page ${paged.pages + 1} (cursor ${cursor})`);
    if (page.cursor !== cursor || page.lines.length > limit) paged.problems.push(`cursor ${cursor}: answered cursor ${page.cursor} with ${page.lines.length} lines`);
    page.lines.forEach((line, at) => checkLine(paged, line, cursor! + at));
    paged.pages += 1;
    paged.lines += page.lines.length;
    paged.lastPage = page.lines;
    collectGarbage();
    if (page.next !== null && page.next !== cursor + page.lines.length) paged.problems.push(`cursor ${cursor}: next ${page.next} after ${page.lines.length} lines`);
    cursor = page.next;
  }
  return paged;
}

function checkLine(paged: Paged, line: string, at: number): void {
  if (at >= MIDDLE && at < MIDDLE + 7) paged.middle.push(line);
  if (line.includes(END)) paged.markers += 1;
  const match = /\bline (\d{7}) /.exec(line);
  if (!match) return;
  const number = Number(match[1]);
  if (number !== paged.numbered + 1 && paged.problems.length < 10) paged.problems.push(`line ${at} holds line ${number}, ${paged.numbered + 1} expected`);
  paged.numbered = number;
}

/** The download read as a stream: its bytes and lines counted, only its last 4 KB kept. */
async function readDownload(response: Response): Promise<{ bytes: number; lines: number; tail: string }> {
  const reader = response.body!.getReader();
  let bytes = 0;
  let lines = 0;
  let chunks = 0;
  let tail = Buffer.alloc(0);
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return { bytes, lines, tail: tail.toString('utf8') };
    bytes += value.length;
    if (++chunks % 500 === 0) collectGarbage();
    for (let at = value.indexOf(10); at !== -1; at = value.indexOf(10, at + 1)) lines += 1;
    tail = Buffer.concat([tail, value]).subarray(-4096);
  }
}

const say = (title: string, line: string) => console.log(`[logPages ${title}] ${line}`);

await forEachAirflow('A 100 MB log paged through the console', (context) => {
  let runId = '';
  let direct: ConsoleInFront | null = null;
  let paged: Paged | null = null;
  const path = () => logPath(context().attached.running.api, runId);
  const title = () => context().definition.title;

  beforeAll(async () => {
    const { airflow, attached, consoleWith } = context();
    await setPaused(airflow, attached.running.api, DAG, false);
    runId = await triggerOwnRun(airflow, attached.running.api, DAG);
    const started = Date.now();
    expect((await waitForEnd(airflow, DAG, runId, 240_000)).state).toBe('success');
    say(title(), `the run wrote its log in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    direct = await consoleWith({ url: attached.running.url });
  }, 300_000);
  afterAll(async () => {
    const { airflow, attached } = context();
    await setPaused(airflow, attached.running.api, DAG, true);
  }, 60_000);

  it('answers the first page (limit 5,000) with the log’s first lines', async () => {
    const { http, service } = await context().console.workflow('editor');
    // The try as the log pane finds it (a whole call through the relay: paged reads end cancelled).
    expect(await service.listTries(DAG, runId, TASK, -1)).toEqual([expect.objectContaining({ tryNumber: 1, state: 'success' })]);
    const started = performance.now();
    const page = pageOf(await getPage(http, path(), 0, 5_000), 'the first page');
    say(title(), `first page: ${page.lines.length} lines in ${Math.round(performance.now() - started)} ms`);
    expect(page.lines.length).toBeGreaterThan(0);
    expect(page.lines.length).toBeLessThanOrEqual(5_000);
    expect(page.lines.some((line) => line.includes('line 0000001 '))).toBe(true);
    expect(page).toMatchObject({ cursor: 0, next: page.lines.length });
  }, 120_000);

  it('pages the whole log (limit 20,000) to its end: each numbered line once, in order, the end marker on the last page; the server’s memory grows far less than the log', async () => {
    const { http } = await direct!.workflow('editor');
    // The memory is measured from a process that has served the first page: V8 grows its heap to
    // its working size on the first (~70 MB seen), and a forced GC after paging kept nothing.
    const started = Date.now();
    const first = pageOf(await getPage(http, path(), 0, 20_000), 'the first page of 20,000 lines');
    const measured = await peakMemory(() => pageWhole(http, path(), 20_000, first));
    paged = measured.result;
    say(title(), `paged ${paged.lines} lines in ${paged.pages} pages, ${((Date.now() - started) / 1000).toFixed(1)} s; RSS ${measured.startMb.toFixed(0)} → peak ${measured.peakMb.toFixed(0)} MB (+${measured.grownMb.toFixed(1)})`);
    expect(paged.problems).toEqual([]);
    expect(paged.numbered).toBe(LINES);
    expect(paged.markers).toBe(1);
    expect(paged.lastPage.some((line) => line.includes(END))).toBe(true);
    expect(measured.grownMb).toBeLessThan(MEMORY_BUDGET_MB);
  }, PAGING_BUDGET_MS + 60_000);

  it('answers a page from the middle (cursor 500,000, limit 7) with the lines paging saw there', async () => {
    const { http } = await context().console.workflow('editor');
    const page = pageOf(await getPage(http, path(), MIDDLE, 7), 'the middle page');
    expect(page).toMatchObject({ cursor: MIDDLE, next: MIDDLE + 7 });
    expect(page.lines).toHaveLength(7);
    expect(page.lines.every((line) => /\bline \d{7} /.test(line))).toBe(true);
    expect(paged?.middle, 'paging the whole log did not get this far').toHaveLength(7);
    expect(page.lines).toEqual(paged?.middle);
  }, 120_000);

  it('streams the whole log as a download, the server’s memory growing far less than the log', async () => {
    const { http } = await direct!.workflow('editor');
    const started = Date.now();
    const response = await fetch(`${direct!.url}/api/workflow${path()}/download?map_index=-1`, { headers: { cookie: String(http.defaults.headers.cookie) } });
    if (!response.ok) throw new Error(`the download answered ${response.status}: ${(await response.text()).slice(0, 400)}`);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="console_huge_log__/);
    const measured = await peakMemory(() => readDownload(response));
    const { bytes, lines, tail } = measured.result;
    say(title(), `download: ${bytes} bytes, ${lines} lines in ${((Date.now() - started) / 1000).toFixed(1)} s; RSS ${measured.startMb.toFixed(0)} → peak ${measured.peakMb.toFixed(0)} MB (+${measured.grownMb.toFixed(1)})`);
    expect(lines).toBeGreaterThanOrEqual(LINES);
    expect(bytes).toBeGreaterThan(LINES * 80);
    expect(tail).toContain(END);
    if (paged) expect(lines).toBe(paged.lines);
    expect(measured.grownMb).toBeLessThan(MEMORY_BUDGET_MB);
  }, 300_000);

  it('refuses a bad cursor or limit with a 400 saying which', async () => {
    const { http } = await context().console.workflow('editor');
    for (const [cursor, limit, detail] of [
      [-1, 10, /Bad cursor/],
      ['abc', 10, /Bad cursor/],
      [0, 20_001, /Bad limit/],
      [0, 0, /Bad limit/],
    ] as const) {
      const answer = await getPage(http, path(), cursor, limit);
      expect(answer.status, `cursor=${cursor} limit=${limit}`).toBe(400);
      expect((answer.data as { detail?: string }).detail).toMatch(detail);
    }
  }, 60_000);
});
