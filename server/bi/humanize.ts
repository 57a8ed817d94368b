import { formatDistanceStrict } from 'date-fns';

/** Superset's *_delta_humanized ("3 hours ago", "now"), from the server's clock. */
export function humanizeSince(then: number, now: number): string {
  if (Math.abs(now - then) < 1000) return 'now';
  return formatDistanceStrict(then, now, { addSuffix: true });
}
