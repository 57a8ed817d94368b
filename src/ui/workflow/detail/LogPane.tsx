import { useEffect, useMemo, useState } from 'react';
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

/**
 * A try's log: what was read before shows at once (also offline), then the rest is read on through
 * the upstream's continuation token, and again every two seconds while the try runs.
 */
export function LogPane({ dagId, runId, taskId, mapIndex, tryNumber, running }: Props) {
  const workflows = useWorkflows();
  const view = useMemo<ViewOf<'log'>>(() => ({ kind: 'log', dagId, runId, taskId, mapIndex, tryNumber }), [dagId, runId, taskId, mapIndex, tryNumber]);
  const kept = useLive((reads) => reads.workflowView<'log'>(view), [view]);
  const [following, setFollowing] = useState(true);
  const ended = kept?.value?.endOfLog ?? false;

  useEffect(() => {
    if (!workflows) return;
    void workflows.readLog(view);
    if (!running) return;
    const timer = setInterval(() => void workflows.readLog(view), FOLLOW_EVERY_MS);
    return () => clearInterval(timer);
  }, [workflows, view, running]);

  // A try that ended while shown: read its last lines once more.
  useEffect(() => {
    if (workflows && !running && !ended) void workflows.readLog(view);
  }, [workflows, view, running, ended]);

  return (
    <div className="log-pane">
      {kept?.error && <p className="cache-note" role="status">The log could not be read on: {kept.error}.</p>}
      <LogViewer
        text={kept?.value?.content ?? ''}
        running={running}
        following={following}
        onFollowChange={setFollowing}
        fileName={`${dagId}__${runId}__${taskId}${mapIndex >= 0 ? `__${mapIndex}` : ''}__try-${tryNumber}`}
        loading={kept === undefined || (kept.value === undefined && !kept.error)}
        hasMore={!running && kept?.value !== undefined && !ended && kept.value.token !== null}
        onLoadMore={() => void workflows?.readLog(view)}
        label={`Log of ${taskId}${mapIndex >= 0 ? `[${mapIndex}]` : ''}, try ${tryNumber}`}
      />
    </div>
  );
}
