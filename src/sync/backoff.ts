/**
 * How a random delay is spread below the exponential cap (see the AWS "Exponential Backoff And
 * Jitter" note): `full` picks anywhere in [0, cap), `equal` in [cap/2, cap), `none` waits the cap.
 * Jitter keeps many tabs and clients from retrying in step after a shared outage.
 */
export type Jitter = 'full' | 'equal' | 'none';

export interface BackoffOptions {
  /** The delay before the first retry (attempt 0), before jitter. */
  baseMs: number;
  /** No delay is ever longer than this. */
  maxMs: number;
  /** Growth per attempt; 2 doubles. */
  factor?: number;
  jitter: Jitter;
  /** A number in [0, 1); injectable so tests get fixed delays. */
  random?: () => number;
}

/** The delay before retry number `attempt` (0 for the first retry): base × factor^attempt, capped, then jittered. */
export function backoffDelay(attempt: number, options: BackoffOptions): number {
  const { baseMs, maxMs, factor = 2, jitter, random = Math.random } = options;
  const cap = Math.min(maxMs, baseMs * factor ** Math.max(0, attempt));
  switch (jitter) {
    case 'none':
      return cap;
    case 'equal':
      return Math.floor(cap / 2 + random() * (cap / 2));
    case 'full':
      return Math.floor(random() * cap);
  }
}
