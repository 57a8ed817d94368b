import { lineCount, plainLine, type LogIndex } from './logLines';

export interface SearchOptions {
  caseSensitive: boolean;
  regex: boolean;
}

/** One match: in line `line` (0-based, of the whole log), characters [start, end) of its text without ANSI codes. */
export interface LogMatch {
  line: number;
  start: number;
  end: number;
}

export type SearchResult = { ok: true; matches: LogMatch[]; capped: boolean } | { ok: false; error: string };

/** Beyond this many matches the count says "10,000+": enough to step through, bounded in memory. */
export const MAX_MATCHES = 10_000;

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The query as a global regex, or the reason it is not one (an invalid regex is said, not thrown). */
export function compileQuery(query: string, options: SearchOptions): { ok: true; re: RegExp } | { ok: false; error: string } {
  const flags = options.caseSensitive ? 'g' : 'gi';
  try {
    return { ok: true, re: new RegExp(options.regex ? query : escapeRegex(query), flags) };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message.replace(/^Invalid regular expression: /, '') : 'Invalid regular expression' };
  }
}

/**
 * Every match of `query` in the log's lines (all of them, or only `lines` when a level filter is on),
 * in order. Runs over the whole index, not the rendered window. An empty query, or a regex that
 * matches the empty string, finds nothing rather than every position.
 */
export function searchLog(index: LogIndex, query: string, options: SearchOptions, lines: readonly number[] | null = null): SearchResult {
  if (query === '') return { ok: true, matches: [], capped: false };
  const compiled = compileQuery(query, options);
  if (!compiled.ok) return compiled;
  const { re } = compiled;
  const matches: LogMatch[] = [];
  const total = lines ? lines.length : lineCount(index);
  for (let k = 0; k < total; k++) {
    const line = lines ? lines[k] : k;
    const text = plainLine(index, line);
    re.lastIndex = 0;
    for (let m = re.exec(text); m !== null; m = re.exec(text)) {
      if (m[0] === '') {
        re.lastIndex++;
        continue;
      }
      matches.push({ line, start: m.index, end: m.index + m[0].length });
      if (matches.length >= MAX_MATCHES) return { ok: true, matches, capped: true };
    }
  }
  return { ok: true, matches, capped: false };
}

/** The match to go to from `current` (-1: none yet) by `step` (+1 next, -1 previous), wrapping around. */
export function stepMatch(current: number, step: 1 | -1, count: number): number {
  if (count === 0) return -1;
  if (current < 0) return step === 1 ? 0 : count - 1;
  return (current + step + count) % count;
}

/** The first match at or after line `line`, so a new search starts where the reader is; 0 when none follows. */
export function firstMatchFrom(matches: readonly LogMatch[], line: number): number {
  let lo = 0;
  let hi = matches.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (matches[mid].line < line) lo = mid + 1;
    else hi = mid;
  }
  return lo < matches.length ? lo : matches.length ? 0 : -1;
}

/** The matches in one line, as [start, end) ranges, found by binary search in the ordered matches. */
export function matchesInLine(matches: readonly LogMatch[], line: number): LogMatch[] {
  let i = firstMatchFrom(matches, line);
  const found: LogMatch[] = [];
  for (; i >= 0 && i < matches.length && matches[i].line === line; i++) found.push(matches[i]);
  return found;
}
