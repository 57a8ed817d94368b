/**
 * The console's own model of workflows (Airflow DAGs, runs, task instances, logs). The client's
 * adapters map Airflow 2's REST API v1 and Airflow 3's v2 to these shapes, and the screens only
 * ever see these, so one set of screens works against either version.
 * Times are ISO 8601 strings (UTC), or null where the upstream has none.
 */

export const RUN_STATES = ['queued', 'running', 'success', 'failed'] as const;
export type RunState = (typeof RUN_STATES)[number];

/** Airflow's task states; null is "no state yet" (v1's deprecated 'none' maps to null). */
export const TASK_STATES = [
  'success', 'running', 'failed', 'upstream_failed', 'skipped', 'up_for_retry', 'up_for_reschedule',
  'queued', 'scheduled', 'deferred', 'removed', 'restarting',
] as const;
export type TaskState = (typeof TASK_STATES)[number] | null;

export type RunType = 'manual' | 'scheduled' | 'backfill' | 'dataset_triggered' | 'asset_triggered' | 'asset_materialization';

export interface Dag {
  id: string;
  displayName: string;
  description: string | null;
  isPaused: boolean;
  /** False for a DAG whose file is gone (v1 is_active; v2 !is_stale). */
  isActive: boolean;
  owners: string[];
  tags: string[];
  /** A cron expression, a preset ('@daily'), or a summary such as '1 day, 0:00:00'; null when unscheduled. */
  schedule: string | null;
  /** When the next scheduled run will be created (v1 next_dagrun_create_after, v2 next_dagrun_run_after). */
  nextRun: string | null;
  /** What the source call needs: v1's file_token, v2's dag_id. */
  sourceKey: string;
  fileloc: string;
  hasImportErrors: boolean;
  maxActiveRuns: number | null;
}

export interface DagDetail extends Dag {
  docMd: string | null;
  startDate: string | null;
  catchup: boolean | null;
  timezone: string | null;
  params: Record<string, unknown>;
  lastParsed: string | null;
}

export interface DagRun {
  dagId: string;
  runId: string;
  state: RunState;
  runType: RunType;
  /** Null for some Airflow 3 runs; runAfter is the time axis. */
  logicalDate: string | null;
  runAfter: string;
  queuedAt: string | null;
  startDate: string | null;
  endDate: string | null;
  conf: Record<string, unknown>;
  note: string | null;
  /** Who or what started it: 'ui', 'rest_api', 'timetable'…; v1 gives only external_trigger. */
  triggeredBy: string | null;
}

export interface Task {
  id: string;
  /** The class name of its operator, e.g. 'PythonOperator'. */
  operator: string;
  downstream: string[];
  isMapped: boolean;
  retries: number;
  triggerRule: string;
  docMd: string | null;
  /** Task group path, e.g. ['extract'] for 'extract.load_orders'; empty at the top level. */
  groups: string[];
}

export interface TaskInstance {
  dagId: string;
  runId: string;
  taskId: string;
  /** -1 for a task that is not mapped. */
  mapIndex: number;
  tryNumber: number;
  maxTries: number;
  state: TaskState;
  queuedAt: string | null;
  startDate: string | null;
  endDate: string | null;
  /** Seconds. */
  duration: number | null;
  operator: string | null;
  hostname: string | null;
  pool: string | null;
  renderedFields: Record<string, unknown> | null;
  note: string | null;
}

export interface XComEntry {
  key: string;
  taskId: string;
  mapIndex: number;
  timestamp: string;
  /** Only when read one by one. */
  value?: unknown;
}

export interface EventLogEntry {
  id: number;
  when: string;
  event: string;
  dagId: string | null;
  taskId: string | null;
  runId: string | null;
  tryNumber: number | null;
  owner: string | null;
  extra: string | null;
}

/** One read of a task try's log: text from where the token pointed, and where the next read starts. */
/** The most lines one page of a log holds (`<log>/lines?limit=`): the server's limit, the client's page. */
export const LOG_PAGE_MAX_LINES = 20_000;

/** Lines of a finished try's log: `lines` from line `cursor`; `next` reads on, null once the end is in this page. */
export interface LogPage {
  lines: string[];
  cursor: number;
  next: number | null;
}

export interface LogChunk {
  content: string;
  /** Pass it back to read on from here; null when the upstream gives none. */
  token: string | null;
  /** True when the try is finished and everything was read. */
  endOfLog: boolean;
}

export interface Page<T> {
  items: T[];
  total: number;
}

export interface DagStats {
  dagId: string;
  counts: Partial<Record<RunState, number>>;
}

/** A task or task group in the grid, with one cell per run (by runId). */
export interface GridNode {
  id: string;
  label: string;
  isGroup: boolean;
  isMapped: boolean;
  operator: string | null;
  children: GridNode[];
  /** For a group: the worst state of its children per run (Airflow's rule). */
  instances: Record<string, GridCell>;
}

export interface GridCell {
  state: TaskState;
  tryNumber: number;
  startDate: string | null;
  endDate: string | null;
  /** For a mapped task or group: how many children are in each state. */
  childStates?: Partial<Record<NonNullable<TaskState> | 'no_status', number>>;
}

export interface GridData {
  /** Oldest first, as Airflow's grid draws them left to right. */
  runs: DagRun[];
  nodes: GridNode[];
}

export interface GraphNode {
  id: string;
  label: string;
  operator: string | null;
  isGroup: boolean;
  isMapped: boolean;
  children: GraphNode[];
}

export interface GraphData {
  nodes: GraphNode[];
  edges: { source: string; target: string }[];
}

export type DagSort = 'dag_id' | '-dag_id' | 'next_dagrun' | '-next_dagrun' | 'last_run' | '-last_run';

export interface DagQuery {
  limit: number;
  offset: number;
  orderBy?: DagSort;
  /** Part of the DAG id (dag_id_pattern). */
  search?: string;
  tags?: string[];
  owners?: string[];
  paused?: boolean;
  lastRunState?: RunState;
}

export interface RunQuery {
  limit: number;
  offset: number;
  /** Newest first by default. */
  orderBy?: 'run_after' | '-run_after';
  state?: RunState[];
}

export interface TriggerRequest {
  conf: Record<string, unknown>;
  /** Null lets the upstream choose (now). */
  logicalDate: string | null;
  note?: string;
}

/** The clear action's options, as the Airflow UI offers them. */
export interface ClearRequest {
  runId: string;
  taskIds: string[];
  includeDownstream: boolean;
  includeUpstream: boolean;
  /** The same tasks in earlier / later runs of the DAG too (Airflow's Past / Future). */
  includePast: boolean;
  includeFuture: boolean;
  onlyFailed: boolean;
}

/** Mark's options, as the Airflow UI offers them: one task instance, widened by the include options. */
export interface MarkRequest {
  runId: string;
  taskId: string;
  /** -1 for an unmapped task; a mapped task marks this map index only unless an option widens it. */
  mapIndex: number;
  state: 'success' | 'failed';
  includeUpstream: boolean;
  includeDownstream: boolean;
  /** The same task in earlier / later runs of the DAG too (Airflow's Past / Future). */
  includePast: boolean;
  includeFuture: boolean;
}

/** A task instance an action would change, as its dry run lists it (state and map index where the API says them). */
export interface AffectedTaskInstance {
  taskId: string;
  runId: string;
  mapIndex: number | null;
  /** Null when unknown too (Airflow 2's dry run does not say it, see previewClear). */
  state: TaskState;
}

/** What the screens ask of a workflow upstream; one implementation per Airflow API version. */
export interface WorkflowService {
  readonly version: 'v1' | 'v2';
  listDags(query: DagQuery): Promise<Page<Dag>>;
  getDag(dagId: string): Promise<DagDetail>;
  setPaused(dagId: string, paused: boolean): Promise<Dag>;
  listTasks(dagId: string): Promise<Task[]>;
  listRuns(dagId: string, query: RunQuery): Promise<Page<DagRun>>;
  getRun(dagId: string, runId: string): Promise<DagRun>;
  triggerRun(dagId: string, request: TriggerRequest): Promise<DagRun>;
  setRunState(dagId: string, runId: string, state: 'success' | 'failed'): Promise<DagRun>;
  listTaskInstances(dagId: string, runId: string): Promise<TaskInstance[]>;
  /** Every try of one task instance, oldest first. */
  listTries(dagId: string, runId: string, taskId: string, mapIndex: number): Promise<TaskInstance[]>;
  /** Marks the task instance (and what the options add); a mapped task's calls name one map index, never all of them. */
  setTaskState(dagId: string, request: MarkRequest): Promise<void>;
  /** What setTaskState would change (the upstream's dry run: instances already in the state are left out), changing nothing. */
  previewMark(dagId: string, request: MarkRequest): Promise<AffectedTaskInstance[]>;
  clearTasks(dagId: string, request: ClearRequest): Promise<void>;
  /** What clearTasks would clear (the upstream's dry run), changing nothing. */
  previewClear(dagId: string, request: ClearRequest): Promise<AffectedTaskInstance[]>;
  listXComs(dagId: string, runId: string, taskId: string, mapIndex: number): Promise<XComEntry[]>;
  getXCom(dagId: string, runId: string, taskId: string, mapIndex: number, key: string): Promise<XComEntry>;
  getLog(dagId: string, runId: string, taskId: string, mapIndex: number, tryNumber: number, token: string | null): Promise<LogChunk>;
  /** A page of a finished try's log from line `cursor` (0-based), read by the console server from the upstream's log stream. */
  getLogPage(dagId: string, runId: string, taskId: string, mapIndex: number, tryNumber: number, cursor: number, limit: number): Promise<LogPage>;
  /** Where the browser downloads the whole log from (streamed by the console server, never held by the page). */
  logDownloadUrl(dagId: string, runId: string, taskId: string, mapIndex: number, tryNumber: number): string;
  getSource(dag: Pick<Dag, 'id' | 'sourceKey'>): Promise<string>;
  listEventLogs(dagId: string, page: { limit: number; offset: number }): Promise<Page<EventLogEntry>>;
  dagStats(dagIds: string[]): Promise<DagStats[]>;
  /** Recent runs × tasks, from the webserver's grid view where there is one, else built from tasks, runs and task instances. */
  grid(dagId: string, options: { numRuns: number; baseDate?: string | null }): Promise<GridData>;
  graph(dagId: string): Promise<GraphData>;
}

/**
 * How the Airflow proxy's 504 begins while a DAG's structure call (airflow#56554) is still running
 * past its timeout: the grid screen shows progress for it instead of an error.
 */
export const STILL_READING = "Airflow is still reading the DAG's structure";
/** A 504's detail while Airflow prepares a long log's stream (its first byte can take a minute): ask again after Retry-After. */
export const STILL_OPENING_LOG = 'Airflow is still reading the log';
