import type {
  Dag, DagDetail, DagQuery, DagRun, EventLogEntry, GraphData, GridData, Page, RunQuery, Task, TaskInstance, WorkflowService, XComEntry,
} from '../../../contracts/workflow';

import { EMPTY_LOG, readLogOn, type KeptLog } from './logReads';

/**
 * A workflow view is one server answer the screens show (a page of DAGs, a DAG's grid…), named by a
 * plain request so the sync worker can fetch it again for every tab that shows it. Server data is
 * a cache (DESIGN.md §2): each view is kept with when it was fetched and read offline with its age.
 */
export type WorkflowView =
  | { kind: 'dags'; query: DagQuery }
  | { kind: 'dag'; dagId: string }
  | { kind: 'tasks'; dagId: string }
  | { kind: 'grid'; dagId: string; numRuns: number }
  | { kind: 'graph'; dagId: string }
  | { kind: 'runs'; dagId: string; query: RunQuery }
  | { kind: 'instances'; dagId: string; runId: string }
  | { kind: 'tries'; dagId: string; runId: string; taskId: string; mapIndex: number }
  | { kind: 'xcoms'; dagId: string; runId: string; taskId: string; mapIndex: number }
  | { kind: 'source'; dagId: string; sourceKey: string }
  | { kind: 'events'; dagId: string; limit: number; offset: number }
  | { kind: 'log'; dagId: string; runId: string; taskId: string; mapIndex: number; tryNumber: number };

/** What each view's answer is. */
export interface ViewValues {
  dags: Page<Dag>;
  dag: DagDetail;
  tasks: Task[];
  grid: GridData;
  graph: GraphData;
  runs: Page<DagRun>;
  instances: TaskInstance[];
  tries: TaskInstance[];
  xcoms: XComEntry[];
  source: string;
  events: Page<EventLogEntry>;
  /** What is kept of the try's log, and where to read on. */
  log: KeptLog;
}

export type ViewOf<K extends WorkflowView['kind']> = Extract<WorkflowView, { kind: K }>;

/** One key per distinct request: the same question asked by two tabs is one cache row. */
export function viewKey(view: WorkflowView): string {
  return `${view.kind}:${stableJson(view)}`;
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** Asks the upstream for a view's answer. */
export function fetchView(service: WorkflowService, view: WorkflowView): Promise<ViewValues[WorkflowView['kind']]> {
  switch (view.kind) {
    case 'dags': return service.listDags(view.query);
    case 'dag': return service.getDag(view.dagId);
    case 'tasks': return service.listTasks(view.dagId);
    case 'grid': return service.grid(view.dagId, { numRuns: view.numRuns });
    case 'graph': return service.graph(view.dagId);
    case 'runs': return service.listRuns(view.dagId, view.query);
    case 'instances': return service.listTaskInstances(view.dagId, view.runId);
    case 'tries': return service.listTries(view.dagId, view.runId, view.taskId, view.mapIndex);
    case 'xcoms': return service.listXComs(view.dagId, view.runId, view.taskId, view.mapIndex);
    case 'source': return service.getSource({ id: view.dagId, sourceKey: view.sourceKey });
    case 'events': return service.listEventLogs(view.dagId, { limit: view.limit, offset: view.offset });
    case 'log': return readLogOn(service, view, EMPTY_LOG, { running: false });
  }
}

/** Views the sync worker refreshes while tabs show them; a log is read on by the page that follows it. */
export function isPolled(view: WorkflowView): boolean {
  return view.kind !== 'log' && view.kind !== 'source';
}

/** A grid whose shown runs have all finished changes only with a new run: asked again this rarely (a trigger or clear asks at once). */
export const SETTLED_GRID_CHECK_MS = 60_000;

/**
 * Whether a watched view is due to be asked again: never before the time the server gave (Retry-After);
 * a grid only while some shown run is unfinished (queued or running), else on the slow check; any
 * other view, or one whose last ask failed, always.
 */
export function refreshDue(view: WorkflowView, kept: { value?: unknown; fetchedAt?: number; error?: string; retryAt?: number }, now: number): boolean {
  if (kept.retryAt !== undefined && now < kept.retryAt) return false;
  if (view.kind !== 'grid' || kept.value === undefined || kept.fetchedAt === undefined || kept.error !== undefined) return true;
  const settled = (kept.value as GridData).runs.every((run) => run.state === 'success' || run.state === 'failed');
  return !settled || now - kept.fetchedAt >= SETTLED_GRID_CHECK_MS;
}

/** Views of a DAG that change as its runs move: refreshed after an action on that DAG. */
export function isLiveViewOf(view: WorkflowView, dagId: string): boolean {
  if (view.kind === 'dags') return true;
  return 'dagId' in view && view.dagId === dagId && view.kind !== 'source' && view.kind !== 'graph' && view.kind !== 'tasks';
}
