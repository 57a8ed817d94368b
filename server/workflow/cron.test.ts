import { describe, expect, it } from 'vitest';
import { cronAfter, nextLogicalDate, parseCron } from './cron';

const at = (text: string) => Date.parse(text);
const next = (expression: string, after: string) => new Date(cronAfter(parseCron(expression), at(after))).toISOString();

describe('cron schedules', () => {
  it('finds the next time of presets, steps, ranges and weekdays', () => {
    expect(next('@daily', '2025-06-15T12:00:00Z')).toBe('2025-06-16T00:00:00.000Z');
    expect(next('@hourly', '2025-06-15T12:00:00Z')).toBe('2025-06-15T13:00:00.000Z');
    expect(next('*/30 * * * *', '2025-06-15T12:10:00Z')).toBe('2025-06-15T12:30:00.000Z');
    expect(next('0 */4 * * *', '2025-06-15T13:00:00Z')).toBe('2025-06-15T16:00:00.000Z');
    // 2025-06-14 is a Saturday: the next business day 06:00 is Monday.
    expect(next('0 6 * * 1-5', '2025-06-14T07:00:00Z')).toBe('2025-06-16T06:00:00.000Z');
    expect(next('0 4 1 * *', '2025-06-15T00:00:00Z')).toBe('2025-07-01T04:00:00.000Z');
    expect(next('0 1 * * 0', '2025-06-15T02:00:00Z')).toBe('2025-06-22T01:00:00.000Z');
  });

  it('adds time deltas and has no next run without a schedule', () => {
    expect(nextLogicalDate({ kind: 'delta', seconds: 6 * 3600 }, at('2025-06-15T00:00:00Z'))).toBe(at('2025-06-15T06:00:00Z'));
    expect(nextLogicalDate(null, 0)).toBeNull();
  });

  it('refuses what is not a cron expression', () => {
    for (const bad of ['', 'every day', '61 * * * *', '* * * *', '*/0 * * * *', '5-1 * * * *']) expect(() => parseCron(bad), bad).toThrow();
  });
});
