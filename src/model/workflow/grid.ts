import type { DagRun, GridCell, GridData, GridNode, Task, TaskInstance } from '../../../contracts/workflow';
import { groupPath, shortLabel, topologicalOrder } from './groups';
import { summaryCell } from './states';

/**
 * The grid (recent runs × tasks) built from what every Airflow API lists: tasks, runs and task
 * instances. Used where the upstream has no grid view of its own (a real Airflow 2 without the
 * webserver's grid_data, an Airflow 3 without its /ui API), so both look the same.
 */
export function buildGrid(tasks: readonly Task[], runs: readonly DagRun[], instances: readonly TaskInstance[]): GridData {
  const byTask = new Map<string, TaskInstance[]>();
  for (const ti of instances) {
    const list = byTask.get(ti.taskId);
    if (list) list.push(ti);
    else byTask.set(ti.taskId, [ti]);
  }
  const nodes = taskTree(tasks, (task) => taskCells(task, byTask.get(task.id) ?? []));
  for (const node of nodes) summarizeGroups(node);
  return { runs: oldestFirst(runs), nodes };
}

/** Oldest first by run_after (the time axis every run has), as the grid draws them left to right. */
export function oldestFirst(runs: readonly DagRun[]): DagRun[] {
  return [...runs].sort((a, b) => a.runAfter.localeCompare(b.runAfter) || a.runId.localeCompare(b.runId));
}

/** Tasks in dependency order, nested under the groups their ids name; groups appear where their first task does. */
export function taskTree(tasks: readonly Task[], instancesOf: (task: Task) => GridNode['instances']): GridNode[] {
  const byId = new Map(tasks.map((t) => [t.id, t]));
  const roots: GridNode[] = [];
  const groups = new Map<string, GridNode>();
  const childrenOf = (groupId: string | undefined) => (groupId === undefined ? roots : groups.get(groupId)!.children);
  for (const id of topologicalOrder(tasks)) {
    const task = byId.get(id)!;
    const path = task.groups.length > 0 ? task.groups : groupPath(task.id);
    path.forEach((groupId, depth) => {
      if (groups.has(groupId)) return;
      const group: GridNode = { id: groupId, label: shortLabel(groupId), isGroup: true, isMapped: false, operator: null, children: [], instances: {} };
      groups.set(groupId, group);
      childrenOf(path[depth - 1]).push(group);
    });
    childrenOf(path.at(-1)).push({
      id: task.id,
      label: shortLabel(task.id),
      isGroup: false,
      isMapped: task.isMapped,
      operator: task.operator,
      children: [],
      instances: instancesOf(task),
    });
  }
  return roots;
}

/** One cell per run: the instance itself, or for a mapped task the summary of its map indexes. */
function taskCells(task: Task, instances: readonly TaskInstance[]): Record<string, GridCell> {
  const byRun = new Map<string, TaskInstance[]>();
  for (const ti of instances) {
    const list = byRun.get(ti.runId);
    if (list) list.push(ti);
    else byRun.set(ti.runId, [ti]);
  }
  const cells: Record<string, GridCell> = {};
  for (const [runId, list] of byRun) {
    const expanded = list.filter((ti) => ti.mapIndex >= 0);
    if (task.isMapped || expanded.length > 0) {
      cells[runId] = expanded.length > 0 ? summaryCell(expanded.map(cellOf)) : { ...cellOf(list[0]!), childStates: {} };
    } else {
      cells[runId] = cellOf(list[0]!);
    }
  }
  return cells;
}

const cellOf = (ti: TaskInstance): GridCell => ({ state: ti.state, tryNumber: ti.tryNumber, startDate: ti.startDate, endDate: ti.endDate });

/**
 * Fills each group's cells from the task instances below it (a mapped task counts each of its
 * instances), by Airflow's rule; answers the leaf cells per run for the group above.
 */
function summarizeGroups(node: GridNode): Map<string, GridCell[]> {
  const leaves = new Map<string, GridCell[]>();
  const add = (runId: string, cells: GridCell[]) => {
    const list = leaves.get(runId);
    if (list) for (const cell of cells) list.push(cell);
    else leaves.set(runId, [...cells]);
  };
  if (!node.isGroup) {
    for (const [runId, cell] of Object.entries(node.instances)) add(runId, cell.childStates && node.isMapped ? expand(cell) : [cell]);
    return leaves;
  }
  for (const child of node.children) for (const [runId, cells] of summarizeGroups(child)) add(runId, cells);
  for (const [runId, cells] of leaves) node.instances[runId] = summaryCell(cells);
  return leaves;
}

/** A mapped task's summary stands for one cell per map index in its group's counts. */
function expand(cell: GridCell): GridCell[] {
  const counts = Object.entries(cell.childStates ?? {});
  if (counts.length === 0) return [cell];
  return counts.flatMap(([state, count]) =>
    Array.from({ length: count ?? 0 }, (): GridCell => ({ state: state === 'no_status' ? null : (state as GridCell['state']), tryNumber: cell.tryNumber, startDate: cell.startDate, endDate: cell.endDate })),
  );
}
