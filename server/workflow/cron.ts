import { Cron } from 'croner';
import type { ScheduleSpec } from './model';

/**
 * Parses a cron expression or an Airflow preset (@hourly, @daily…) with croner, in UTC as the demo's
 * schedules are; throws on anything else. Paused: it only answers "when next", it runs nothing.
 */
export function parseCron(expression: string): Cron {
  if (expression.trim() === '') throw new Error('Not a cron expression: (empty)');
  return new Cron(expression, { timezone: 'UTC', paused: true });
}

/** The first time strictly after `after` (epoch ms, UTC) that the expression names. */
export function cronAfter(cron: Cron, after: number): number {
  const next = cron.nextRun(new Date(after));
  if (!next) throw new Error('The cron expression names no time to come');
  return next.getTime();
}

/** The next logical date after `after` for a schedule, or null for an unscheduled DAG. */
export function nextLogicalDate(schedule: ScheduleSpec, after: number): number | null {
  if (schedule === null) return null;
  if (schedule.kind === 'delta') return after + schedule.seconds * 1000;
  return cronAfter(parseCron(schedule.expression), after);
}
