import type { DagRun, GridCell, GridNode, TaskState } from '../../../../contracts/workflow';

/** A row of the grid: a task or group of the tree, at its depth, whether it is open. */
export interface GridRowItem {
  node: GridNode;
  depth: number;
  expanded: boolean;
}

/** The tree as rows, depth first, children of collapsed groups left out. */
export function flattenGrid(nodes: readonly GridNode[], collapsed: ReadonlySet<string>): GridRowItem[] {
  const rows: GridRowItem[] = [];
  const walk = (list: readonly GridNode[], depth: number) => {
    for (const node of list) {
      const expanded = node.isGroup && !collapsed.has(node.id);
      rows.push({ node, depth, expanded });
      if (expanded) walk(node.children, depth + 1);
    }
  };
  walk(nodes, 0);
  return rows;
}

export type StateKey = NonNullable<TaskState> | 'no_status';

/** Airflow's state colours (its STATE_COLORS), so the grid reads as Airflow users expect. */
export const STATE_COLORS: Record<StateKey, string> = {
  success: '#008000',
  failed: '#ff0000',
  running: '#00ff00',
  queued: '#808080',
  up_for_retry: '#ffd700',
  up_for_reschedule: '#40e0d0',
  upstream_failed: '#ffa500',
  skipped: '#ff69b4',
  scheduled: '#d2b48c',
  deferred: '#9370db',
  removed: '#d3d3d3',
  restarting: '#ee82ee',
  no_status: '#ffffff',
};

/** The legend's order: the common states first. */
export const LEGEND_STATES: StateKey[] = [
  'success', 'failed', 'running', 'queued', 'scheduled', 'up_for_retry', 'upstream_failed', 'skipped',
  'deferred', 'up_for_reschedule', 'restarting', 'removed', 'no_status',
];

export const stateKey = (state: TaskState | undefined): StateKey => state ?? 'no_status';

export function stateLabel(state: TaskState | undefined | StateKey): string {
  const key = state ?? 'no_status';
  return key === 'no_status' ? 'no status' : key.replace(/_/g, ' ');
}

/** Seconds between two ISO times; a start without an end runs until `now`. Null without a start. */
export function durationSeconds(start: string | null, end: string | null, now: number): number | null {
  if (!start) return null;
  const from = Date.parse(start);
  const to = end ? Date.parse(end) : now;
  if (Number.isNaN(from) || Number.isNaN(to)) return null;
  return Math.max(0, (to - from) / 1000);
}

/** Bar heights for the run headers, as Airflow draws them: proportional to the longest run, never under `min` px. */
export function barHeights(runs: readonly DagRun[], max: number, now: number, min = 3): number[] {
  const durations = runs.map((run) => durationSeconds(run.startDate, run.endDate, now) ?? 0);
  const longest = Math.max(0, ...durations);
  return durations.map((d) => (longest === 0 ? min : Math.max(min, Math.round((d / longest) * max))));
}

/** 0.4 s, 42 s, 3m 05s, 2h 07m, 3d 4h. */
export function formatDuration(seconds: number | null): string {
  if (seconds === null) return '—';
  if (seconds < 10) return `${Math.round(seconds * 10) / 10} s`;
  if (seconds < 60) return `${Math.round(seconds)} s`;
  const s = Math.round(seconds);
  const pad = (n: number) => String(n).padStart(2, '0');
  if (s < 3600) return `${Math.floor(s / 60)}m ${pad(s % 60)}s`;
  if (s < 86_400) return `${Math.floor(s / 3600)}h ${pad(Math.floor((s % 3600) / 60))}m`;
  return `${Math.floor(s / 86_400)}d ${Math.floor((s % 86_400) / 3600)}h`;
}

/** The label of a task row: a mapped task is marked `[ ]`, as in Airflow. */
export const taskLabel = (node: GridNode): string => (node.isMapped ? `${node.label} [ ]` : node.label);

/** What a cell says to a screen reader and in its tooltip: task, run, state, try, duration (and a mapped task's counts). */
export function cellText(node: GridNode, run: DagRun, cell: GridCell | undefined, now: number): string {
  const parts = [`${taskLabel(node)} · ${run.runId}`, `State: ${stateLabel(cell?.state)}`];
  if (cell && cell.tryNumber > 0) parts.push(`Try: ${cell.tryNumber}`);
  if (cell?.startDate) parts.push(`Duration: ${formatDuration(durationSeconds(cell.startDate, cell.endDate, now))}`);
  const counts = cell?.childStates && Object.entries(cell.childStates).filter(([, n]) => n);
  if (counts && counts.length > 0) parts.push(counts.map(([state, n]) => `${n} ${stateLabel(state as StateKey)}`).join(', '));
  return parts.join('\n');
}

/** A cell's accessible name, short and cheap (made for every rendered cell): task, run, state, try. */
export function cellLabel(node: GridNode, run: DagRun, cell: GridCell | undefined): string {
  const tries = cell && cell.tryNumber > 1 ? `, try ${cell.tryNumber}` : '';
  return `${taskLabel(node)}, ${run.runId}, ${stateLabel(cell?.state)}${tries}`;
}

export function runText(run: DagRun, now: number): string {
  const when = run.logicalDate ?? run.runAfter;
  return [run.runId, `State: ${run.state}`, `Type: ${run.runType.replace(/_/g, ' ')}`, `Date: ${when}`, `Duration: ${formatDuration(durationSeconds(run.startDate, run.endDate, now))}`].join('\n');
}

/** A focus position: row -1 is the run headers, col -1 the task names. */
export interface GridPos {
  row: number;
  col: number;
}

const PAGE = 10;

/**
 * Where a key moves the focus in a grid of `rows` × `cols` cells (plus the header row and name
 * column), or null for a key the grid does not handle. Ctrl+Home / Ctrl+End go to the first / last cell.
 */
export function moveFocus(pos: GridPos, key: string, ctrl: boolean, rows: number, cols: number): GridPos | null {
  const clampRow = (row: number) => Math.max(-1, Math.min(rows - 1, row));
  const clampCol = (col: number) => Math.max(-1, Math.min(cols - 1, col));
  switch (key) {
    case 'ArrowUp': return { row: clampRow(pos.row - 1), col: pos.col };
    case 'ArrowDown': return { row: clampRow(pos.row + 1), col: pos.col };
    case 'ArrowLeft': return { row: pos.row, col: clampCol(pos.col - 1) };
    case 'ArrowRight': return { row: pos.row, col: clampCol(pos.col + 1) };
    case 'PageUp': return { row: clampRow(pos.row - PAGE), col: pos.col };
    case 'PageDown': return { row: clampRow(pos.row + PAGE), col: pos.col };
    case 'Home': return ctrl ? { row: clampRow(0), col: clampCol(0) } : { row: pos.row, col: clampCol(0) };
    case 'End': return ctrl ? { row: rows - 1, col: cols - 1 } : { row: pos.row, col: cols - 1 };
    default: return null;
  }
}
