import { format, formatDistanceStrict, formatDistanceToNowStrict } from 'date-fns';

/** A server time as staff read it in the Airflow UI: local, to the second. */
export function when(iso: string | null | undefined): string {
  return iso ? format(new Date(iso), 'yyyy-MM-dd HH:mm:ss') : '—';
}

export function ago(iso: string | null | undefined): string {
  return iso ? formatDistanceToNowStrict(new Date(iso), { addSuffix: true }) : '—';
}

/** How long something took, or has been going; '—' when it has not started. */
export function duration(start: string | null | undefined, end: string | null | undefined, now: number = Date.now()): string {
  if (!start) return '—';
  const ms = (end ? Date.parse(end) : now) - Date.parse(start);
  if (ms < 60_000) return `${Math.max(0, Math.round(ms / 100) / 10)} s`;
  return formatDistanceStrict(0, ms);
}
