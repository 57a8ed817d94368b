import type { ScheduleSpec } from './model';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const PRESETS: Record<string, string> = {
  '@hourly': '0 * * * *',
  '@daily': '0 0 * * *',
  '@weekly': '0 0 * * 0',
  '@monthly': '0 0 1 * *',
  '@yearly': '0 0 1 1 *',
};

interface Cron {
  minutes: number[];
  hours: number[];
  days: Set<number>;
  months: Set<number>;
  weekdays: Set<number>;
  anyDay: boolean;
  anyWeekday: boolean;
}

/** Parses a five-field cron expression (lists, ranges, steps) or an Airflow preset; throws on anything else. */
export function parseCron(expression: string): Cron {
  const fields = (PRESETS[expression] ?? expression).trim().split(/\s+/);
  if (fields.length !== 5) throw new Error(`Not a cron expression: ${expression}`);
  const [minutes, hours, days, months, weekdays] = fields.map((field, i) => parseField(field, RANGES[i]));
  return {
    minutes, hours, days: new Set(days), months: new Set(months), weekdays: new Set(weekdays.map((d) => d % 7)),
    anyDay: fields[2] === '*', anyWeekday: fields[4] === '*',
  };
}

const RANGES: [number, number][] = [[0, 59], [0, 23], [1, 31], [1, 12], [0, 7]];

function parseField(field: string, [low, high]: [number, number]): number[] {
  const values = new Set<number>();
  for (const part of field.split(',')) {
    const [range, stepText] = part.split('/');
    const step = stepText === undefined ? 1 : Number(stepText);
    const [from, to] = range === '*' ? [low, high] : range.includes('-') ? range.split('-').map(Number) : [Number(range), stepText ? high : Number(range)];
    if (![step, from, to].every(Number.isInteger) || step < 1 || from < low || to > high || from > to) throw new Error(`Bad cron field: ${field}`);
    for (let value = from; value <= to; value += step) values.add(value);
  }
  return [...values].sort((a, b) => a - b);
}

function dayMatches(cron: Cron, date: Date): boolean {
  if (!cron.months.has(date.getUTCMonth() + 1)) return false;
  const dom = cron.days.has(date.getUTCDate());
  const dow = cron.weekdays.has(date.getUTCDay());
  // Cron's rule: when both day fields are restricted, either may match.
  if (cron.anyDay) return cron.anyWeekday || dow;
  return cron.anyWeekday ? dom : dom || dow;
}

/** The first time strictly after `after` (epoch ms, UTC) that the expression names. */
export function cronAfter(cron: Cron, after: number): number {
  const startDay = Math.floor(after / DAY) * DAY;
  for (let day = startDay; day < startDay + 4 * 366 * DAY; day += DAY) {
    if (!dayMatches(cron, new Date(day))) continue;
    for (const hour of cron.hours) {
      for (const minute of cron.minutes) {
        const at = day + hour * 60 * MINUTE + minute * MINUTE;
        if (at > after) return at;
      }
    }
  }
  throw new Error('The cron expression names no time in the next four years');
}

/** The next logical date after `after` for a schedule, or null for an unscheduled DAG. */
export function nextLogicalDate(schedule: ScheduleSpec, after: number): number | null {
  if (schedule === null) return null;
  if (schedule.kind === 'delta') return after + schedule.seconds * 1000;
  return cronAfter(parseCron(schedule.expression), after);
}
