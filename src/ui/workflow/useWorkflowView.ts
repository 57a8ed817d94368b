import { useEffect, useState } from 'react';
import type { CachedView } from '../../db/workflowViews';
import type { Workflows } from '../../commands/workflows/workflows';
import type { WorkflowView } from '../../model/workflow/views';
import { viewKey } from '../../model/workflow/views';
import { useSignedIn } from '../appContext';
import { useLive } from '../hooks/live';

/** A tab showing a view says so this often, well inside the poller's one-minute window. */
const WATCH_EVERY_MS = 20_000;

/** The workflow commands, once their chunk has loaded. */
export function useWorkflows(): Workflows | null {
  const { workflows } = useSignedIn();
  const [loaded, setLoaded] = useState<Workflows | null>(null);
  useEffect(() => {
    let live = true;
    void workflows().then((w) => live && setLoaded(w));
    return () => {
      live = false;
    };
  }, [workflows]);
  return loaded;
}

/**
 * A workflow view as every tab sees it: read live from the cache (so a refresh by the sync worker
 * or another tab shows at once, and offline the last answer shows with its age), fetched when old.
 * Pass null to show nothing (e.g. before a run is chosen).
 */
export function useWorkflowView<K extends WorkflowView['kind']>(view: Extract<WorkflowView, { kind: K }> | null) {
  const workflows = useWorkflows();
  const key = view ? viewKey(view) : null;
  useEffect(() => {
    if (!workflows || !view) return;
    void workflows.show(view);
    const timer = setInterval(() => void workflows.show(view), WATCH_EVERY_MS);
    return () => clearInterval(timer);
    // The key stands for the view: a new object with the same request is the same view.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [workflows, key]);
  const cached = useLive((reads) => (view ? reads.workflowView<K>(view) : Promise.resolve(null)), [key]);
  return { ...cached, loading: cached === undefined || (cached !== null && cached.value === undefined && !cached.error) };
}

/**
 * Several views of one kind shown together (the runs of a list's rows): noted, fetched and read
 * as one, so a new page of rows makes one write and one redraw, not one per row. Each view stays
 * its own cache row, so a DAG's runs fetched for one page are not fetched again for the next.
 */
export function useWorkflowViews<K extends WorkflowView['kind']>(views: Extract<WorkflowView, { kind: K }>[]) {
  const workflows = useWorkflows();
  const key = views.map(viewKey).join('\n');
  useEffect(() => {
    if (!workflows || views.length === 0) return;
    void workflows.showAll(views);
    const timer = setInterval(() => void workflows.showAll(views), WATCH_EVERY_MS);
    return () => clearInterval(timer);
    // The key stands for the views (see useWorkflowView).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [workflows, key]);
  const read = useLive(async (reads) => {
    const cached = await reads.workflowViews<K>(views);
    return new Map(views.map((view, i) => [viewKey(view), cached[i]]));
  }, [key]);
  // By view, not by position: until the read of new views is done, the last read is what there is.
  return (view: Extract<WorkflowView, { kind: K }>) => read?.get(viewKey(view));
}

/**
 * A view's answer, or while a new view is asked (a new search, the next page) the last answer shown
 * before, so the screen does not flash "Loading"; nothing after a failure.
 */
export function useKeptWhileLoading<T>(view: Partial<CachedView<T>> & { loading: boolean }): T | undefined {
  const [kept, setKept] = useState(view.value);
  if (view.value !== undefined && view.value !== kept) setKept(view.value);
  return view.value ?? (view.loading ? kept : undefined);
}
