import { describe, expect, it } from 'vitest';
import { applyChanges, invertChanges, mergeText, textChanges } from './textMerge';

describe('textChanges and applyChanges', () => {
  it.each([
    ['', 'abc'],
    ['abc', ''],
    ['print(1)', 'print(12)'],
    ['x = 1\ny = 2\n', 'x = 10\ny = 2\nz = 3\n'],
    ['a b c d', 'A b C d!'],
  ])('turn %j into %j', (before, after) => {
    expect(applyChanges(before, textChanges(before, after))).toBe(after);
  });

  it('a small edit of a long line is one small change', () => {
    const long = 'x'.repeat(5_000_000);
    const changes = textChanges(long, `${long.slice(0, 10)}Y${long.slice(10)}`);
    expect(changes).toEqual([{ from: 10, to: 10, insert: 'Y' }]);
  });

  it('a replacement is one change, and its inverse restores the text', () => {
    const before = 'SELECT a FROM t';
    const changes = textChanges(before, 'SELECT b, c FROM t');
    expect(changes).toHaveLength(1);
    const after = applyChanges(before, changes);
    expect(applyChanges(after, invertChanges(before, changes))).toBe(before);
  });

  it('inverts several changes (positions shift by what the earlier ones inserted)', () => {
    const before = 'one two three';
    const after = 'ONE two 3 four';
    const changes = textChanges(before, after);
    expect(changes.length).toBeGreaterThan(1);
    expect(applyChanges(after, invertChanges(before, changes))).toBe(before);
  });

  it('clamps a change past the end instead of failing', () => {
    expect(applyChanges('abc', [{ from: 10, to: 12, insert: '!' }])).toBe('abc!');
  });
});

describe('mergeText', () => {
  it('keeps both sides when one types at the start and the other at the end', () => {
    expect(mergeText('print(x)', '# A\nprint(x)', 'print(x)  # B')).toBe('# A\nprint(x)  # B');
  });

  it('keeps edits in the middle of different lines', () => {
    const base = 'a = 1\nb = 2\nc = 3\n';
    expect(mergeText(base, 'a = 10\nb = 2\nc = 3\n', 'a = 1\nb = 2\nc = 30\n')).toBe('a = 10\nb = 2\nc = 30\n');
  });

  it('inserts at the same place keep both, theirs first', () => {
    expect(mergeText('ab', 'aXb', 'aYb')).toBe('aYXb');
  });

  it('edits of the same characters keep both inserted texts and drop the range', () => {
    expect(mergeText('value = 1', 'value = 2', 'value = 3')).toBe('value = 32');
  });

  it('a delete around the other side’s insert keeps the insert', () => {
    expect(mergeText('keep DROP keep', 'keep  keep', 'keep DR+OP keep')).toBe('keep + keep');
  });

  it('one side unchanged (or both the same) gives the other', () => {
    expect(mergeText('a', 'a', 'b')).toBe('b');
    expect(mergeText('a', 'b', 'a')).toBe('b');
    expect(mergeText('a', 'b', 'b')).toBe('b');
  });

  it('merges edits at both ends of a 5 MB line', () => {
    const long = 'y'.repeat(5_000_000);
    expect(mergeText(long, `A${long}`, `${long}B`)).toBe(`A${long}B`);
  });
});
