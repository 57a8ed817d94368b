import type { AirflowUpstream } from '../../config';

/**
 * The Airflow calls the console's own client makes (src/sync/api/workflowV1.api.ts and
 * workflowV2.api.ts), by method, path and query parameter names: the proxy forwards these and
 * refuses everything else, so a console user cannot reach Airflow's users, connections,
 * variables or config with the console's Airflow account. `{}` is one id segment, `{n}` a number.
 */
const CALLS: Record<AirflowUpstream['api'], ReadonlyArray<readonly [call: string, query?: readonly string[]]>> = {
  v1: [
    ['GET /api/v1/dags', ['limit', 'offset', 'order_by', 'tags', 'paused', 'dag_id_pattern']],
    ['GET /api/v1/dags/{}/details'],
    ['GET /api/v1/dags/{}'],
    ['PATCH /api/v1/dags/{}', ['update_mask']],
    ['GET /api/v1/dags/{}/tasks'],
    ['GET /api/v1/dags/{}/dagRuns', ['limit', 'offset', 'order_by', 'state', 'execution_date_lte']],
    ['POST /api/v1/dags/{}/dagRuns'],
    ['GET /api/v1/dags/{}/dagRuns/{}'],
    ['PATCH /api/v1/dags/{}/dagRuns/{}'],
    ['GET /api/v1/dags/{}/dagRuns/{}/taskInstances', ['limit', 'offset']],
    ['POST /api/v1/dags/~/dagRuns/~/taskInstances/list'],
    // Mark: a mapped task's one instance (Airflow 2's updateTaskInstancesState knows no map index).
    ['PATCH /api/v1/dags/{}/dagRuns/{}/taskInstances/{}/{n}'],
    ['GET /api/v1/dags/{}/dagRuns/{}/taskInstances/{}/tries', ['limit', 'offset']],
    ['GET /api/v1/dags/{}/dagRuns/{}/taskInstances/{}/{n}/tries', ['limit', 'offset']],
    ['GET /api/v1/dags/{}/dagRuns/{}/taskInstances/{}/xcomEntries', ['map_index', 'limit', 'offset']],
    ['GET /api/v1/dags/{}/dagRuns/{}/taskInstances/{}/xcomEntries/{}', ['map_index']],
    ['GET /api/v1/dags/{}/dagRuns/{}/taskInstances/{}/logs/{n}', ['full_content', 'map_index', 'token']],
    ['POST /api/v1/dags/{}/clearTaskInstances'],
    ['POST /api/v1/dags/{}/updateTaskInstancesState'],
    ['GET /api/v1/dagSources/{}'],
    ['GET /api/v1/eventLogs', ['dag_id', 'limit', 'offset', 'order_by']],
    ['GET /api/v1/dagStats', ['dag_ids']],
  ],
  v2: [
    ['GET /api/v2/dags', ['limit', 'offset', 'order_by', 'dag_id_pattern', 'tags', 'owners', 'paused', 'last_dag_run_state']],
    ['GET /api/v2/dags/{}/details'],
    ['PATCH /api/v2/dags/{}'],
    ['GET /api/v2/dags/{}/tasks'],
    ['GET /api/v2/dags/{}/dagRuns', ['limit', 'offset', 'order_by', 'state', 'run_after_lte']],
    ['POST /api/v2/dags/{}/dagRuns'],
    ['GET /api/v2/dags/{}/dagRuns/{}'],
    ['PATCH /api/v2/dags/{}/dagRuns/{}'],
    ['GET /api/v2/dags/{}/dagRuns/{}/taskInstances', ['limit', 'offset']],
    ['POST /api/v2/dags/~/dagRuns/~/taskInstances/list'],
    ['PATCH /api/v2/dags/{}/dagRuns/{}/taskInstances/{}'],
    ['PATCH /api/v2/dags/{}/dagRuns/{}/taskInstances/{}/{n}'],
    ['PATCH /api/v2/dags/{}/dagRuns/{}/taskInstances/{}/dry_run'],
    ['PATCH /api/v2/dags/{}/dagRuns/{}/taskInstances/{}/{n}/dry_run'],
    ['GET /api/v2/dags/{}/dagRuns/{}/taskInstances/{}/tries'],
    ['GET /api/v2/dags/{}/dagRuns/{}/taskInstances/{}/{n}/tries'],
    ['GET /api/v2/dags/{}/dagRuns/{}/taskInstances/{}/xcomEntries', ['map_index', 'limit', 'offset']],
    ['GET /api/v2/dags/{}/dagRuns/{}/taskInstances/{}/xcomEntries/{}', ['map_index', 'stringify']],
    ['GET /api/v2/dags/{}/dagRuns/{}/taskInstances/{}/logs/{n}', ['full_content', 'map_index', 'token']],
    ['POST /api/v2/dags/{}/clearTaskInstances'],
    ['GET /api/v2/dagSources/{}'],
    ['GET /api/v2/eventLogs', ['dag_id', 'limit', 'offset', 'order_by']],
    ['GET /api/v2/dagStats', ['dag_ids']],
    // Which grid calls the release serves (asked once per client).
    ['GET /api/v2/version'],
    // Airflow 3's UI API, for the grid and graph the public API has no call for.
    ['GET /ui/grid/structure/{}', ['limit', 'order_by', 'run_after_lte']],
    ['GET /ui/grid/runs/{}', ['limit', 'order_by', 'run_after_lte']],
    // 3.0 and 3.1: one call per run; from 3.2 one NDJSON stream for all the shown runs.
    ['GET /ui/grid/ti_summaries/{}/{}'],
    ['GET /ui/grid/ti_summaries/{}', ['run_ids']],
    ['GET /ui/structure/structure_data', ['dag_id']],
  ],
};

/** The allowlist as written, `METHOD /path` each (for tests and the README). */
export const allowedCalls = (api: AirflowUpstream['api']): string[] => CALLS[api].map(([call]) => call);

interface Rule {
  call: string;
  method: string;
  segments: readonly string[];
  query: ReadonlySet<string>;
}

/** What the proxy does with a call. */
export type Verdict =
  | { kind: 'forward'; target: string; call: string }
  | { kind: 'malformed'; detail: string }
  | { kind: 'refused'; detail: string };

export const REFUSED = 'The console does not forward this Airflow call';

/** Checks calls against the allowlist of one Airflow version. */
export function createAllowlist(api: AirflowUpstream['api']): (method: string, rawPath: string, rawQuery: string) => Verdict {
  const rules: Rule[] = CALLS[api].map(([call, query = []]) => {
    const [method, path] = call.split(' ');
    return { call, method, segments: path.split('/').slice(1), query: new Set(query) };
  });
  return function verdict(method, rawPath, rawQuery) {
    const segments = decodedSegments(rawPath);
    if (segments === null) return { kind: 'malformed', detail: 'The path may not hold empty, "." or ".." segments, encoded slashes or backslashes' };
    const rule = rules.find((candidate) => candidate.method === method && matches(candidate.segments, segments));
    if (!rule) return { kind: 'refused', detail: `${REFUSED}: ${method} /${segments.join('/')}` };
    const params = new URLSearchParams(rawQuery);
    const extra = [...params.keys()].find((name) => !rule.query.has(name));
    if (extra !== undefined) return { kind: 'refused', detail: `${REFUSED}: the query parameter "${extra}" on ${method} /${segments.join('/')}` };
    // Sent as re-encoded here, so what Airflow routes is exactly what was checked.
    const query = params.toString();
    return { kind: 'forward', call: rule.call, target: `/${segments.map(encodeURIComponent).join('/')}${query ? `?${query}` : ''}` };
  };
}

/**
 * The path's segments decoded, or null when one could take the call elsewhere once Airflow or a
 * proxy in front of it decodes or normalises the path: empty, `.`, `..`, `/`, `\` or controls.
 */
function decodedSegments(rawPath: string): string[] | null {
  const segments: string[] = [];
  for (const raw of rawPath.split('/').slice(1)) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return null;
    }
    // eslint-disable-next-line no-control-regex
    if (segment === '' || segment === '.' || segment === '..' || /[/\\\u0000-\u001f\u007f]/.test(segment)) return null;
    segments.push(segment);
  }
  return segments;
}

function matches(pattern: readonly string[], segments: readonly string[]): boolean {
  if (pattern.length !== segments.length) return false;
  return pattern.every((part, index) => {
    // `~` means "every DAG / run" to Airflow; the console sends it only where the list says so.
    if (part === '{}') return segments[index] !== '~';
    if (part === '{n}') return /^\d{1,9}$/.test(segments[index]);
    return part === segments[index];
  });
}
