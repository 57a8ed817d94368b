import type { Dag, Page } from '../../contracts/workflow';
import type { WorkflowView, ViewValues } from '../workflow/views';
import { viewKey } from '../workflow/views';
import type { ConsoleDb, WorkflowViewRow } from './schema';

/** A view as the screens read it: its answer (if any came), how old it is, and the last failure. */
export interface CachedView<T> {
  value: T | undefined;
  fetchedAt: number | undefined;
  error: string | undefined;
}

export async function readWorkflowView<K extends WorkflowView['kind']>(db: ConsoleDb, view: Extract<WorkflowView, { kind: K }>): Promise<CachedView<ViewValues[K]>> {
  const row = await db.workflowViews.get(viewKey(view));
  return { value: row?.value as ViewValues[K] | undefined, fetchedAt: row?.fetchedAt, error: row?.error };
}

/** Notes that a tab shows the view now (creating its row), and says whether its answer is older than `freshMs`. */
export async function touchWorkflowView(db: ConsoleDb, view: WorkflowView, now: number, freshMs: number): Promise<boolean> {
  const key = viewKey(view);
  return db.transaction('rw', db.workflowViews, async () => {
    const row = await db.workflowViews.get(key);
    if (row) await db.workflowViews.update(key, { viewedAt: now });
    else await db.workflowViews.put({ key, view, viewedAt: now });
    return !row?.fetchedAt || now - row.fetchedAt >= freshMs;
  });
}

export async function writeWorkflowView(db: ConsoleDb, view: WorkflowView, value: unknown, fetchedAt: number): Promise<void> {
  const key = viewKey(view);
  await db.transaction('rw', db.workflowViews, async () => {
    const row = await db.workflowViews.get(key);
    await db.workflowViews.put({ key, view, value, fetchedAt, viewedAt: row?.viewedAt ?? fetchedAt });
  });
}

/** Keeps the last answer: offline, the screens go on showing it with its age and this reason. */
export async function recordWorkflowViewError(db: ConsoleDb, view: WorkflowView, error: string): Promise<void> {
  await db.workflowViews.update(viewKey(view), { error });
}

/** The views some tab showed since `since`, for the poller. */
export function recentlyViewed(db: ConsoleDb, since: number): Promise<WorkflowViewRow[]> {
  return db.workflowViews.where('viewedAt').aboveOrEqual(since).toArray();
}

/** Views nobody looked at for this long are dropped, so the cache does not grow without end. */
export const WORKFLOW_VIEW_KEPT_MS = 14 * 24 * 60 * 60 * 1000;

export function dropOldWorkflowViews(db: ConsoleDb, now: number): Promise<number> {
  return db.workflowViews.where('viewedAt').below(now - WORKFLOW_VIEW_KEPT_MS).delete();
}

/** Every DAG some kept list holds (newest answer first wins), for finding DAGs offline. */
export async function keptDags(db: ConsoleDb): Promise<Dag[]> {
  const rows = await db.workflowViews.where('key').startsWith('dags:').toArray();
  const found = new Map<string, Dag>();
  for (const row of rows.sort((a, b) => (b.fetchedAt ?? 0) - (a.fetchedAt ?? 0))) {
    for (const dag of (row.value as Page<Dag> | undefined)?.items ?? []) if (!found.has(dag.id)) found.set(dag.id, dag);
  }
  return [...found.values()];
}
