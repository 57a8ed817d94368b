import type { Queryable } from '../store/db';
import { FINISHED_TASK_STATES, downstreamOf, runOutcome, type DagSpec } from './model';
import type { RunRow, TiRow, TryRow } from './rows';
import type { WorkflowStore } from './store';

/** What a try was, for the tries table. */
export const tryOf = (ti: TiRow): TryRow => ({
  dag_id: ti.dag_id, run_id: ti.run_id, task_id: ti.task_id, map_index: ti.map_index, try_number: ti.try_number,
  state: ti.state, queued_when: ti.queued_when, start_date: ti.start_date, end_date: ti.end_date, hostname: ti.hostname, pid: ti.pid,
});

const unfinished = (ti: TiRow) => ti.state === null || !FINISHED_TASK_STATES.has(ti.state);

/**
 * Airflow's "mark success / failed / queued" of a run: success finishes every unfinished task
 * instance as success; failed fails the running ones and skips the rest; queued hands the run
 * back to the scheduler.
 */
export async function markRun(store: WorkflowStore, run: RunRow, state: 'success' | 'failed' | 'queued', now: number): Promise<RunRow> {
  const tis = await store.tis(run.dag_id, run.run_id);
  const changed: TiRow[] = [];
  if (state !== 'queued') {
    for (const ti of tis.filter(unfinished)) {
      const next = state === 'success' ? 'success' : ti.state === 'running' ? 'failed' : 'skipped';
      changed.push({ ...ti, state: next, end_date: now, start_date: ti.start_date ?? now });
    }
  }
  const updated: RunRow = { ...run, state, end_date: state === 'queued' ? null : now, start_date: state === 'queued' ? null : (run.start_date ?? now), updated_at: now };
  await store.db.transaction(async (tx) => {
    await store.putTis(changed, tx);
    await store.updateRun(updated, tx);
  });
  return updated;
}

export interface ClearRequest {
  task_ids?: string[];
  include_upstream: boolean;
  include_downstream: boolean;
  only_failed: boolean;
  only_running: boolean;
}

/** The task ids a clear reaches: the named ones (all if none) and, when asked, their relatives. */
export function clearedTaskIds(spec: DagSpec, request: ClearRequest): Set<string> {
  const ids = new Set(request.task_ids?.length ? request.task_ids : spec.tasks.map((task) => task.task_id));
  const downstream = downstreamOf(spec);
  const upstream = new Map(spec.tasks.map((task) => [task.task_id, task.upstream]));
  const spread = (edges: Map<string, string[]>) => {
    const queue = [...ids];
    for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
      for (const next of edges.get(id) ?? []) {
        if (ids.has(next)) continue;
        ids.add(next);
        queue.push(next);
      }
    }
  };
  if (request.include_downstream) spread(downstream);
  if (request.include_upstream) spread(upstream);
  return ids;
}

/** Task instances of a run that a clear would reset. */
export function toClear(tis: TiRow[], ids: Set<string>, request: ClearRequest): TiRow[] {
  return tis.filter((ti) => ids.has(ti.task_id) && (!request.only_failed || (ti.state !== null && ['failed', 'upstream_failed'].includes(ti.state))) && (!request.only_running || ti.state === 'running'));
}

/**
 * Resets task instances (their finished try goes to the tries table) and queues their run again:
 * the executor then runs them with the next try number.
 */
export async function clearTis(store: WorkflowStore, spec: DagSpec, run: RunRow, tis: TiRow[], now: number): Promise<void> {
  if (tis.length === 0) return;
  const retries = new Map(spec.tasks.map((task) => [task.task_id, task.retries]));
  const retried = tis.filter((ti) => ti.try_number > 0 && ti.state !== null).map(tryOf);
  // As Airflow: a cleared task gets its retries again, counted from the try it is at.
  const reset = tis.map((ti) => ({ ...ti, state: null, end_date: null, max_tries: ti.try_number + (retries.get(ti.task_id) ?? 0) }));
  await store.db.transaction(async (tx: Queryable) => {
    await store.putTries(retried, tx);
    await store.putTis(reset, tx);
    await store.updateRun({ ...run, state: 'queued', end_date: null, updated_at: now }, tx);
  });
}

/** Sets one task's instances (every map index) to success or failed; a finished run's state follows its leaves. */
export async function setTaskState(store: WorkflowStore, spec: DagSpec, run: RunRow, tis: TiRow[], state: 'success' | 'failed', now: number): Promise<void> {
  const changed = tis.map((ti) => ({ ...ti, state, end_date: now, start_date: ti.start_date ?? now }));
  await store.putTis(changed);
  if (run.state === 'success' || run.state === 'failed') {
    const all = await store.tis(run.dag_id, run.run_id);
    const states = new Map<string, (string | null)[]>();
    for (const ti of all) states.set(ti.task_id, [...(states.get(ti.task_id) ?? []), ti.state]);
    await store.updateRun({ ...run, state: runOutcome(spec, states), updated_at: now });
  }
}
