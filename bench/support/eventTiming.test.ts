import { describe, expect, it } from 'vitest';
import { keystrokesOf, thresholdPercentile, type EventEntry } from './eventTiming';

const entry = (name: string, startTime: number, duration: number, processing: number): EventEntry => ({
  name,
  startTime,
  duration,
  processingStart: startTime + 1,
  processingEnd: startTime + 1 + processing,
});

describe('Event Timing per keystroke', () => {
  it('groups the entries by the keystroke armed before them: longest duration, summed processing', () => {
    const entries = [entry('keydown', 101, 24, 3), entry('input', 102, 16, 2), entry('keyup', 150, 16, 1), entry('keydown', 301, 32, 9)];
    expect(keystrokesOf(entries, [100, 200, 300])).toEqual([
      { duration: 24, processing: 6 },
      { duration: 32, processing: 9 },
    ]);
  });

  it('leaves out pointer events that came meanwhile (the page moving under the mouse)', () => {
    const entries = [entry('keydown', 101, 16, 2), entry('pointerover', 102, 200, 50), entry('mouseover', 103, 200, 40)];
    expect(keystrokesOf(entries, [100])).toEqual([{ duration: 16, processing: 2 }]);
  });

  it('ignores entries from before the first keystroke (the click that entered the cell)', () => {
    expect(keystrokesOf([entry('keyup', 50, 40, 10), entry('keydown', 120, 16, 1)], [100])).toEqual([{ duration: 16, processing: 1 }]);
  });
});

describe('percentile with values under a threshold unseen', () => {
  it('is exact when it falls among the observed values', () => {
    const observed = [16, 16, 24, 40, 48];
    // 100 keystrokes, 95 under the threshold: the 95th value is the threshold, the 96th the first seen.
    expect(thresholdPercentile(observed, 100, 16, 95)).toBe(16);
    expect(thresholdPercentile(observed, 100, 16, 96)).toBe(16);
    expect(thresholdPercentile(observed, 100, 16, 98)).toBe(24);
    expect(thresholdPercentile(observed, 100, 16, 100)).toBe(48);
  });

  it('is the threshold (an upper bound) when nearly all values are unseen', () => {
    expect(thresholdPercentile([], 40, 16, 95)).toBe(16);
    expect(thresholdPercentile([3, 4], 2, 16, 50)).toBe(3);
  });

  it('refuses more observed values than measures, and no measures at all', () => {
    expect(() => thresholdPercentile([1, 2, 3], 2, 16, 95)).toThrow('3 observed values of only 2');
    expect(() => thresholdPercentile([], 0, 16, 95)).toThrow('no values');
  });
});
