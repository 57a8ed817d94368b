import { describe, expect, it } from 'vitest';
import { appendLog, EMPTY_LOG } from './logLines';
import { compileQuery, firstMatchFrom, matchesInLine, MAX_MATCHES, searchLog, stepMatch } from './logSearch';

const index = appendLog(EMPTY_LOG, ['Error one', 'nothing', '\x1b[31merror\x1b[0m and ERROR', 'a.b axb'].join('\n'));
const plain = { caseSensitive: false, regex: false };

describe('log search', () => {
  it('finds every match, case-insensitive by default, in text without ANSI codes', () => {
    const result = searchLog(index, 'error', plain);
    expect(result).toEqual({
      ok: true,
      capped: false,
      matches: [
        { line: 0, start: 0, end: 5 },
        { line: 2, start: 0, end: 5 },
        { line: 2, start: 10, end: 15 },
      ],
    });
    const exact = searchLog(index, 'ERROR', { ...plain, caseSensitive: true });
    expect(exact.ok && exact.matches).toEqual([{ line: 2, start: 10, end: 15 }]);
  });

  it('takes the query literally unless regex is on', () => {
    const literal = searchLog(index, 'a.b', plain);
    expect(literal.ok && literal.matches.length).toBe(1);
    const regex = searchLog(index, 'a.b', { ...plain, regex: true });
    expect(regex.ok && regex.matches.length).toBe(2);
  });

  it('says why a regex is invalid instead of throwing', () => {
    const result = searchLog(index, '(unclosed', { ...plain, regex: true });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error).toMatch(/unterminated group|missing \)/i);
    expect(compileQuery('(unclosed', plain).ok).toBe(true);
  });

  it('finds nothing for an empty query or a regex that matches the empty string', () => {
    expect(searchLog(index, '', plain)).toEqual({ ok: true, matches: [], capped: false });
    const empty = searchLog(index, 'x*', { ...plain, regex: true });
    expect(empty.ok && empty.matches).toEqual([{ line: 3, start: 5, end: 6 }]);
  });

  it('searches only the lines a level filter shows', () => {
    const result = searchLog(index, 'error', plain, [1, 2]);
    expect(result.ok && result.matches.map((m) => m.line)).toEqual([2, 2]);
  });

  it('stops at MAX_MATCHES and says so', () => {
    const big = appendLog(EMPTY_LOG, 'x'.repeat(MAX_MATCHES + 5));
    const result = searchLog(big, 'x', plain);
    expect(result.ok && result.matches.length).toBe(MAX_MATCHES);
    expect(result.ok && result.capped).toBe(true);
  });

  it('steps next and previous with wrap-around', () => {
    expect(stepMatch(-1, 1, 3)).toBe(0);
    expect(stepMatch(-1, -1, 3)).toBe(2);
    expect(stepMatch(2, 1, 3)).toBe(0);
    expect(stepMatch(0, -1, 3)).toBe(2);
    expect(stepMatch(0, 1, 0)).toBe(-1);
  });

  it('finds the first match at or after a line, and the matches of a line', () => {
    const result = searchLog(index, 'error', plain);
    if (!result.ok) throw new Error(result.error);
    expect(firstMatchFrom(result.matches, 1)).toBe(1);
    expect(firstMatchFrom(result.matches, 3)).toBe(0);
    expect(firstMatchFrom([], 3)).toBe(-1);
    expect(matchesInLine(result.matches, 2).map((m) => m.start)).toEqual([0, 10]);
    expect(matchesInLine(result.matches, 1)).toEqual([]);
    expect(matchesInLine(result.matches, 3)).toEqual([]);
  });

  it('searches 100,000 lines in well under 50 ms (after one warm-up)', () => {
    const text = Array.from({ length: 100_000 }, (_, i) => `[2026-11-25, 10:00:01 UTC] {taskinstance.py:1234} INFO - processed batch ${i} of rows`).join('\n');
    const big = appendLog(EMPTY_LOG, text);
    searchLog(big, 'batch 99', plain);
    const start = performance.now();
    const result = searchLog(big, 'batch 9999', plain);
    const elapsed = performance.now() - start;
    expect(result.ok && result.matches.length).toBe(11);
    // Generous for a loaded CI machine; the browser bench holds the 50 ms budget.
    expect(elapsed).toBeLessThan(150);
  });
});
