/**
 * A task log as lines, built incrementally: a new chunk is split on its own and appended, so a
 * log that grows while a task runs is never re-split as a whole. Each line keeps its raw text
 * (ANSI codes and all, for colours), its text without ANSI codes (for search and copy) and its level.
 */

export const LOG_LEVELS = ['ERROR', 'WARNING', 'INFO', 'DEBUG'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/**
 * Complete lines are shared, append-only arrays between successive indexes (an index reads only its
 * first `count` entries); the unterminated last line is kept apart in `tail` until its newline comes.
 */
export interface LogIndex {
  readonly raw: string[];
  readonly plain: string[];
  readonly levels: LogLevel[];
  readonly count: number;
  /** Text after the last newline (a line still being written); shown as the last line when not empty. */
  readonly tail: string;
  /** How many characters of the log this index has taken in. */
  readonly length: number;
  /** The longest line's length in characters, for the width of an unwrapped view. */
  readonly maxLength: number;
}

export const EMPTY_LOG: LogIndex = { raw: [], plain: [], levels: [], count: 0, tail: '', length: 0, maxLength: 0 };

// CSI sequences (colours, cursor moves) and OSC sequences (titles, hyperlinks) ending in BEL or ST.
// eslint-disable-next-line no-control-regex
const ANSI = /\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[@-Z\\-_]/g;

export function stripAnsi(text: string): string {
  return text.includes('\x1b') ? text.replace(ANSI, '') : text;
}

/**
 * Airflow's record header: `[2026-11-25, 10:00:01 UTC] {taskinstance.py:1234} INFO - message`
 * (Airflow 2), or without the `{file:line}` part; CRITICAL counts as ERROR. Other lines (traceback
 * lines, printed output) carry no level of their own.
 */
const HEADER = /^\[[^\]]{4,40}\]\s+(?:\{[^}]*\}\s+)?(CRITICAL|FATAL|ERROR|WARNING|WARN|INFO|DEBUG)\b/;

export function headerLevel(plainLine: string): LogLevel | null {
  const match = HEADER.exec(plainLine);
  if (!match) return null;
  const word = match[1];
  if (word === 'CRITICAL' || word === 'FATAL') return 'ERROR';
  if (word === 'WARN') return 'WARNING';
  return word as LogLevel;
}

/** A continuation line (a traceback's, printed output) belongs to the record above it; lines before any record count as INFO. */
function levelOf(plainLine: string, previous: LogLevel | undefined): LogLevel {
  return headerLevel(plainLine) ?? previous ?? 'INFO';
}

/** Takes in `chunk`, the text that follows what `index` has seen. */
export function appendLog(index: LogIndex, chunk: string): LogIndex {
  if (chunk === '') return index;
  const text = index.tail + chunk;
  const parts = text.split('\n');
  const tail = parts.pop() as string;
  // Another index already extended the shared arrays past ours (a branch): copy before writing.
  const shared = index.raw.length === index.count;
  const raw = shared ? index.raw : index.raw.slice(0, index.count);
  const plain = shared ? index.plain : index.plain.slice(0, index.count);
  const levels = shared ? index.levels : index.levels.slice(0, index.count);
  let maxLength = index.maxLength;
  let previous = levels[levels.length - 1];
  for (const part of parts) {
    const line = part.endsWith('\r') ? part.slice(0, -1) : part;
    const bare = stripAnsi(line);
    previous = levelOf(bare, previous);
    raw.push(line);
    plain.push(bare);
    levels.push(previous);
    if (bare.length > maxLength) maxLength = bare.length;
  }
  return { raw, plain, levels, count: raw.length, tail, length: index.length + chunk.length, maxLength: Math.max(maxLength, stripAnsi(tail).length) };
}

/** The index of `text`, extending `index` when `text` only adds to what it has seen (a log that grew), else built afresh. */
export function indexLog(index: LogIndex, text: string): LogIndex {
  if (text.length >= index.length && index.length > 0 && text.startsWith(lastSeen(index), index.length - lastSeen(index).length)) {
    return appendLog(index, text.slice(index.length));
  }
  return appendLog(EMPTY_LOG, text);
}

/**
 * The end of what the index has taken in (its tail, else its last line and newline): compared
 * instead of the whole prefix, so a growing 10 MB log is not compared in full at every chunk.
 * A log replaced by another (a different try) differs there in practice; the length check and the
 * caller's key (one viewer per try) cover the rest.
 */
function lastSeen(index: LogIndex): string {
  if (index.tail !== '') return index.tail;
  return index.count > 0 ? `${index.raw[index.count - 1]}\n` : '';
}

/** How many lines the viewer shows: the complete ones and the one being written. */
export function lineCount(index: LogIndex): number {
  return index.count + (index.tail === '' ? 0 : 1);
}

export function rawLine(index: LogIndex, i: number): string {
  return i < index.count ? index.raw[i] : index.tail;
}

export function plainLine(index: LogIndex, i: number): string {
  return i < index.count ? index.plain[i] : stripAnsi(index.tail);
}

export function lineLevel(index: LogIndex, i: number): LogLevel {
  if (i < index.count) return index.levels[i];
  return levelOf(stripAnsi(index.tail), index.levels[index.count - 1]);
}

/**
 * The lines (0-based) shown under a level filter, or null when every level is on (every line shows;
 * no 100,000-entry array is built for nothing).
 */
export function visibleLines(index: LogIndex, levels: ReadonlySet<LogLevel>): number[] | null {
  if (LOG_LEVELS.every((level) => levels.has(level))) return null;
  const shown: number[] = [];
  const total = lineCount(index);
  for (let i = 0; i < total; i++) if (levels.has(lineLevel(index, i))) shown.push(i);
  return shown;
}

/** The log without ANSI codes and with `\n` line ends: what Copy puts on the clipboard. */
export function plainText(index: LogIndex): string {
  const lines = index.plain.slice(0, index.count);
  return index.tail === '' ? (lines.length ? `${lines.join('\n')}\n` : '') : [...lines, stripAnsi(index.tail)].join('\n');
}
