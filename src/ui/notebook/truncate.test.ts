import { describe, expect, it } from 'vitest';
import { MAX_CHARS, MAX_LINES, cutText } from './truncate';

const lines = (n: number, width = 10) => Array.from({ length: n }, (_, i) => String(i).padEnd(width, '.')).join('\n');

describe('cutText', () => {
  it('leaves text up to the limits whole', () => {
    expect(cutText(lines(MAX_LINES))).toBeNull();
    expect(cutText(`${lines(MAX_LINES)}\n`)).toBeNull();
    expect(cutText('')).toBeNull();
  });

  it('cuts after MAX_LINES lines and says how many are hidden', () => {
    const cut = cutText(lines(MAX_LINES + 120));
    expect(cut?.head.split('\n')).toHaveLength(MAX_LINES);
    expect(cut?.hiddenLines).toBe(120);
  });

  it('cuts a few very long lines at MAX_CHARS, at a line end', () => {
    const text = lines(10, 20_000);
    const cut = cutText(text);
    expect(cut!.head.length).toBeLessThanOrEqual(MAX_CHARS);
    expect(text.startsWith(cut!.head)).toBe(true);
    expect(text[cut!.head.length]).toBe('\n');
    expect(cut!.head.length + cut!.hiddenChars).toBe(text.length);
  });

  it('cuts one huge line at MAX_CHARS', () => {
    const cut = cutText('x'.repeat(MAX_CHARS * 3));
    expect(cut?.head).toHaveLength(MAX_CHARS);
    expect(cut?.hiddenChars).toBe(MAX_CHARS * 2);
  });
});
