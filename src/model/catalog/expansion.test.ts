import { describe, expect, it } from 'vitest';
import { afterKey, NO_NODES, viewAfter, withOpen, type TreeView } from './expansion';

describe('expansion', () => {
  const open = new Set(['a', 'a/b']);
  const view: TreeView = { open, closed: NO_NODES };

  it('opens and closes, keeping the same set when nothing changes', () => {
    expect([...withOpen(open, ['c'], ['a/b'])]).toEqual(['a', 'c']);
    expect(withOpen(open, ['a'], ['x'])).toBe(open);
  });

  it('without a search, opening and closing change the user’s open nodes', () => {
    expect([...viewAfter(view, ['a/b'], false, false).open]).toEqual(['a']);
    expect([...viewAfter(view, ['z'], true, false).open]).toEqual(['a', 'a/b', 'z']);
    expect(viewAfter(view, ['a'], true, false)).toBe(view);
  });

  it('during a search, closing hides a node for the search only; opening undoes that first', () => {
    const closed = viewAfter(view, ['a', 's'], false, true);
    expect(closed.open).toBe(open); // what the user opened stays for after the search
    expect([...closed.closed]).toEqual(['a', 's']);
    const reopened = viewAfter(closed, ['s'], true, true);
    expect([...reopened.closed]).toEqual(['a']);
    expect(reopened.open).toBe(open); // the search opens it again, not the user
    expect([...viewAfter(reopened, ['m'], true, true).open]).toEqual(['a', 'a/b', 'm']); // a match the user opens
    expect(viewAfter(closed, ['a'], false, true)).toBe(closed);
  });

  it('applies what a key asked for', () => {
    expect([...afterKey(view, { expand: 'x' }, false).open]).toEqual(['a', 'a/b', 'x']);
    expect([...afterKey(view, { collapse: 'a' }, false).open]).toEqual(['a/b']);
    expect([...afterKey(view, { expandAll: ['p', 'q'] }, false).open]).toEqual(['a', 'a/b', 'p', 'q']);
    expect([...afterKey(view, { collapse: 'a' }, true).closed]).toEqual(['a']);
    expect(afterKey(view, { focus: 'a' }, false)).toBe(view);
  });
});
