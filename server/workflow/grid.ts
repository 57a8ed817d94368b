import type { V1GraphData, V1GraphNode, V1GridData, V1GridInstance, V1GridNode } from '../../contracts/airflowV1';
import { topologicalOrder, type DagSpec, type GroupSpec, type TaskSpec } from './model';
import { iso, presentRun } from './present';
import type { RunRow, TiRow } from './rows';

/** Airflow's order for summarising several states as one (a group's, a mapped task's). */
const PRIORITY = ['failed', 'upstream_failed', 'up_for_retry', 'up_for_reschedule', 'queued', 'scheduled', 'deferred', 'running', 'restarting', null, 'success', 'skipped', 'removed'];

export function summaryState(states: (string | null)[]): string | null {
  if (states.length === 0) return null;
  return PRIORITY.find((state) => states.includes(state as string | null)) ?? null;
}

type Member = { kind: 'task'; task: TaskSpec } | { kind: 'group'; group: GroupSpec };

/** The members of a group (null: the DAG's top level), in dependency order (a group where its first task falls). */
function members(spec: DagSpec, groupId: string | null, order: TaskSpec[]): Member[] {
  const result: Member[] = [];
  const seen = new Set<string>();
  for (const task of order) {
    const path = task.group === null ? [] : ancestry(spec, task.group);
    const inside = groupId === null ? path : path.slice(path.indexOf(groupId) + 1);
    if (groupId !== null && !path.includes(groupId)) continue;
    if (inside.length === 0) result.push({ kind: 'task', task });
    else if (!seen.has(inside[0])) {
      seen.add(inside[0]);
      result.push({ kind: 'group', group: spec.groups.find((group) => group.group_id === inside[0])! });
    }
  }
  return result;
}

/** Group ids from the top down to groupId. */
function ancestry(spec: DagSpec, groupId: string): string[] {
  const path: string[] = [];
  for (let id: string | null = groupId; id !== null; id = spec.groups.find((group) => group.group_id === id)?.parent ?? null) path.unshift(id);
  return path;
}

const labelOf = (id: string) => id.slice(id.lastIndexOf('.') + 1);

/** Airflow 2.10's /grid_data: the task tree with each run's instances, and the runs oldest first. */
export function gridData(spec: DagSpec, runs: RunRow[], tis: TiRow[]): V1GridData {
  const byTask = new Map<string, TiRow[]>();
  for (const ti of tis) byTask.set(ti.task_id, [...(byTask.get(ti.task_id) ?? []), ti]);
  const order = topologicalOrder(spec);
  const taskNode = (task: TaskSpec): V1GridNode => ({
    id: task.task_id,
    label: labelOf(task.task_id),
    instances: runs.flatMap((run) => taskInstance(task, run, (byTask.get(task.task_id) ?? []).filter((ti) => ti.run_id === run.run_id))),
    is_mapped: task.mapped !== null,
    operator: task.operator,
    trigger_rule: task.trigger_rule,
    has_outlet_datasets: false,
  });
  const groupNode = (group: GroupSpec): V1GridNode => {
    const children = members(spec, group.group_id, order).map((member) => (member.kind === 'task' ? taskNode(member.task) : groupNode(member.group)));
    return { id: group.group_id, label: labelOf(group.group_id), tooltip: group.tooltip, children, instances: runs.map((run) => summary(group.group_id, run, children)) };
  };
  const children = members(spec, null, order).map((member) => (member.kind === 'task' ? taskNode(member.task) : groupNode(member.group)));
  return {
    groups: { id: null, label: null, instances: [], children },
    dag_runs: runs.map((run) => {
      const { dag_id: _dag, dag_run_id, logical_date: _logical, ...rest } = presentRun(run);
      const duration = run.start_date !== null && run.end_date !== null ? (run.end_date - run.start_date) / 1000 : null;
      return { ...rest, run_id: dag_run_id, queued_at: iso(run.queued_at), conf_is_json: true, duration };
    }),
    ordering: ['data_interval_end', 'execution_date'],
    errors: [],
  };
}

function taskInstance(task: TaskSpec, run: RunRow, tis: TiRow[]): V1GridInstance[] {
  if (tis.length === 0) return [];
  const base = (ti: TiRow) => ({ run_id: run.run_id, task_id: task.task_id, try_number: ti.try_number, note: ti.note, queued_dttm: iso(ti.queued_when) });
  if (task.mapped === null) return [{ ...base(tis[0]), state: tis[0].state, start_date: iso(tis[0].start_date), end_date: iso(tis[0].end_date) }];
  const mapped_states: Record<string, number> = {};
  for (const ti of tis) mapped_states[ti.state ?? 'no_status'] = (mapped_states[ti.state ?? 'no_status'] ?? 0) + 1;
  const starts = tis.map((ti) => ti.start_date).filter((at): at is number => at !== null);
  const ends = tis.map((ti) => ti.end_date).filter((at): at is number => at !== null);
  return [{
    ...base(tis[0]), state: summaryState(tis.map((ti) => ti.state)), mapped_states,
    start_date: starts.length ? iso(Math.min(...starts)) : null, end_date: ends.length === tis.length ? iso(Math.max(...ends)) : null,
  }];
}

function summary(groupId: string, run: RunRow, children: V1GridNode[]): V1GridInstance {
  const instances = children.flatMap((child) => child.instances.filter((instance) => instance.run_id === run.run_id));
  const starts = instances.map((instance) => instance.start_date).filter((at): at is string => at !== null).sort();
  const ends = instances.map((instance) => instance.end_date).filter((at): at is string => at !== null).sort();
  return {
    run_id: run.run_id, task_id: groupId, state: summaryState(instances.map((instance) => instance.state)), try_number: 0,
    start_date: starts[0] ?? null, end_date: ends.length && ends.length === instances.length ? ends[ends.length - 1] : null, queued_dttm: null, note: null,
  };
}

/** Airflow 2.10's /graph_data: nested nodes (groups hold their children) and the task edges. */
export function graphData(spec: DagSpec): V1GraphData {
  const order = topologicalOrder(spec);
  const node = (member: Member): V1GraphNode => {
    if (member.kind === 'task') {
      const { task } = member;
      const fill = task.operator === 'EmptyOperator' ? '#e8f7e4' : task.operator === 'BashOperator' ? '#f0ede4' : '#ffefeb';
      return { id: task.task_id, value: { label: labelOf(task.task_id), labelStyle: 'fill:#000;', style: `fill:${fill};`, rx: 5, ry: 5 } };
    }
    const { group } = member;
    return {
      id: group.group_id,
      value: { label: labelOf(group.group_id), labelStyle: 'fill:#000;', style: 'fill:CornflowerBlue', rx: 5, ry: 5, clusterLabel: labelOf(group.group_id) },
      tooltip: group.tooltip,
      children: members(spec, group.group_id, order).map(node),
    };
  };
  return {
    arrange: 'LR',
    nodes: { id: null, value: { label: '' }, children: members(spec, null, order).map(node) },
    edges: spec.tasks.flatMap((task) => task.upstream.map((up) => ({ source_id: up, target_id: task.task_id }))),
  };
}
