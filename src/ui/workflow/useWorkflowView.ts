import { useEffect, useState } from 'react';
import type { CachedView } from '../../db/workflowViews';
import type { Workflows } from '../../commands/workflows';
import type { WorkflowView } from '../../workflow/views';
import { viewKey } from '../../workflow/views';
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
 * A view's answer, or while a new view is asked (a new search, the next page) the last answer shown
 * before, so the screen does not flash "Loading"; nothing after a failure.
 */
export function useKeptWhileLoading<T>(view: Partial<CachedView<T>> & { loading: boolean }): T | undefined {
  const [kept, setKept] = useState(view.value);
  if (view.value !== undefined && view.value !== kept) setKept(view.value);
  return view.value ?? (view.loading ? kept : undefined);
}
