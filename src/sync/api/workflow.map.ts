import type { V2TaskInstance, V2XCom } from '../../../contracts/airflowV2';
import type { Dag, DagDetail, GridCell, TaskInstance, TaskState, XComEntry } from '../../../contracts/workflow';
import { TASK_STATES } from '../../../contracts/workflow';

/**
 * The mapping both Airflow versions share: their DAG details, task instances and XCom entries
 * have the same snake_case fields (v1's carry more, which these ignore).
 */

/** v1's deprecated 'none' and anything unknown are "no state yet". */
export function taskState(state: string | null | undefined): TaskState {
  return (TASK_STATES as readonly string[]).includes(state ?? '') ? (state as TaskState) : null;
}

interface UpstreamDagDetail {
  doc_md: string | null;
  start_date: string | null;
  catchup: boolean | null;
  timezone: string | null;
  params: Record<string, unknown> | null;
  last_parsed: string | null;
  last_parsed_time: string | null;
}

export function dagDetailFrom(dag: Dag, detail: UpstreamDagDetail): DagDetail {
  return {
    ...dag,
    docMd: detail.doc_md,
    startDate: detail.start_date,
    catchup: detail.catchup,
    timezone: detail.timezone,
    params: detail.params ?? {},
    lastParsed: detail.last_parsed ?? detail.last_parsed_time,
  };
}

/** v2's task instance is v1's less some fields (tries carry neither note nor rendered fields). */
export function taskInstanceFrom(ti: V2TaskInstance): TaskInstance {
  return {
    dagId: ti.dag_id,
    runId: ti.dag_run_id,
    taskId: ti.task_id,
    mapIndex: ti.map_index,
    tryNumber: ti.try_number,
    maxTries: ti.max_tries,
    state: taskState(ti.state),
    queuedAt: ti.queued_when,
    startDate: ti.start_date,
    endDate: ti.end_date,
    duration: ti.duration,
    operator: ti.operator,
    hostname: ti.hostname || null,
    pool: ti.pool,
    renderedFields: ti.rendered_fields ?? null,
    note: ti.note ?? null,
  };
}

export function xcomFrom(entry: V2XCom): XComEntry {
  const mapped: XComEntry = { key: entry.key, taskId: entry.task_id, mapIndex: entry.map_index, timestamp: entry.timestamp };
  if ('value' in entry) mapped.value = entry.value;
  return mapped;
}

/** A grid cell's mapped children by state; the upstream's 'none' (v2 also 'None') is no status yet. */
export function childStates(states: Record<string, number>): GridCell['childStates'] {
  return Object.fromEntries(Object.entries(states).map(([state, count]) => [state === 'None' || state === 'none' ? 'no_status' : state, count]));
}
