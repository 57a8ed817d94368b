import type {
  V1Dag,
  V1DagDetail,
  V1DagRun,
  V1EventLog,
  V1GraphData,
  V1GraphNode,
  V1GridData,
  V1GridNode,
  V1Schedule,
  V1Task,
  V1TaskInstance,
  V1XComEntry,
} from '../../../contracts/airflowV1';
import type { Dag, DagDetail, DagRun, EventLogEntry, GraphData, GraphNode, GridCell, GridData, GridNode, Task, TaskInstance, XComEntry } from '../../../contracts/workflow';
import { oldestFirst } from '../../model/workflow/grid';
import { groupPath } from '../../model/workflow/groups';
import { childStates, dagDetailFrom, taskInstanceFrom, taskState, xcomFrom } from './workflow.map';

/** Airflow 2's REST API v1 shapes → the console's model (contracts/workflow.ts). */

/** Python's str(timedelta): '1 day, 0:00:00', '0:30:00'. */
export function timedeltaText(days: number, seconds: number): string {
  const clock = `${Math.floor(seconds / 3600)}:${String(Math.floor((seconds % 3600) / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
  return days === 0 ? clock : `${days} day${Math.abs(days) === 1 ? '' : 's'}, ${clock}`;
}

function scheduleText(schedule: V1Schedule, timetable: string | null): string | null {
  if (!schedule) return null;
  if (schedule.__type === 'CronExpression') return schedule.value;
  if (schedule.__type === 'TimeDelta') return timedeltaText(schedule.days, schedule.seconds);
  return timetable;
}

export function dagFromV1(dag: V1Dag): Dag {
  return {
    id: dag.dag_id,
    displayName: dag.dag_display_name || dag.dag_id,
    description: dag.description,
    isPaused: dag.is_paused ?? false,
    isActive: dag.is_active ?? true,
    owners: dag.owners ?? [],
    tags: (dag.tags ?? []).map((tag) => tag.name),
    schedule: scheduleText(dag.schedule_interval, dag.timetable_description),
    nextRun: dag.next_dagrun_create_after ?? dag.next_dagrun,
    sourceKey: dag.file_token,
    fileloc: dag.fileloc,
    hasImportErrors: dag.has_import_errors ?? false,
    maxActiveRuns: dag.max_active_runs,
  };
}

export function dagDetailFromV1(dag: V1DagDetail): DagDetail {
  return dagDetailFrom(dagFromV1(dag), dag);
}

export function runFromV1(run: V1DagRun): DagRun {
  const logicalDate = run.logical_date ?? run.execution_date;
  return {
    dagId: run.dag_id,
    runId: run.dag_run_id,
    state: run.state,
    runType: run.run_type,
    logicalDate,
    // Airflow 2 runs have no run_after: they are due at their logical date.
    runAfter: logicalDate,
    queuedAt: null,
    startDate: run.start_date,
    endDate: run.end_date,
    conf: run.conf ?? {},
    note: run.note,
    // v1 tells only whether the run came from outside the scheduler.
    triggeredBy: run.external_trigger ? 'external' : run.run_type === 'scheduled' ? 'timetable' : null,
  };
}

export function taskFromV1(task: V1Task): Task {
  return {
    id: task.task_id,
    operator: task.class_ref?.class_name ?? 'BaseOperator',
    downstream: task.downstream_task_ids ?? [],
    isMapped: task.is_mapped ?? false,
    retries: task.retries ?? 0,
    triggerRule: task.trigger_rule ?? 'all_success',
    docMd: task.doc_md ?? null,
    groups: groupPath(task.task_id),
  };
}

export const taskInstanceFromV1 = (ti: V1TaskInstance): TaskInstance => taskInstanceFrom(ti);
export const xcomFromV1 = (entry: V1XComEntry): XComEntry => xcomFrom(entry);

export function eventFromV1(event: V1EventLog): EventLogEntry {
  return {
    id: event.event_log_id,
    when: event.when,
    event: event.event,
    dagId: event.dag_id,
    taskId: event.task_id,
    runId: event.run_id,
    tryNumber: event.try_number,
    owner: event.owner,
    extra: event.extra,
  };
}

/** Airflow 2.10's grid_data view: its run list lacks dag_id and names the run run_id. */
export function gridFromV1(dagId: string, grid: V1GridData): GridData {
  const runs = grid.dag_runs.map((run) =>
    runFromV1({ ...run, dag_id: dagId, dag_run_id: run.run_id, logical_date: run.execution_date } as V1DagRun),
  );
  return { runs: oldestFirst(runs), nodes: (grid.groups.children ?? []).map(gridNodeFromV1) };
}

function gridNodeFromV1(node: V1GridNode): GridNode {
  const id = node.id ?? '';
  const instances: Record<string, GridCell> = {};
  for (const ti of node.instances) {
    const cell: GridCell = { state: taskState(ti.state), tryNumber: ti.try_number ?? 0, startDate: ti.start_date, endDate: ti.end_date };
    if (ti.mapped_states) cell.childStates = childStates(ti.mapped_states);
    instances[ti.run_id] = cell;
  }
  return {
    id,
    label: node.label ?? id,
    isGroup: Array.isArray(node.children),
    isMapped: node.is_mapped ?? false,
    operator: node.operator ?? null,
    children: (node.children ?? []).map(gridNodeFromV1),
    instances,
  };
}

/** Airflow 2.10's graph_data view: a nested node tree under a root without id, edges by id. */
export function graphFromV1(graph: V1GraphData): GraphData {
  const toNode = (node: V1GraphNode): GraphNode => {
    const id = node.id ?? '';
    return {
      id,
      label: node.value?.label ?? id,
      operator: null,
      isGroup: Array.isArray(node.children),
      isMapped: false,
      children: (node.children ?? []).map(toNode),
    };
  };
  const nodes = graph.nodes.id === null ? (graph.nodes.children ?? []).map(toNode) : [toNode(graph.nodes)];
  return { nodes, edges: graph.edges.map((edge) => ({ source: edge.source_id, target: edge.target_id })) };
}
