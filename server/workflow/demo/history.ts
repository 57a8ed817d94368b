import { nextLogicalDate } from '../cron';
import { branchChoice, downstreamOf, mapIndexes, readiness, runOutcome, topologicalOrder, type DagSpec, type TaskSpec } from '../model';
import { rng, type Rng } from '../rng';
import type { EventRow, RunRow, TiRow, TryRow, XComRow } from '../rows';

const DAY = 24 * 3600 * 1000;
/** How much history a DAG gets: the demo's own DAGs 90 days, the generated copies a few runs. */
export interface HistoryDepth {
  days: number;
  /** Sub-daily schedules keep their most recent runs only (a 30-minute schedule would make 4,320). */
  maxScheduledRuns: number;
  /** Manual runs, [least, most], for DAGs with and without a schedule. */
  manualRuns: { scheduled: [number, number]; unscheduled: [number, number] };
}

export const FULL_HISTORY: HistoryDepth = { days: 90, maxScheduledRuns: 100, manualRuns: { scheduled: [1, 4], unscheduled: [8, 15] } };
/** The generated copies' (CONSOLE_WORKFLOW_DEMO_DAGS): enough for a last run and a runs strip, cheap to seed. */
export const LIGHT_HISTORY: HistoryDepth = { days: 7, maxScheduledRuns: 2, manualRuns: { scheduled: [0, 1], unscheduled: [1, 2] } };
const RETRY_DELAY = 5 * 60 * 1000;
export const HOSTS = ['airflow-worker-0', 'airflow-worker-1', 'airflow-worker-2'];

export interface History {
  runs: RunRow[];
  tis: TiRow[];
  tries: TryRow[];
  xcoms: XComRow[];
  events: EventRow[];
  /** The logical date of the DAG's next scheduled run. */
  nextDagrun: number | null;
}

export const runIdOf = (type: string, at: number) => `${type}__${new Date(at).toISOString().replace('.000Z', '+00:00')}`;

/** `depth.days` (90 by default) of finished runs of one DAG, ending before `now`. */
export function dagHistory(spec: DagSpec, now: number, paused: boolean, depth: HistoryDepth = FULL_HISTORY): History {
  const r = rng(`history:${spec.dag_id}`);
  const history: History = { runs: [], tis: [], tries: [], xcoms: [], events: [], nextDagrun: null };
  const intervals = scheduledIntervals(spec, now, depth);
  const shape: Shape = { spec, order: topologicalOrder(spec), downstream: downstreamOf(spec) };
  for (const [start, end] of intervals) addRun(history, shape, r, { type: 'scheduled', logical: start, intervalEnd: end, startAt: end + r.int(2, 40) * 1000 });
  const [least, most] = spec.schedule === null ? depth.manualRuns.unscheduled : depth.manualRuns.scheduled;
  const manual = r.int(least, most);
  for (let i = 0; i < manual; i++) {
    const at = now - r.int(1, depth.days * 24) * 3600 * 1000 - i * 60_000;
    addRun(history, shape, r, { type: 'manual', logical: at, intervalEnd: at, startAt: at + r.int(1, 10) * 1000 });
    history.events.push(event(at, spec.dag_id, 'trigger', 'admin', runIdOf('manual', at)));
  }
  history.nextDagrun = intervals.length ? intervals[intervals.length - 1][1] : spec.schedule ? nextLogicalDate(spec.schedule, now - DAY) : null;
  if (paused) history.events.push(event(now - r.int(2, 20) * DAY, spec.dag_id, 'paused', spec.owners[0], null, '{"is_paused": true}'));
  return history;
}

function scheduledIntervals(spec: DagSpec, now: number, { days, maxScheduledRuns }: HistoryDepth): [number, number][] {
  if (spec.schedule === null) return [];
  const intervals: [number, number][] = [];
  const first = nextLogicalDate(spec.schedule, now - days * DAY)!;
  // Sub-daily schedules start late enough to make about the runs they keep.
  const period = nextLogicalDate(spec.schedule, first)! - first;
  let start = nextLogicalDate(spec.schedule, Math.max(first - 1, now - (maxScheduledRuns + 2) * period))!;
  for (;;) {
    const end = nextLogicalDate(spec.schedule, start)!;
    if (end > now - 60_000) break;
    intervals.push([start, end]);
    start = end;
  }
  return intervals.slice(-maxScheduledRuns);
}

interface RunPlan {
  type: 'scheduled' | 'manual';
  logical: number;
  intervalEnd: number;
  startAt: number;
}

/** What every run of a DAG needs, computed once per DAG. */
interface Shape {
  spec: DagSpec;
  order: TaskSpec[];
  downstream: Map<string, string[]>;
}

function addRun(history: History, shape: Shape, r: Rng, plan: RunPlan): void {
  const { spec, downstream } = shape;
  const run_id = runIdOf(plan.type, plan.logical);
  const states = new Map<string, (string | null)[]>();
  const ends = new Map<string, number>();
  const skippedByBranch = new Set<string>();
  const base = { dag_id: spec.dag_id, run_id };
  for (const task of shape.order) {
    const ready = task.upstream.length ? Math.max(...task.upstream.map((id) => ends.get(id)!)) : plan.startAt;
    const decision = skippedByBranch.has(task.task_id) ? 'skipped' : readiness(task.trigger_rule, task.upstream.flatMap((id) => states.get(id)!));
    const taskStates: (string | null)[] = [];
    let taskEnd = ready;
    for (const map_index of mapIndexes(task)) {
      const ti = decision === 'run' ? runTries(history, task, r, { ...base, map_index }, ready) : finalAt(task, { ...base, map_index }, decision, ready);
      history.tis.push(ti);
      taskStates.push(ti.state);
      taskEnd = Math.max(taskEnd, ti.end_date ?? ready);
      if (ti.state === 'success') addXcoms(history, task, ti, downstream.get(task.task_id)!, r, skippedByBranch);
      if (ti.state === 'failed') history.events.push({ ...event(ti.end_date!, spec.dag_id, 'failed', spec.owners[0], run_id), task_id: task.task_id, map_index, try_number: ti.try_number, logical_date: plan.logical });
    }
    states.set(task.task_id, taskStates);
    ends.set(task.task_id, taskEnd);
  }
  const end = Math.max(plan.startAt, ...ends.values());
  history.runs.push({
    ...base, state: runOutcome(spec, states, downstream), run_type: plan.type, logical_date: plan.logical,
    interval_start: plan.logical, interval_end: plan.intervalEnd,
    queued_at: plan.startAt - 1000, start_date: plan.startAt, end_date: end, conf: '{}', note: null,
    external_trigger: plan.type === 'manual' ? 1 : 0, updated_at: end,
  });
}

function finalAt(task: TaskSpec, key: Pick<TiRow, 'dag_id' | 'run_id' | 'map_index'>, state: string, at: number): TiRow {
  return { ...key, task_id: task.task_id, state, try_number: 0, max_tries: task.retries, queued_when: null, start_date: at, end_date: at, hostname: '', pid: null, note: null };
}

/** The tries of a task that ran: failures retried after the retry delay while retries last. */
function runTries(history: History, task: TaskSpec, r: Rng, key: Pick<TiRow, 'dag_id' | 'run_id' | 'map_index'>, ready: number): TiRow {
  let start = ready + r.int(1, 8) * 1000;
  for (let try_number = 1; ; try_number++) {
    const end = start + task.weight * r.int(15, 240) * 1000;
    const failed = r.chance(task.fail_rate);
    const hostname = r.pick(HOSTS);
    const pid = r.int(1000, 60000);
    const row = { ...key, task_id: task.task_id, try_number, queued_when: start - 1000, start_date: start, end_date: end, hostname, pid };
    if (!failed || try_number > task.retries) return { ...row, state: failed ? 'failed' : 'success', max_tries: task.retries, note: null };
    history.tries.push({ ...row, state: 'up_for_retry' });
    start = end + RETRY_DELAY;
  }
}

function addXcoms(history: History, task: TaskSpec, ti: TiRow, downstream: string[], r: Rng, skipped: Set<string>): void {
  const key = { dag_id: ti.dag_id, run_id: ti.run_id, task_id: ti.task_id, map_index: ti.map_index, timestamp: ti.end_date! };
  if (task.branch) {
    const followed = branchChoice(downstream, r.next());
    for (const id of downstream) if (!followed.includes(id)) skipped.add(id);
    history.xcoms.push({ ...key, key: 'return_value', value: JSON.stringify(followed[0] ?? null) });
    history.xcoms.push({ ...key, key: 'skipmixin_key', value: JSON.stringify({ followed }) });
  } else if (task.operator === 'PythonOperator') {
    const value = task.mapped === null ? { rows: r.int(1000, 500000) } : { partition: ti.map_index, rows: r.int(100, 90000) };
    history.xcoms.push({ ...key, key: 'return_value', value: JSON.stringify(value) });
  }
}

export function event(dttm: number, dag_id: string | null, name: string, owner: string | null, run_id: string | null = null, extra: string | null = null): EventRow {
  return { dttm, dag_id, task_id: null, run_id, map_index: null, try_number: null, event: name, logical_date: null, owner, extra };
}
