import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ViewOf } from '../../../model/workflow/views';
import { useLive } from '../../hooks/live';
import { LogViewer } from '../logs/LogViewer';
import { useWorkflows } from '../useWorkflowView';

/** While a try runs its log is read on this often (the follow-tail). */
const FOLLOW_EVERY_MS = 2000;

interface Props {
  dagId: string;
  runId: string;
  taskId: string;
  /** -1 for an unmapped task; a mapped task's log is one map index's. */
  mapIndex: number;
  tryNumber: number;
  running: boolean;
}

/** Runs one read at a time: scrolling near the end asks again at every frame, one read answers them all. */
function useOneAtATime(): (read: () => Promise<void> | undefined) => void {
  const busy = useRef(false);
  return useCallback((read) => {
    if (busy.current) return;
    const reading = read();
    if (!reading) return;
    busy.current = true;
    void reading.finally(() => (busy.current = false));
  }, []);
}

/**
 * A try's log: what was read before shows at once (also offline). A running try is followed through
 * the upstream's continuation token every two seconds; a finished one is read by pages, and a long
 * one is a window of its lines that loads on as the reader scrolls near its end (or back).
 */
export function LogPane({ dagId, runId, taskId, mapIndex, tryNumber, running }: Props) {
  const workflows = useWorkflows();
  const view = useMemo<ViewOf<'log'>>(() => ({ kind: 'log', dagId, runId, taskId, mapIndex, tryNumber }), [dagId, runId, taskId, mapIndex, tryNumber]);
  const kept = useLive((reads) => reads.workflowView<'log'>(view), [view]);
  const [following, setFollowing] = useState(true);
  const oneAtATime = useOneAtATime();
  const log = kept?.value;

  // Opening reads what is not kept yet; a try that ended while shown (running turns false) is read again by pages.
  useEffect(() => {
    if (!workflows) return;
    void workflows.readLog(view, { running });
    if (!running) return;
    const timer = setInterval(() => void workflows.readLog(view, { running: true }), FOLLOW_EVERY_MS);
    return () => clearInterval(timer);
  }, [workflows, view, running]);

  const loadMore = useCallback(() => oneAtATime(() => workflows?.readLog(view, { running: false, more: true })), [oneAtATime, workflows, view]);
  const loadEarlier = useCallback(() => oneAtATime(() => workflows?.readLogBack(view)), [oneAtATime, workflows, view]);
  const paged = log?.paged;
  const hasMore = !running && paged !== undefined && paged.next !== null;
  const partial = paged !== undefined && (paged.first > 0 || paged.next !== null);

  return (
    <div className="log-pane">
      {kept?.error && <p className="cache-note" role="status">The log could not be read on: {kept.error}.</p>}
      <LogViewer
        text={log?.content ?? ''}
        running={running}
        // The end of a window of a longer log is not the log's end: such a log opens at its top.
        following={following && !hasMore}
        onFollowChange={setFollowing}
        fileName={`${dagId}__${runId}__${taskId}${mapIndex >= 0 ? `__${mapIndex}` : ''}__try-${tryNumber}`}
        loading={kept === undefined || (log === undefined && !kept.error)}
        unread={log === undefined && Boolean(kept?.error)}
        hasMore={hasMore}
        onLoadMore={loadMore}
        firstLine={paged?.first ?? 0}
        onLoadEarlier={loadEarlier}
        downloadUrl={partial && workflows ? workflows.logFileUrl(view) : undefined}
        label={`Log of ${taskId}${mapIndex >= 0 ? `[${mapIndex}]` : ''}, try ${tryNumber}`}
      />
    </div>
  );
}
