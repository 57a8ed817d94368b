import { describe, expect, it } from 'vitest';
import { foldedSize, foldLongLines, hasLineOver } from './fold';

describe('foldLongLines', () => {
  it('leaves text with no long line as it is', () => {
    const source = 'a = 1\nb = 2';
    expect(foldLongLines(source, 10)).toEqual({ text: source, hidden: new Map() });
  });

  it('cuts each long line at the limit and says how much of it is hidden', () => {
    const folded = foldLongLines(`short\n${'x'.repeat(25)}\nend\n${'y'.repeat(11)}`, 10);
    expect(folded.text).toBe(`short\n${'x'.repeat(10)}\nend\n${'y'.repeat(10)}`);
    expect([...folded.hidden]).toEqual([
      [1, 15],
      [3, 1],
    ]);
  });

  it('folds a 5 MB single line to its first 10,000 characters', () => {
    const folded = foldLongLines('z'.repeat(5_000_000));
    expect(folded.text).toHaveLength(10_000);
    expect(folded.hidden.get(0)).toBe(4_990_000);
  });
});

describe('hasLineOver', () => {
  it('finds a long line wherever it is', () => {
    expect(hasLineOver('ab\ncd', 2)).toBe(false);
    expect(hasLineOver('abc\nd', 2)).toBe(true);
    expect(hasLineOver('a\nbcd', 2)).toBe(true);
    expect(hasLineOver('a\nbc\nd', 2)).toBe(false);
  });
});

describe('foldedSize', () => {
  it('says characters for small folds and MB for large ones', () => {
    expect(foldedSize(12_345)).toBe('12,345 characters');
    expect(foldedSize(4_990_000)).toBe('5.0 MB');
  });
});
