import { endOfDay, format, isValid, parse, parseISO, startOfDay } from 'date-fns';

export const DATE_TIME_FORMAT = 'MMM d, yyyy hh:mm aa';
export const INVALID_DATE_MESSAGE = 'Date input not valid.';
export const MIN_YEAR = 1900;
export const MAX_YEAR = 2100;

export interface DateRules {
  minDate?: Date | null;
  maxDate?: Date | null;
  /** False for days the picker must refuse (react-datepicker's filterDate). */
  filterDate?: (date: Date) => boolean;
  /** With time selection on, min/max compare to the minute; without, by whole days. */
  showTimeSelect?: boolean;
}

export type DateCheck = { ok: true; date: Date | null } | { ok: false; message: string };

/** Turns what a caller holds (a Date, an ISO string, the display text, empty) into a Date. */
export function parseDateTimeInput(value: Date | string | null | undefined): DateCheck {
  if (value === null || value === undefined || value === '') return { ok: true, date: null };
  if (value instanceof Date) return isValid(value) ? { ok: true, date: value } : { ok: false, message: INVALID_DATE_MESSAGE };
  const text = value.trim();
  const candidates = [parse(text, DATE_TIME_FORMAT, new Date()), parseISO(text)];
  const date = candidates.find((d) => isValid(d));
  return date ? { ok: true, date } : { ok: false, message: INVALID_DATE_MESSAGE };
}

/** Why a date may not be chosen, or null when it may. */
export function rejectionOf(date: Date, rules: DateRules): string | null {
  const year = date.getFullYear();
  if (year < MIN_YEAR || year > MAX_YEAR) return `Choose a date between ${MIN_YEAR} and ${MAX_YEAR}.`;
  const exact = rules.showTimeSelect ?? true;
  const min = rules.minDate && (exact ? rules.minDate : startOfDay(rules.minDate));
  const max = rules.maxDate && (exact ? rules.maxDate : endOfDay(rules.maxDate));
  if (min && date < min) return `Choose a date on or after ${format(min, DATE_TIME_FORMAT)}.`;
  if (max && date > max) return `Choose a date on or before ${format(max, DATE_TIME_FORMAT)}.`;
  if (rules.filterDate && !rules.filterDate(date)) return 'That date is not available.';
  return null;
}

export function checkDateTime(value: Date | string | null | undefined, rules: DateRules = {}): DateCheck {
  const parsed = parseDateTimeInput(value);
  if (!parsed.ok || parsed.date === null) return parsed;
  const rejection = rejectionOf(parsed.date, rules);
  return rejection ? { ok: false, message: rejection } : parsed;
}

export function formatDateTime(date: Date | null): string {
  return date ? format(date, DATE_TIME_FORMAT) : '';
}
