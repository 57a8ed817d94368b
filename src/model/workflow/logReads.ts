import { LOG_PAGE_MAX_LINES, type LogChunk, type WorkflowService } from '../../../contracts/workflow';

/** Which try's log: a task (one map index of a mapped one) and its try. */
export interface LogTarget {
  dagId: string;
  runId: string;
  taskId: string;
  mapIndex: number;
  tryNumber: number;
}

/**
 * A try's log as kept. A running try is followed through the upstream's continuation token
 * (`token`); a finished one is read by the console server's pages of lines (`paged`), and only a
 * window of it is kept: at most LOG_WINDOW_LINES lines, from line `paged.first`.
 */
export interface KeptLog {
  /** The kept lines, each ending in a newline. */
  content: string;
  token: string | null;
  /** The try has ended and what is kept reaches the log's end. */
  endOfLog: boolean;
  /** Read by pages: the first kept line (0-based) and the cursor of the page after the window (null: the window reaches the end). */
  paged?: { first: number; next: number | null };
}

/** Lines per page asked of the server (its limit). */
export const LOG_PAGE_LINES = LOG_PAGE_MAX_LINES;
/** Lines one read (opening the log, or loading more) brings: a 100,000-line log whole at once. */
export const LOG_READ_LINES = 140_000;
/** Lines kept at most: a longer log is a window that moves as the reader loads on or back. */
export const LOG_WINDOW_LINES = 280_000;
/** How a read goes on: following a running try, or the next `lines` (LOG_READ_LINES) of a finished one when asked for (`more`). */
export interface LogRead {
  running: boolean;
  more?: boolean;
  lines?: number;
}

/** Token reads of a running try in one go; the rest comes with the next read. */
const LOG_CHUNKS_PER_READ = 64;

export const EMPTY_LOG: KeptLog = { content: '', token: null, endOfLog: false };

/**
 * Reads on in a try's log from what is kept. A running try is followed by token, where it has
 * got to now. A finished try is read by pages from its top, LOG_READ_LINES at a time, the next
 * ones only when asked for (`more`): also one that was followed to its end, once, as Airflow's
 * positions in a file still being written can miss or repeat a line at the edge of a read.
 */
export async function readLogOn(service: WorkflowService, target: LogTarget, before: KeptLog, how: LogRead): Promise<KeptLog> {
  const { running, more = false, lines = LOG_READ_LINES } = how;
  if (running) return before.endOfLog ? before : follow(service, target, before);
  if (!before.paged) return readPages(service, target, EMPTY_LOG, 0, lines);
  return before.paged.next === null || !more ? before : readPages(service, target, before, before.paged.next, lines);
}

/** The lines before the kept window, LOG_READ_LINES of them, the window's far end dropped to keep it bounded. */
export async function readLogBack(service: WorkflowService, target: LogTarget, before: KeptLog): Promise<KeptLog> {
  if (!before.paged || before.paged.first === 0) return before;
  const from = Math.max(0, before.paged.first - LOG_READ_LINES);
  const earlier = await pageRange(service, target, from, before.paged.first - from);
  const lines = [...earlier.lines, ...linesOf(before.content)];
  const kept = lines.slice(0, LOG_WINDOW_LINES);
  const next = kept.length < lines.length ? from + kept.length : before.paged.next;
  return windowOf(kept, from, next);
}

async function follow(service: WorkflowService, target: LogTarget, before: KeptLog): Promise<KeptLog> {
  let log = before;
  for (let i = 0; i < LOG_CHUNKS_PER_READ && !log.endOfLog; i += 1) {
    const chunk: LogChunk = await service.getLog(target.dagId, target.runId, target.taskId, target.mapIndex, target.tryNumber, log.token);
    // A read without a token starts at the top: its text replaces what was kept, never added twice.
    log = { content: log.token === null ? chunk.content : log.content + chunk.content, token: chunk.token, endOfLog: chunk.endOfLog };
    // No token to read on with, or nothing new: the rest comes with a later read.
    if (chunk.token === null || chunk.content === '') break;
  }
  return log;
}

/** `count` more lines from `cursor`, added after the kept ones; the window's top dropped past its bound. */
async function readPages(service: WorkflowService, target: LogTarget, before: KeptLog, cursor: number, count: number): Promise<KeptLog> {
  const more = await pageRange(service, target, cursor, count);
  const lines = [...linesOf(before.content), ...more.lines];
  const first = (before.paged?.first ?? cursor) + Math.max(0, lines.length - LOG_WINDOW_LINES);
  return windowOf(lines.slice(-LOG_WINDOW_LINES), first, more.next);
}

/** Up to `count` lines from `cursor`, page by page. */
async function pageRange(service: WorkflowService, target: LogTarget, cursor: number, count: number): Promise<{ lines: string[]; next: number | null }> {
  const lines: string[] = [];
  let next: number | null = cursor;
  while (next !== null && lines.length < count) {
    const page = await service.getLogPage(target.dagId, target.runId, target.taskId, target.mapIndex, target.tryNumber, next, Math.min(LOG_PAGE_LINES, count - lines.length));
    for (const line of page.lines) lines.push(line);
    // A page that brought nothing yet says there is more would loop: its end is taken as the log's.
    next = page.lines.length === 0 ? null : page.next;
  }
  return { lines, next };
}

function windowOf(lines: readonly string[], first: number, next: number | null): KeptLog {
  return { content: lines.length === 0 ? '' : `${lines.join('\n')}\n`, token: null, endOfLog: next === null, paged: { first, next } };
}

function linesOf(content: string): string[] {
  return content === '' ? [] : content.replace(/\n$/, '').split('\n');
}
