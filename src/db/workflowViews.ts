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

/**
 * Every write of a row makes each screen showing it read it again (a grid of 5,000 cells, a log of
 * 100,000 lines): the writes below are skipped when they would change nothing the screens show.
 */
const TOUCH_EVERY_MS = 10_000;
/** An unchanged answer still renews fetchedAt this often, so an age shown offline is at most this far off. */
const UNCHANGED_KEPT_MS = 60_000;

/** Notes that a tab shows the view now (creating its row), and says whether its answer is older than `freshMs`. */
export async function touchWorkflowView(db: ConsoleDb, view: WorkflowView, now: number, freshMs: number): Promise<boolean> {
  const key = viewKey(view);
  return db.transaction('rw', db.workflowViews, async () => {
    const row = await db.workflowViews.get(key);
    if (!row) await db.workflowViews.put({ key, view, viewedAt: now });
    else if (now - row.viewedAt >= TOUCH_EVERY_MS) await db.workflowViews.update(key, { viewedAt: now });
    return !row?.fetchedAt || now - row.fetchedAt >= freshMs;
  });
}

export async function writeWorkflowView(db: ConsoleDb, view: WorkflowView, value: unknown, fetchedAt: number): Promise<void> {
  const key = viewKey(view);
  await db.transaction('rw', db.workflowViews, async () => {
    const row = await db.workflowViews.get(key);
    // A log only grows: its reader writes it only when it did (comparing megabytes here would cost more).
    const same = view.kind !== 'log' && row?.fetchedAt !== undefined && !row.error && fetchedAt - row.fetchedAt < UNCHANGED_KEPT_MS && JSON.stringify(row.value) === JSON.stringify(value);
    if (!same) await db.workflowViews.put({ key, view, value, fetchedAt, viewedAt: row?.viewedAt ?? fetchedAt });
  });
}

/** Keeps the last answer: offline, the screens go on showing it with its age and this reason. */
export async function recordWorkflowViewError(db: ConsoleDb, view: WorkflowView, error: string): Promise<void> {
  const key = viewKey(view);
  await db.transaction('rw', db.workflowViews, async () => {
    if ((await db.workflowViews.get(key))?.error !== error) await db.workflowViews.update(key, { error });
  });
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
