/**
 * The embedded workflow server's own definition of a DAG (stored as JSON in wf_dags.spec) and the
 * scheduling rules the live executor and the demo history share: trigger rules, branches, order.
 */

export type TriggerRule = 'all_success' | 'one_success' | 'none_failed' | 'none_failed_min_one_success' | 'all_done';

export type ScheduleSpec = { kind: 'cron'; expression: string } | { kind: 'delta'; seconds: number } | null;

export interface TaskSpec {
  /** The full id: `group.task` inside a TaskGroup, as Airflow names it. */
  task_id: string;
  /** The TaskGroup the task is in, or null at the top. */
  group: string | null;
  operator: string;
  module: string;
  upstream: string[];
  trigger_rule: TriggerRule;
  retries: number;
  /** A mapped task's number of map indexes (`.expand()` over a fixed list), or null. */
  mapped: number | null;
  /** A BranchPythonOperator: on success it follows one of its downstream tasks and skips the others. */
  branch: boolean;
  /** The chance that one try fails (the demo's flaky tasks); 0 for tasks that always succeed. */
  fail_rate: number;
  /** How long the task runs, in multiples of the executor's task time. */
  weight: number;
  /** Template fields as rendered (bash_command, sql, ...). */
  templates: Record<string, string>;
  doc_md: string | null;
  /** Writes a very long log (the log viewer's stress case). */
  big_log: boolean;
}

export interface GroupSpec {
  group_id: string;
  tooltip: string;
  parent: string | null;
}

export interface DagSpec {
  dag_id: string;
  description: string | null;
  owners: string[];
  tags: string[];
  schedule: ScheduleSpec;
  /** The schedule as the DAG file writes it ('@daily', '0 6 * * 1-5', 'timedelta(hours=6)'). */
  schedule_text: string | null;
  start_date: number;
  catchup: boolean;
  max_active_runs: number;
  max_active_tasks: number;
  doc_md: string | null;
  fileloc: string;
  file_token: string;
  params: Record<string, unknown>;
  groups: GroupSpec[];
  tasks: TaskSpec[];
}

export const FINISHED_TASK_STATES = new Set(['success', 'failed', 'upstream_failed', 'skipped', 'removed']);
export const FAILED_STATES = new Set(['failed', 'upstream_failed']);

/** What a task waiting to run should do now, given its upstream tasks' states. */
export type Readiness = 'wait' | 'run' | 'skipped' | 'upstream_failed';

/**
 * Airflow's trigger rules, over the states of all upstream task instances (every map index of a
 * mapped upstream). all_success skips when an upstream was skipped, as Airflow does.
 */
export function readiness(rule: TriggerRule, upstream: (string | null)[]): Readiness {
  let done = 0;
  let failed = 0;
  let successes = 0;
  let skipped = 0;
  for (const state of upstream) {
    if (state === null || !FINISHED_TASK_STATES.has(state)) continue;
    done++;
    if (FAILED_STATES.has(state)) failed++;
    else if (state === 'success') successes++;
    else if (state === 'skipped') skipped++;
  }
  const allDone = done === upstream.length;
  switch (rule) {
    case 'all_success':
      if (failed > 0) return 'upstream_failed';
      if (skipped > 0) return 'skipped';
      return allDone ? 'run' : 'wait';
    case 'one_success':
      if (successes > 0) return 'run';
      if (!allDone) return 'wait';
      return failed > 0 ? 'upstream_failed' : 'skipped';
    case 'none_failed':
      if (failed > 0) return 'upstream_failed';
      return allDone ? 'run' : 'wait';
    case 'none_failed_min_one_success':
      if (failed > 0) return 'upstream_failed';
      if (!allDone) return 'wait';
      return successes > 0 || upstream.length === 0 ? 'run' : 'skipped';
    case 'all_done':
      return allDone ? 'run' : 'wait';
  }
}

/** Tasks downstream of each task. */
export function downstreamOf(spec: DagSpec): Map<string, string[]> {
  const downstream = new Map<string, string[]>(spec.tasks.map((task) => [task.task_id, []]));
  for (const task of spec.tasks) for (const up of task.upstream) downstream.get(up)?.push(task.task_id);
  return downstream;
}

/** Task ids ordered so that every task comes after its upstream tasks (the spec is acyclic). */
export function topologicalOrder(spec: DagSpec): TaskSpec[] {
  const byId = new Map(spec.tasks.map((task) => [task.task_id, task]));
  const ordered: TaskSpec[] = [];
  const seen = new Set<string>();
  const visit = (task: TaskSpec) => {
    if (seen.has(task.task_id)) return;
    seen.add(task.task_id);
    for (const up of task.upstream) visit(byId.get(up)!);
    ordered.push(task);
  };
  spec.tasks.forEach(visit);
  return ordered;
}

/** Map indexes of a task's instances: [-1] for a plain task, 0..n-1 for a mapped one. */
export function mapIndexes(task: TaskSpec): number[] {
  return task.mapped === null ? [-1] : Array.from({ length: task.mapped }, (_, i) => i);
}

/** The task the branch follows, chosen from its downstream tasks by a number in [0, 1). */
export function branchChoice(downstream: string[], pick: number): string[] {
  return downstream.length === 0 ? [] : [downstream[Math.floor(pick * downstream.length)]];
}

/** A run fails when one of its leaves (tasks nobody depends on) failed, as in Airflow. */
export function runOutcome(spec: DagSpec, states: Map<string, (string | null)[]>, downstream = downstreamOf(spec)): 'success' | 'failed' {
  const leaves = spec.tasks.filter((task) => downstream.get(task.task_id)!.length === 0);
  return leaves.some((task) => (states.get(task.task_id) ?? []).some((state) => state !== null && FAILED_STATES.has(state))) ? 'failed' : 'success';
}
