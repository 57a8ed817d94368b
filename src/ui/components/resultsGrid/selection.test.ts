import { describe, expect, it } from 'vitest';
import { isRendered, moveSelection } from './selection';

const bounds = { rows: 100, cols: 5, page: 10 };
const plain = { primary: false };
const ctrl = { primary: true };

describe('moveSelection', () => {
  it('moves with the arrows and stops at the edges', () => {
    expect(moveSelection({ row: 5, col: 2 }, 'ArrowDown', plain, bounds)).toEqual({ row: 6, col: 2 });
    expect(moveSelection({ row: 5, col: 2 }, 'ArrowRight', plain, bounds)).toEqual({ row: 5, col: 3 });
    expect(moveSelection({ row: 99, col: 4 }, 'ArrowDown', plain, bounds)).toEqual({ row: 99, col: 4 });
    expect(moveSelection({ row: 99, col: 4 }, 'ArrowRight', plain, bounds)).toEqual({ row: 99, col: 4 });
    expect(moveSelection({ row: 3, col: 0 }, 'ArrowLeft', plain, bounds)).toEqual({ row: 3, col: 0 });
  });

  it('reaches the header (row -1) with ArrowUp from the first row', () => {
    expect(moveSelection({ row: 0, col: 1 }, 'ArrowUp', plain, bounds)).toEqual({ row: -1, col: 1 });
    expect(moveSelection({ row: -1, col: 1 }, 'ArrowUp', plain, bounds)).toEqual({ row: -1, col: 1 });
  });

  it('starts at the first cell when nothing is selected', () => {
    expect(moveSelection(null, 'ArrowDown', plain, bounds)).toEqual({ row: 0, col: 0 });
    expect(moveSelection(null, 'ArrowRight', plain, { rows: 0, cols: 3, page: 5 })).toEqual({ row: -1, col: 0 });
  });

  it('pages and jumps', () => {
    expect(moveSelection({ row: 5, col: 1 }, 'PageDown', plain, bounds)).toEqual({ row: 15, col: 1 });
    expect(moveSelection({ row: 5, col: 1 }, 'PageUp', plain, bounds)).toEqual({ row: 0, col: 1 });
    expect(moveSelection({ row: 5, col: 1 }, 'End', plain, bounds)).toEqual({ row: 5, col: 4 });
    expect(moveSelection({ row: 5, col: 3 }, 'Home', plain, bounds)).toEqual({ row: 5, col: 0 });
    expect(moveSelection({ row: 5, col: 3 }, 'End', ctrl, bounds)).toEqual({ row: 99, col: 4 });
    expect(moveSelection({ row: 5, col: 3 }, 'Home', ctrl, bounds)).toEqual({ row: 0, col: 0 });
  });

  it('ignores other keys and empty grids', () => {
    expect(moveSelection({ row: 5, col: 3 }, 'a', plain, bounds)).toBeNull();
    expect(moveSelection(null, 'ArrowDown', plain, { rows: 0, cols: 0, page: 1 })).toBeNull();
  });
});

describe('isRendered', () => {
  const rows = [{ index: 10 }, { index: 11 }, { index: 12 }];
  const cols = [{ index: 2 }, { index: 3 }];

  it('is true for a rendered cell and for the header of a rendered column', () => {
    expect(isRendered({ row: 11, col: 3 }, rows, cols)).toBe(true);
    expect(isRendered({ row: -1, col: 2 }, rows, [...cols])).toBe(true);
  });

  it('is false outside the window or without a selection', () => {
    expect(isRendered({ row: 13, col: 3 }, rows, cols)).toBe(false);
    expect(isRendered({ row: 11, col: 4 }, rows, cols)).toBe(false);
    expect(isRendered(null, rows, cols)).toBe(false);
    expect(isRendered({ row: 0, col: 2 }, [], cols)).toBe(false);
  });
});
