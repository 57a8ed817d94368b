import { describe, expect, it } from 'vitest';
import { backoffDelay } from './backoff';

const fixed = (value: number) => () => value;

describe('backoffDelay', () => {
  it('grows exponentially from the base and stops at the cap', () => {
    const delays = [0, 1, 2, 3, 4, 5].map((a) => backoffDelay(a, { baseMs: 1000, maxMs: 10_000, jitter: 'none' }));
    expect(delays).toEqual([1000, 2000, 4000, 8000, 10_000, 10_000]);
  });

  it('uses the given factor', () => {
    expect(backoffDelay(2, { baseMs: 100, maxMs: 1e6, factor: 3, jitter: 'none' })).toBe(900);
  });

  it('full jitter picks anywhere below the cap', () => {
    const options = { baseMs: 1000, maxMs: 10_000, jitter: 'full' as const };
    expect(backoffDelay(2, { ...options, random: fixed(0) })).toBe(0);
    expect(backoffDelay(2, { ...options, random: fixed(0.5) })).toBe(2000);
    expect(backoffDelay(2, { ...options, random: fixed(0.999) })).toBe(3996);
  });

  it('equal jitter keeps at least half the cap', () => {
    const options = { baseMs: 1000, maxMs: 10_000, jitter: 'equal' as const };
    expect(backoffDelay(2, { ...options, random: fixed(0) })).toBe(2000);
    expect(backoffDelay(2, { ...options, random: fixed(0.5) })).toBe(3000);
    expect(backoffDelay(9, { ...options, random: fixed(0.999) })).toBe(9995);
  });

  it('a huge attempt number stays capped, a negative one counts as the first', () => {
    expect(backoffDelay(5000, { baseMs: 1000, maxMs: 30_000, jitter: 'none' })).toBe(30_000);
    expect(backoffDelay(-3, { baseMs: 1000, maxMs: 30_000, jitter: 'none' })).toBe(1000);
  });
});
