import type { WorkflowService } from '../../../contracts/workflow';
import { recentlyViewed, recordWorkflowViewError, writeWorkflowView, writeWorkflowViews } from '../../db/workflowViews';
import type { ConsoleDb } from '../../db/schema';
import { fetchView, isPolled, refreshDue, type WorkflowView } from '../../model/workflow/views';
import { isNetworkError, retryAfterMs, serverMessage } from '../api/http';
import { gatewayMessage } from '../api/workflowHttp';

export function describeWorkflowError(error: unknown): string {
  if (isNetworkError(error)) return gatewayMessage(error) ?? 'The workflow server could not be reached';
  return serverMessage(error) ?? (error instanceof Error ? error.message : String(error));
}

/**
 * Fetches a view and keeps the answer; a failure is kept beside the last answer and thrown, with
 * the time the server gave to ask again (Retry-After) as the view's retryAt.
 */
export async function refreshWorkflowView(db: ConsoleDb, service: WorkflowService, view: WorkflowView, now: () => number): Promise<void> {
  try {
    const value = await fetchView(service, view);
    await writeWorkflowView(db, view, value, now());
  } catch (error) {
    const later = retryAfterMs(error, now());
    await recordWorkflowViewError(db, view, describeWorkflowError(error), later === null ? undefined : now() + later);
    throw error;
  }
}

/**
 * Fetches several views side by side and keeps their answers in one write, so a screen showing
 * them all (a list's rows) redraws once; each failure is kept with its view, not thrown.
 */
export async function refreshWorkflowViews(db: ConsoleDb, service: WorkflowService, views: WorkflowView[], now: () => number): Promise<void> {
  const settled = await Promise.allSettled(views.map((view) => fetchView(service, view)));
  const answers = views.flatMap((view, i) => {
    const outcome = settled[i];
    return outcome.status === 'fulfilled' ? [{ view, value: outcome.value }] : [];
  });
  await writeWorkflowViews(db, answers, now());
  for (const [i, outcome] of settled.entries()) {
    if (outcome.status === 'rejected') await recordWorkflowViewError(db, views[i], describeWorkflowError(outcome.reason));
  }
}

/** A tab that shows a view says so at least this often, so the poller knows what to refresh. */
export const WORKFLOW_VIEW_WATCH_MS = 60_000;

/**
 * The poller's task: refresh every view some tab looked at in the last minute, one by one. Each
 * failure is kept with its view (so every screen can say how old its data is); the first is
 * thrown at the end, so the poller backs off (not for a Retry-After: the server said when).
 */
export async function refreshWatchedViews(db: ConsoleDb, service: WorkflowService, now: () => number, signal: AbortSignal): Promise<number> {
  const rows = (await recentlyViewed(db, now() - WORKFLOW_VIEW_WATCH_MS)).filter((row) => isPolled(row.view) && refreshDue(row.view, row, now()));
  const failures: unknown[] = [];
  for (const row of rows) {
    if (signal.aborted) break;
    // A view asked back later is not a failure to back off from: its retryAt keeps it quiet until then.
    await refreshWorkflowView(db, service, row.view, now).catch((error: unknown) => retryAfterMs(error, now()) !== null || failures.push(error));
  }
  if (failures.length > 0) throw failures[0];
  return rows.length;
}
