import { describe, expect, it } from 'vitest';
import { afterKey, toggled, withOpen } from './expansion';

describe('expansion', () => {
  const open = new Set(['a', 'a/b']);

  it('opens and closes, keeping the same set when nothing changes', () => {
    expect([...withOpen(open, ['c'], ['a/b'])]).toEqual(['a', 'c']);
    expect(withOpen(open, ['a'], ['x'])).toBe(open);
  });

  it('toggles a node by whether it shows open', () => {
    expect([...toggled(open, 'a/b', true)]).toEqual(['a']);
    expect([...toggled(open, 'z', false)]).toEqual(['a', 'a/b', 'z']);
  });

  it('applies what a key asked for', () => {
    expect([...afterKey(open, { expand: 'x' })]).toEqual(['a', 'a/b', 'x']);
    expect([...afterKey(open, { collapse: 'a' })]).toEqual(['a/b']);
    expect([...afterKey(open, { expandAll: ['p', 'q'] })]).toEqual(['a', 'a/b', 'p', 'q']);
    expect(afterKey(open, { focus: 'a' })).toBe(open);
  });
});
