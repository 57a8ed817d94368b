import type { Dag, Page } from '../../contracts/workflow';
import type { WorkflowView, ViewValues } from '../model/workflow/views';
import { viewKey } from '../model/workflow/views';
import type { ConsoleDb } from './schema';
import type { WorkflowViewRow } from '../model/cacheRows';

/** A view as the screens read it: its answer (if any came), how old it is, and the last failure. */
export interface CachedView<T> {
  value: T | undefined;
  fetchedAt: number | undefined;
  error: string | undefined;
}

function cachedOf<T>(row: WorkflowViewRow | undefined): CachedView<T> {
  return { value: row?.value as T | undefined, fetchedAt: row?.fetchedAt, error: row?.error };
}

export async function readWorkflowView<K extends WorkflowView['kind']>(db: ConsoleDb, view: Extract<WorkflowView, { kind: K }>): Promise<CachedView<ViewValues[K]>> {
  return cachedOf(await db.workflowViews.get(viewKey(view)));
}

/** Several views of one kind in one read (a list's rows), in the order asked. */
export async function readWorkflowViews<K extends WorkflowView['kind']>(db: ConsoleDb, views: Extract<WorkflowView, { kind: K }>[]): Promise<CachedView<ViewValues[K]>[]> {
  return (await db.workflowViews.bulkGet(views.map(viewKey))).map((row) => cachedOf<ViewValues[K]>(row));
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
  return (await touchWorkflowViews(db, [view], now, freshMs))[0];
}

/** touchWorkflowView for several views in one transaction (a list's rows): one write, one redraw. */
export async function touchWorkflowViews(db: ConsoleDb, views: WorkflowView[], now: number, freshMs: number): Promise<boolean[]> {
  const keys = views.map(viewKey);
  return db.transaction('rw', db.workflowViews, async () => {
    const rows = await db.workflowViews.bulkGet(keys);
    const added = views.flatMap((view, i) => (rows[i] ? [] : [{ key: keys[i], view, viewedAt: now }]));
    const seen = keys.filter((_, i) => rows[i] && now - (rows[i] as WorkflowViewRow).viewedAt >= TOUCH_EVERY_MS);
    if (added.length > 0) await db.workflowViews.bulkPut(added);
    if (seen.length > 0) await db.workflowViews.bulkUpdate(seen.map((key) => ({ key, changes: { viewedAt: now } })));
    return rows.map((row) => !row?.fetchedAt || now - row.fetchedAt >= freshMs);
  });
}

export async function writeWorkflowView(db: ConsoleDb, view: WorkflowView, value: unknown, fetchedAt: number): Promise<void> {
  await writeWorkflowViews(db, [{ view, value }], fetchedAt);
}

/** Answers of several views kept in one transaction, so a screen reading them all redraws once. */
export async function writeWorkflowViews(db: ConsoleDb, answers: { view: WorkflowView; value: unknown }[], fetchedAt: number): Promise<void> {
  const keys = answers.map((a) => viewKey(a.view));
  await db.transaction('rw', db.workflowViews, async () => {
    const rows = await db.workflowViews.bulkGet(keys);
    const changed = answers.flatMap(({ view, value }, i) => {
      const row = rows[i];
      // A log only grows: its reader writes it only when it did (comparing megabytes here would cost more).
      const same = view.kind !== 'log' && row?.fetchedAt !== undefined && !row.error && fetchedAt - row.fetchedAt < UNCHANGED_KEPT_MS && JSON.stringify(row.value) === JSON.stringify(value);
      return same ? [] : [{ key: keys[i], view, value, fetchedAt, viewedAt: row?.viewedAt ?? fetchedAt }];
    });
    if (changed.length > 0) await db.workflowViews.bulkPut(changed);
  });
}

/** Keeps the last answer: offline, the screens go on showing it with its age and this reason. */
export async function recordWorkflowViewError(db: ConsoleDb, view: WorkflowView, error: string, retryAt?: number): Promise<void> {
  const key = viewKey(view);
  await db.transaction('rw', db.workflowViews, async () => {
    const row = await db.workflowViews.get(key);
    if (row?.error !== error || row.retryAt !== retryAt) await db.workflowViews.update(key, { error, retryAt });
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
