import { describe, expect, it } from 'vitest';
import { logTextFromV1 } from './workflowV1.log';

// The reprs below are what CPython 3.11's str() printed for these lists of (host, text) tuples.
describe('logTextFromV1: the text of Airflow 2 JSON log content', () => {
  it('reads escapes, ANSI colours, both quote styles and non-ASCII back into the text', () => {
    const repr = "[('vm', 'it\\'s \\x1b[31mred\\x1b[0m\\n\\ttab \\\\ back \"q\" é ✓ 😀\\r\\n')]";
    expect(logTextFromV1(repr)).toBe('it\'s \x1b[31mred\x1b[0m\n\ttab \\ back "q" é ✓ 😀\r\n');
  });

  it('joins several hosts\' texts, each ending its line, and reads an empty list as no text', () => {
    expect(logTextFromV1("[('h1', 'one'), ('h2', 'two\\'\"both')]")).toBe('one\ntwo\'"both\n');
    expect(logTextFromV1('[]')).toBe('');
  });

  it('keeps text that is not such a repr as it is (the console\'s own server answers plain text)', () => {
    expect(logTextFromV1('INFO - start\n')).toBe('INFO - start\n');
    expect(logTextFromV1("[('vm', 'unterminated")).toBe("[('vm', 'unterminated");
    expect(logTextFromV1("[('vm', 'bad \\q escape')]")).toBe("[('vm', 'bad \\q escape')]");
  });
});
