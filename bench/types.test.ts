import { describe, expect, it } from 'vitest';
import { median, percentile, result, resultAtLeast } from './types';

describe('bench statistics', () => {
  it('median of odd and even counts', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
  it('percentile by nearest rank', () => {
    const values = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(values, 95)).toBe(95);
    expect(percentile(values, 100)).toBe(100);
    expect(percentile([7], 95)).toBe(7);
  });
  it('result marks budgets kept or broken', () => {
    expect(result('s', 'n', 10, 'ms', 16).ok).toBe(true);
    expect(result('s', 'n', 20, 'ms', 16).ok).toBe(false);
    expect(result('s', 'n', 20, 'ms').ok).toBeUndefined();
  });
  it('a floor budget is kept at or above it', () => {
    expect(resultAtLeast('s', 'n', 2000, 'req/s', 2000).ok).toBe(true);
    expect(resultAtLeast('s', 'n', 1999, 'req/s', 2000).ok).toBe(false);
  });
});
