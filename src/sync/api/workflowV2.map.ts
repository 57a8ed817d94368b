import type { V2Dag, V2DagDetail, V2DagRun, V2EventLog, V2GridNode, V2GridRun, V2GridTISummaries, V2LogRecord, V2StructureData, V2Task, V2TaskInstance } from '../../../contracts/airflowV2';
import type { AffectedTaskInstance, Dag, DagDetail, DagRun, EventLogEntry, GraphData, GraphNode, GridCell, GridData, GridNode, Task } from '../../../contracts/workflow';
import { collapseJoins } from '../../model/workflow/graph';
import { oldestFirst } from '../../model/workflow/grid';
import { groupPath } from '../../model/workflow/groups';
import { recordText } from '../../model/workflow/logRecord';
import { summaryCell } from '../../model/workflow/states';
import { childStates, dagDetailFrom, taskInstanceFrom, taskState, xcomFrom } from './workflow.map';
import { eventFromV1 } from './workflowV1.map';

/** Airflow 3's REST API v2 shapes → the console's model (contracts/workflow.ts). */

export function dagFromV2(dag: V2Dag): Dag {
  return {
    id: dag.dag_id,
    displayName: dag.dag_display_name || dag.dag_id,
    description: dag.description,
    isPaused: dag.is_paused,
    isActive: !dag.is_stale,
    owners: dag.owners,
    tags: dag.tags.map((tag) => tag.name),
    schedule: dag.timetable_summary,
    nextRun: dag.next_dagrun_run_after ?? dag.next_dagrun_logical_date,
    // v2 reads the source by dag_id; file_token only serves reparsing.
    sourceKey: dag.dag_id,
    fileloc: dag.fileloc,
    hasImportErrors: dag.has_import_errors,
    maxActiveRuns: dag.max_active_runs,
  };
}

export function dagDetailFromV2(dag: V2DagDetail): DagDetail {
  return dagDetailFrom(dagFromV2(dag), dag);
}

export function runFromV2(run: V2DagRun): DagRun {
  return {
    dagId: run.dag_id,
    runId: run.dag_run_id,
    state: run.state,
    runType: run.run_type,
    logicalDate: run.logical_date,
    runAfter: run.run_after,
    queuedAt: run.queued_at,
    startDate: run.start_date,
    endDate: run.end_date,
    conf: run.conf ?? {},
    note: run.note,
    triggeredBy: run.triggered_by,
  };
}

export function taskFromV2(task: V2Task): Task {
  const id = task.task_id ?? '';
  return {
    id,
    operator: task.operator_name ?? task.class_ref?.class_name ?? 'BaseOperator',
    downstream: task.downstream_task_ids ?? [],
    isMapped: task.is_mapped ?? false,
    retries: task.retries ?? 0,
    triggerRule: task.trigger_rule ?? 'all_success',
    docMd: task.doc_md,
    groups: groupPath(id),
  };
}

export const taskInstanceFromV2 = taskInstanceFrom;

/** A task instance a dry run lists (Clear's, Mark's), as the dialogs show it. */
export function affectedFromV2(ti: V2TaskInstance): AffectedTaskInstance {
  const { taskId, runId, mapIndex, state } = taskInstanceFrom(ti);
  return { taskId, runId, mapIndex, state };
}
export const xcomFromV2 = xcomFrom;

export const eventFromV2 = (event: V2EventLog): EventLogEntry => eventFromV1({ ...event, map_index: null, execution_date: null });

/** v2's log content, a list of structured records (or plain lines), as text: one line (or more) each. */
export function logText(content: readonly (V2LogRecord | string)[]): string {
  return content.map((item) => `${recordText(item)}\n`).join('');
}

export function gridRunFromV2(run: V2GridRun): DagRun {
  return {
    dagId: run.dag_id, runId: run.run_id, state: run.state ?? 'queued', runType: run.run_type, logicalDate: null, runAfter: run.run_after,
    queuedAt: run.queued_at, startDate: run.start_date, endDate: run.end_date, conf: {}, note: null, triggeredBy: null,
  };
}

/** The /ui grid: the structure tree, the runs, and per run one summary per task or group. */
export function gridFromV2(structure: V2GridNode[], runs: V2GridRun[], summaries: V2GridTISummaries[]): GridData {
  const cells = new Map<string, Record<string, GridCell>>();
  for (const summary of summaries) {
    for (const ti of summary.task_instances) {
      const cell: GridCell = { state: taskState(ti.state), tryNumber: 0, startDate: ti.min_start_date, endDate: ti.max_end_date };
      if (ti.child_states) cell.childStates = childStates(ti.child_states);
      cells.set(ti.task_id, { ...(cells.get(ti.task_id) ?? {}), [summary.run_id]: cell });
    }
  }
  const toNode = (node: V2GridNode): GridNode => {
    const children = (node.children ?? []).map(toNode);
    const instances = cells.get(node.id) ?? {};
    // A group the summaries leave out still shows its children's worst state.
    if (children.length > 0) {
      for (const run of runs) {
        const below = children.map((c) => c.instances[run.run_id]).filter((c): c is GridCell => c !== undefined);
        if (!instances[run.run_id] && below.length > 0) instances[run.run_id] = summaryCell(below);
      }
    }
    return { id: node.id, label: node.label, isGroup: Array.isArray(node.children) && node.children.length > 0, isMapped: node.is_mapped ?? false, operator: null, children, instances };
  };
  return { runs: oldestFirst(runs.map(gridRunFromV2)), nodes: structure.map(toNode) };
}

/** structure_data: nodes (groups nested), edges; the join nodes inside groups are collapsed (model/workflow/graph.ts). */
export function graphFromV2(data: V2StructureData): GraphData {
  const joins = new Set<string>();
  const toNode = (node: V2StructureData['nodes'][number]): GraphNode => {
    if (node.type === 'join') joins.add(node.id);
    return {
      id: node.id,
      // Any other node without a label is still named: never a blank box.
      label: node.label || node.id,
      operator: node.operator ?? null,
      isGroup: node.type === 'task_group' || (node.children?.length ?? 0) > 0,
      isMapped: node.is_mapped ?? false,
      children: (node.children ?? []).map(toNode),
    };
  };
  const nodes = data.nodes.map(toNode);
  return collapseJoins({ nodes, edges: data.edges.map((edge) => ({ source: edge.source_id, target: edge.target_id })) }, joins);
}
