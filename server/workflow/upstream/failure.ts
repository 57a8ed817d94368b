import { networkCause } from '../../http/upstreamFetch';
import { problemBody } from '../problem';

/**
 * Why the Airflow upstream gave no usable answer: 502 (unreachable, or it refused the console's
 * own credentials) or 504 (no answer in time). Answered as problem JSON, whose `detail` the
 * client shows for both Airflow versions.
 */
export class UpstreamFailure extends Error {
  constructor(
    readonly status: 502 | 504,
    detail: string,
  ) {
    super(detail);
    this.name = 'UpstreamFailure';
  }

  toJSON() {
    return problemBody(this.status, this.status === 504 ? 'Gateway Timeout' : 'Bad Gateway', this.message);
  }
}

export const UNREACHABLE = 'The Airflow server could not be reached';

/** A fetch that failed before any answer: timed out (504) or not reachable (502), with the network's reason. */
export function networkFailure(error: unknown, timedOut: boolean, timeoutMs: number): UpstreamFailure {
  if (timedOut) return new UpstreamFailure(504, `The Airflow server did not answer within ${Math.round(timeoutMs / 1000)} s`);
  return new UpstreamFailure(502, `${UNREACHABLE} (${networkCause(error)})`);
}

export const refusedCredentials = (how: string) =>
  new UpstreamFailure(502, `The Airflow server refused the console's credentials (${how}); check CONSOLE_AIRFLOW_USERNAME and CONSOLE_AIRFLOW_PASSWORD, or CONSOLE_AIRFLOW_ACCOUNTS`);
