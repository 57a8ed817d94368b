import { describe, expect, it } from 'vitest';
import { draggedValue, keyedValue } from './ResizeHandle';

const bounds = { min: 10, max: 90, step: 5 };

describe('keyedValue', () => {
  it.each([
    ['ArrowDown', 30, 35],
    ['ArrowUp', 30, 25],
    ['PageDown', 30, 50],
    ['PageUp', 30, 10],
    ['Home', 30, 10],
    ['End', 30, 90],
    ['ArrowUp', 12, 10],
    ['ArrowDown', 88, 90],
  ])('%s from %d → %d', (key, value, next) => expect(keyedValue(key, value, bounds)).toBe(next));

  it('ignores other keys', () => {
    expect(keyedValue('Enter', 30, bounds)).toBeNull();
    expect(keyedValue('ArrowLeft', 30, bounds)).toBeNull();
  });
});

describe('draggedValue', () => {
  it('moves by the dragged share of the span, within the bounds', () => {
    expect(draggedValue(30, 100, 500, bounds)).toBe(50);
    expect(draggedValue(30, -50, 500, bounds)).toBe(20);
    expect(draggedValue(30, 1000, 500, bounds)).toBe(90);
    expect(draggedValue(30, -1000, 500, bounds)).toBe(10);
  });

  it('stays put when there is nothing to measure', () => {
    expect(draggedValue(30, 100, 0, bounds)).toBe(30);
  });
});
