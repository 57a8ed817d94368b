import { describe, expect, it } from 'vitest';
import { appendLog, EMPTY_LOG, headerLevel, indexLog, lineCount, lineLevel, plainLine, plainText, rawLine, stripAnsi, visibleLines, type LogLevel } from './logLines';

const LOG = [
  '*** Found local files:',
  '[2026-11-25, 10:00:01 UTC] {taskinstance.py:1234} INFO - Starting attempt 1 of 3',
  '[2026-11-25, 10:00:02 UTC] {logging_mixin.py:190} WARNING - \x1b[33mslow query\x1b[0m',
  '[2026-11-25, 10:00:03 UTC] {taskinstance.py:3100} ERROR - Task failed with exception',
  'Traceback (most recent call last):',
  '  File "/opt/airflow/dags/etl.py", line 12, in load',
  'ValueError: bad row',
  '[2026-11-25, 10:00:04 UTC] {base.py:84} DEBUG - closing connection',
  '[2026-11-25, 10:00:05 UTC] {taskinstance.py:1400} CRITICAL - giving up',
].join('\n');

const levels = (index: ReturnType<typeof appendLog>) => Array.from({ length: lineCount(index) }, (_, i) => lineLevel(index, i));

describe('log lines', () => {
  it('reads the level of Airflow record headers, with or without {file:line}', () => {
    expect(headerLevel('[2026-11-25, 10:00:01 UTC] {taskinstance.py:1234} INFO - x')).toBe('INFO');
    expect(headerLevel('[2026-11-25T10:00:01.123+0000] ERROR - x')).toBe('ERROR');
    expect(headerLevel('[2026-11-25, 10:00:01 UTC] {x.py:1} CRITICAL - x')).toBe('ERROR');
    expect(headerLevel('INFO - not a record header')).toBeNull();
    expect(headerLevel('  File "x.py", line 3')).toBeNull();
  });

  it('gives continuation lines (tracebacks) the level of the record above them', () => {
    const index = appendLog(EMPTY_LOG, LOG);
    expect(levels(index)).toEqual(['INFO', 'INFO', 'WARNING', 'ERROR', 'ERROR', 'ERROR', 'ERROR', 'DEBUG', 'ERROR']);
  });

  it('strips ANSI codes for search but keeps them for colours', () => {
    const index = appendLog(EMPTY_LOG, LOG);
    expect(rawLine(index, 2)).toContain('\x1b[33m');
    expect(plainLine(index, 2)).toBe('[2026-11-25, 10:00:02 UTC] {logging_mixin.py:190} WARNING - slow query');
    expect(stripAnsi('\x1b]8;;https://x.org\x07link\x1b]8;;\x07 \x1b[1;31mred\x1b[K')).toBe('link red');
  });

  it('gives the same lines whichever way the text is cut into chunks, a line being written included', () => {
    const whole = appendLog(EMPTY_LOG, LOG);
    for (const size of [1, 7, 50]) {
      let index = EMPTY_LOG;
      for (let i = 0; i < LOG.length; i += size) index = appendLog(index, LOG.slice(i, i + size));
      expect(lineCount(index)).toBe(9);
      expect(Array.from({ length: 9 }, (_, i) => rawLine(index, i))).toEqual(LOG.split('\n'));
      expect(levels(index)).toEqual(levels(whole));
      expect(index.length).toBe(LOG.length);
    }
  });

  it('does not re-split earlier lines when a chunk is appended', () => {
    const first = appendLog(EMPTY_LOG, 'a\nb\npart');
    const second = appendLog(first, 'ial\nc\n');
    expect(second.raw).toBe(first.raw); // the shared arrays grew in place
    expect(first.count).toBe(2);
    expect(first.tail).toBe('part');
    expect([0, 1, 2, 3].map((i) => rawLine(second, i))).toEqual(['a', 'b', 'partial', 'c']);
    expect(lineCount(second)).toBe(4);
  });

  it('keeps an older index intact when it is extended twice (branches copy)', () => {
    const base = appendLog(EMPTY_LOG, 'a\n');
    const one = appendLog(base, 'one\n');
    const two = appendLog(base, 'two\n');
    expect(rawLine(one, 1)).toBe('one');
    expect(rawLine(two, 1)).toBe('two');
  });

  it('drops the CR of CRLF line ends', () => {
    const index = appendLog(EMPTY_LOG, 'a\r\nb\r\n');
    expect([rawLine(index, 0), rawLine(index, 1)]).toEqual(['a', 'b']);
  });

  it('extends the index when the text grew, and rebuilds it when the text was replaced', () => {
    const first = indexLog(EMPTY_LOG, 'a\nb');
    const grown = indexLog(first, 'a\nbc\nd\n');
    expect(grown.raw).toBe(first.raw);
    expect([0, 1, 2].map((i) => rawLine(grown, i))).toEqual(['a', 'bc', 'd']);
    const replaced = indexLog(grown, 'x\ny\nz\nw\n');
    expect(replaced.raw).not.toBe(grown.raw);
    expect([0, 1, 2, 3].map((i) => rawLine(replaced, i))).toEqual(['x', 'y', 'z', 'w']);
    expect(lineCount(indexLog(grown, ''))).toBe(0);
  });

  it('filters lines by level, and builds no list when every level shows', () => {
    const index = appendLog(EMPTY_LOG, LOG);
    const only = (...ls: LogLevel[]) => visibleLines(index, new Set(ls));
    expect(only('ERROR', 'WARNING', 'INFO', 'DEBUG')).toBeNull();
    expect(only('ERROR')).toEqual([3, 4, 5, 6, 8]);
    expect(only('WARNING', 'DEBUG')).toEqual([2, 7]);
    expect(only()).toEqual([]);
  });

  it('copies the text without ANSI codes', () => {
    expect(plainText(appendLog(EMPTY_LOG, '\x1b[31ma\x1b[0m\nb\n'))).toBe('a\nb\n');
    expect(plainText(appendLog(EMPTY_LOG, 'a\nb'))).toBe('a\nb');
    expect(plainText(EMPTY_LOG)).toBe('');
  });

  it('indexes 100,000 lines quickly and keeps the longest line length', () => {
    const text = Array.from({ length: 100_000 }, (_, i) => `[2026-11-25, 10:00:01 UTC] {x.py:1} INFO - line ${i}`).join('\n');
    const start = performance.now();
    const index = appendLog(EMPTY_LOG, text);
    expect(performance.now() - start).toBeLessThan(1000);
    expect(lineCount(index)).toBe(100_000);
    expect(index.maxLength).toBe('[2026-11-25, 10:00:01 UTC] {x.py:1} INFO - line 99999'.length);
  });
});
