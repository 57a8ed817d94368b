import { describe, expect, it } from 'vitest';
import { checkDateTime, formatDateTime, INVALID_DATE_MESSAGE, parseDateTimeInput } from './dateTimeRules';

const at = (iso: string) => new Date(iso);

describe('parseDateTimeInput', () => {
  it.each([
    ['empty string', ''],
    ['null', null],
    ['undefined', undefined],
  ])('%s is no date, and valid', (_l, value) => {
    expect(parseDateTimeInput(value)).toEqual({ ok: true, date: null });
  });

  it('reads the display format', () => {
    const r = parseDateTimeInput('Mar 5, 2024 02:30 PM');
    expect(r.ok && r.date?.getHours()).toBe(14);
    expect(r.ok && r.date?.getMinutes()).toBe(30);
  });

  it('reads ISO text', () => {
    const r = parseDateTimeInput('2024-03-05T14:30:00');
    expect(r.ok && r.date?.getDate()).toBe(5);
  });

  it.each(['yesterday', '31/31/2024', 'Feb 30, 2024 10:00 AM', '2024-13-01'])('unparseable "%s" → the seed message', (text) => {
    expect(parseDateTimeInput(text)).toEqual({ ok: false, message: INVALID_DATE_MESSAGE });
  });

  it('an Invalid Date object is refused', () => {
    expect(parseDateTimeInput(new Date('nope'))).toEqual({ ok: false, message: INVALID_DATE_MESSAGE });
  });
});

describe('checkDateTime rules', () => {
  const minDate = at('2024-01-10T09:00:00');
  const maxDate = at('2024-01-20T17:00:00');

  it('accepts a date inside min and max', () => {
    expect(checkDateTime(at('2024-01-15T12:00:00'), { minDate, maxDate }).ok).toBe(true);
  });

  it('rejects before min and after max, naming the bound', () => {
    const early = checkDateTime(at('2024-01-10T08:30:00'), { minDate });
    expect(early).toEqual({ ok: false, message: 'Choose a date on or after Jan 10, 2024 09:00 AM.' });
    const late = checkDateTime(at('2024-01-21T00:00:00'), { maxDate });
    expect(late.ok).toBe(false);
  });

  it('without time selection compares whole days', () => {
    expect(checkDateTime(at('2024-01-10T08:30:00'), { minDate, showTimeSelect: false }).ok).toBe(true);
  });

  it('rejects disabled days', () => {
    const noWeekends = (d: Date) => d.getDay() !== 0 && d.getDay() !== 6;
    expect(checkDateTime(at('2024-01-13T10:00:00'), { filterDate: noWeekends })).toEqual({
      ok: false,
      message: 'That date is not available.',
    });
    expect(checkDateTime(at('2024-01-12T10:00:00'), { filterDate: noWeekends }).ok).toBe(true);
  });

  it('rejects years outside 1900–2100', () => {
    expect(checkDateTime(at('1899-12-31T10:00:00')).ok).toBe(false);
    expect(checkDateTime(at('2101-01-01T10:00:00')).ok).toBe(false);
    expect(checkDateTime(at('2100-06-01T10:00:00')).ok).toBe(true);
  });

  it('unparseable text fails before any rule', () => {
    expect(checkDateTime('soon', { minDate })).toEqual({ ok: false, message: INVALID_DATE_MESSAGE });
  });
});

describe('formatDateTime', () => {
  it('uses MMM d, yyyy hh:mm aa', () => {
    expect(formatDateTime(at('2024-03-05T14:30:00'))).toBe('Mar 5, 2024 02:30 PM');
    expect(formatDateTime(null)).toBe('');
  });
});
