import { describe, expect, it } from 'vitest';
import { describeSchedule } from './schedule';

describe('describeSchedule', () => {
  it('puts cron expressions in words', () => {
    expect(describeSchedule('0 6 * * 1-5')).toBe('At 06:00, Monday through Friday');
    expect(describeSchedule('*/15 * * * *')).toBe('Every 15 minutes');
  });
  it('names presets and says when there is no schedule', () => {
    expect(describeSchedule('@daily')).toBe('Every day at 00:00');
    expect(describeSchedule(null)).toBe('Not scheduled (manual runs only)');
  });
  it('shows what it cannot read as it is, never throws', () => {
    expect(describeSchedule('1 day, 0:00:00')).toBe('1 day, 0:00:00');
    expect(describeSchedule('99 99 * * *')).toBe('99 99 * * *');
  });
});
