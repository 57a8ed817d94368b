import { describe, expect, it } from 'vitest';
import { afterRemoval, extend, inOrder, NO_SELECTION, selectOne, step, toggle, within } from './selection';

const order = ['a', 'b', 'c', 'd'];

describe('selection', () => {
  it('a click selects one cell', () => {
    expect(selectOne('b')).toEqual({ active: 'b', anchor: 'b', selected: ['b'] });
  });

  it('Ctrl/Cmd+click toggles, never to nothing', () => {
    const two = toggle(selectOne('a'), 'c');
    expect(inOrder(two, order)).toEqual(['a', 'c']);
    const back = toggle(two, 'c');
    expect(back.selected).toEqual(['a']);
    expect(toggle(back, 'a')).toBe(back);
  });

  it('Shift+Arrow extends a range from the anchor, both ways', () => {
    const down = extend(extend(selectOne('b'), order, 1), order, 1);
    expect(down).toEqual({ active: 'd', anchor: 'b', selected: ['b', 'c', 'd'] });
    const up = extend(extend(down, order, -1), order, -1);
    expect(up.selected).toEqual(['b']);
    expect(extend(up, order, -1).selected).toEqual(['a', 'b']);
  });

  it('arrows move one cell and stop at the ends', () => {
    expect(step(selectOne('d'), order, 1).active).toBe('d');
    expect(step(selectOne('a'), order, 1).active).toBe('b');
    expect(step(NO_SELECTION, order, 1).active).toBe('a');
  });

  it('forgets cells that are gone, without making another cell active', () => {
    expect(within(selectOne('x'), order)).toEqual({ active: null, anchor: null, selected: [] });
    expect(within(toggle(selectOne('a'), 'x'), order)).toEqual({ active: null, anchor: null, selected: ['a'] });
    const kept = selectOne('b');
    expect(within(kept, order)).toBe(kept);
  });

  it('after cells went, the next cell is active, or the previous one when the last went (as JupyterLab)', () => {
    expect(afterRemoval(selectOne('b'), order, ['a', 'c', 'd'])).toEqual(selectOne('c'));
    expect(afterRemoval(selectOne('d'), order, ['a', 'b', 'c'])).toEqual(selectOne('c'));
    const range = extend(selectOne('b'), order, 1);
    expect(afterRemoval(range, order, ['a', 'd'])).toEqual(selectOne('d'));
    expect(afterRemoval(extend(selectOne('c'), order, 1), order, ['a', 'b'])).toEqual(selectOne('b'));
    // A cell that came back (undo of a cut) or stayed: the selection is kept.
    expect(afterRemoval(selectOne('b'), ['a', 'c'], order)).toEqual(selectOne('b'));
    expect(afterRemoval(selectOne('x'), ['a', 'x'], [])).toEqual(NO_SELECTION);
    // An undone insert: the cell it was inserted before takes over.
    expect(afterRemoval(selectOne('x'), ['a', 'x', 'b'], ['a', 'b'])).toEqual(selectOne('b'));
  });
});
