/** The DAG page's tabs; details, logs and xcom are the task instance panel's, beside the grid. */
export const DAG_TABS = ['grid', 'graph', 'runs', 'code', 'events'] as const;
export const TASK_TABS = ['details', 'logs', 'xcom'] as const;
export type DagTab = (typeof DAG_TABS)[number];
export type TaskTab = (typeof TASK_TABS)[number];

/** What the URL names on the DAG page, so a link or a reload reopens the same run, task, try and log. */
export interface DetailSelection {
  tab: DagTab;
  taskTab: TaskTab;
  runId: string | null;
  taskId: string | null;
  /** Null: the latest try. */
  tryNumber: number | null;
}

export function readDetailParams(params: URLSearchParams): DetailSelection {
  const tab = params.get('tab') ?? '';
  const tryText = params.get('try');
  const tryNumber = tryText && /^\d+$/.test(tryText) && Number(tryText) > 0 ? Number(tryText) : null;
  const isTaskTab = (TASK_TABS as readonly string[]).includes(tab);
  return {
    tab: (DAG_TABS as readonly string[]).includes(tab) ? (tab as DagTab) : 'grid',
    taskTab: isTaskTab ? (tab as TaskTab) : 'details',
    runId: params.get('run') || null,
    taskId: params.get('task') || null,
    tryNumber,
  };
}

export function writeDetailParams(current: URLSearchParams, change: Partial<DetailSelection>): URLSearchParams {
  const next = new URLSearchParams(current);
  const set = (key: string, value: string | null) => (value ? next.set(key, value) : next.delete(key));
  const merged = { ...readDetailParams(current), ...change };
  if (change.taskId !== undefined || change.runId !== undefined) {
    // Another task or run: its tries are counted anew.
    if (change.tryNumber === undefined) merged.tryNumber = null;
  }
  set('run', merged.runId);
  set('task', merged.taskId);
  set('try', merged.tryNumber === null ? null : String(merged.tryNumber));
  const onTaskPanel = merged.tab === 'grid' && merged.taskId !== null && merged.taskTab !== 'details';
  set('tab', onTaskPanel ? merged.taskTab : merged.tab === 'grid' ? null : merged.tab);
  return next;
}
