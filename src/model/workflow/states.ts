import type { GridCell, TaskState } from '../../../contracts/workflow';

/**
 * Airflow's order for summing up several task states into one (a task group's, or a mapped
 * task's, cell in the grid): the first state in this list that any child has wins, so a failure
 * shows through a group of successes, and a group is only 'success' once nothing is pending.
 */
export const STATE_PRIORITY: readonly TaskState[] = [
  'failed',
  'upstream_failed',
  'up_for_retry',
  'up_for_reschedule',
  'queued',
  'scheduled',
  'deferred',
  'running',
  'restarting',
  null,
  'success',
  'skipped',
  'removed',
];

/** The state a group shows for its children's states; null (no status) when it has none. */
export function groupState(states: readonly TaskState[]): TaskState {
  if (states.length === 0) return null;
  const present = new Set(states);
  return STATE_PRIORITY.find((state) => present.has(state)) ?? null;
}

type ChildStates = NonNullable<GridCell['childStates']>;

/** How many children are in each state; 'no_status' for those without one. */
export function countStates(states: readonly TaskState[]): ChildStates {
  const counts: ChildStates = {};
  for (const state of states) {
    const key = state ?? 'no_status';
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

/** The summary cell of several cells: worst state, earliest start, latest end, state counts. */
export function summaryCell(cells: readonly GridCell[]): GridCell {
  let startDate: string | null = null;
  let endDate: string | null = null;
  let tryNumber = 0;
  for (const cell of cells) {
    if (cell.startDate !== null && (startDate === null || cell.startDate < startDate)) startDate = cell.startDate;
    if (cell.endDate !== null && (endDate === null || cell.endDate > endDate)) endDate = cell.endDate;
    tryNumber = Math.max(tryNumber, cell.tryNumber);
  }
  const states = cells.map((c) => c.state);
  return { state: groupState(states), tryNumber, startDate, endDate, childStates: countStates(states) };
}
