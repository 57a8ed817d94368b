import type { AirflowUpstream } from '../../config';
import { fetchUpstreamHead, type UpstreamCall } from '../../http/upstreamFetch';
import { networkFailure } from './failure';

export type { UpstreamCall };

/**
 * One fetch to Airflow; the timeout covers waiting for the answer's head only, so a long log may
 * keep streaming. Network failures become UpstreamFailure (502/504).
 */
export function fetchUpstream(upstream: AirflowUpstream, url: string, call: UpstreamCall): Promise<Response> {
  return fetchUpstreamHead(url, call, upstream.timeoutMs, (error, timedOut) => networkFailure(error, timedOut, upstream.timeoutMs));
}
