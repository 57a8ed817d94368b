import cronstrue from 'cronstrue';

/** Airflow's schedule presets, in the words the Airflow UI's users know. */
const PRESETS: Record<string, string> = {
  '@once': 'Once',
  '@continuous': 'Continuously, one run after another',
  '@hourly': 'Every hour',
  '@daily': 'Every day at 00:00',
  '@midnight': 'Every day at 00:00',
  '@weekly': 'Every Sunday at 00:00',
  '@monthly': 'On the first of every month at 00:00',
  '@quarterly': 'On the first of every quarter at 00:00',
  '@yearly': 'On 1 January at 00:00',
  '@annually': 'On 1 January at 00:00',
};

/** A schedule in words: cron through cronstrue, presets by name, anything else as the upstream said it. */
export function describeSchedule(schedule: string | null): string {
  if (schedule === null || schedule === '' || schedule === 'None') return 'Not scheduled (manual runs only)';
  const preset = PRESETS[schedule];
  if (preset) return preset;
  if (/^(\S+\s+){4,6}\S+$/.test(schedule.trim())) {
    try {
      return cronstrue.toString(schedule, { use24HourTimeFormat: true, verbose: false });
    } catch {
      return schedule;
    }
  }
  return schedule;
}
