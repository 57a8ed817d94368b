import type { AffectedTaskInstance, ClearRequest, MarkRequest, TaskInstance } from '../../../contracts/workflow';

/** Airflow 2's dry run answers TaskInstanceReferences (no state, no map index). */
export interface V1TaskInstanceReference {
  task_id: string;
  dag_run_id: string;
}

/** Runs whose instances are read to say the states; a Past/Future clear of more runs lists the ids only. */
export const STATE_LOOKUP_RUNS = 10;

const FAILED = new Set(['failed', 'upstream_failed']);

/**
 * The references with the state and map index of the instances they stand for, where the run's
 * instances were read (`instances` by run id): a task's instances that the action picks stand in
 * when their number matches the references'; otherwise state stays unknown.
 */
export function affectedFromV1(references: V1TaskInstanceReference[], instances: Map<string, TaskInstance[]>, picks: (ti: TaskInstance) => boolean): AffectedTaskInstance[] {
  const groups = new Map<string, V1TaskInstanceReference[]>();
  for (const ref of references) {
    const key = JSON.stringify([ref.dag_run_id, ref.task_id]);
    groups.set(key, [...(groups.get(key) ?? []), ref]);
  }
  const affected: AffectedTaskInstance[] = [];
  for (const refs of groups.values()) {
    const { dag_run_id: runId, task_id: taskId } = refs[0];
    const candidates = (instances.get(runId) ?? []).filter((ti) => ti.taskId === taskId && picks(ti));
    if (candidates.length === refs.length) affected.push(...candidates.map((ti) => ({ taskId, runId, mapIndex: ti.mapIndex, state: ti.state })));
    else affected.push(...refs.map(() => ({ taskId, runId, mapIndex: null, state: null })));
  }
  return affected;
}

/** The instances a clear picks: only failed ones when asked. */
export const clearPicks = (request: ClearRequest) => (ti: TaskInstance) => !request.onlyFailed || FAILED.has(ti.state ?? '');

/** The instances a mark picks: Airflow leaves out those already in the new state; a mapped task's one index only. */
export const markPicks = (request: MarkRequest) => (ti: TaskInstance) => ti.state !== request.state && (request.mapIndex < 0 || ti.mapIndex === request.mapIndex);
