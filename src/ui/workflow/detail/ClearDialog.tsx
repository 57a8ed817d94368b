import { useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import type { ClearRequest } from '../../../../contracts/workflow';
import { useWorkflows } from '../useWorkflowView';
import { AffectedList, type Preview } from './AffectedList';

type Option = 'includeUpstream' | 'includeDownstream' | 'includePast' | 'includeFuture' | 'onlyFailed';
const OPTIONS: { key: Option; label: string }[] = [
  { key: 'includeUpstream', label: 'Upstream' },
  { key: 'includeDownstream', label: 'Downstream' },
  { key: 'includePast', label: 'Past' },
  { key: 'includeFuture', label: 'Future' },
  { key: 'onlyFailed', label: 'Only failed' },
];

interface Props {
  dagId: string;
  runId: string;
  taskId: string;
  onClose: () => void;
}

/**
 * Asks before clearing a task instance, as Airflow's UI does: the options pick which instances,
 * and each change runs the upstream's dry run again to list exactly what Confirm will clear.
 */
export function ClearDialog({ dagId, runId, taskId, onClose }: Props) {
  const workflows = useWorkflows();
  const id = useId();
  const cancel = useRef<HTMLButtonElement>(null);
  const [request, setRequest] = useState<ClearRequest>({ runId, taskIds: [taskId], includeUpstream: false, includeDownstream: true, includePast: false, includeFuture: false, onlyFailed: false });
  // The dry run's answer with the options it was for: an answer for other options means loading.
  const [answer, setAnswer] = useState<{ request: ClearRequest; preview: Preview } | null>(null);
  const preview: Preview = answer?.request === request ? answer.preview : { status: 'loading' };
  useEffect(() => {
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    cancel.current?.focus();
    return () => before?.focus();
  }, []);
  useEffect(() => {
    if (!workflows) return;
    // A later toggle's answer wins: an earlier, slower dry run is dropped.
    let current = true;
    void workflows.previewClear(dagId, request).then((result) => {
      if (current) setAnswer({ request, preview: result.ok ? { status: 'ready', items: result.items } : { status: 'error', message: result.message } });
    });
    return () => {
      current = false;
    };
  }, [workflows, dagId, request]);
  const count = preview.status === 'ready' ? preview.items.length : 0;
  const confirm = () => {
    onClose();
    void workflows?.clear(dagId, request);
  };
  return createPortal(
    <div className="modal-backdrop" onKeyDown={(event) => event.key === 'Escape' && onClose()}>
      <div className="modal card action-dialog" role="dialog" aria-modal="true" aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`}>Clear {taskId}</h2>
        <fieldset className="action-options">
          <legend className="small muted">Also clear</legend>
          {OPTIONS.map(({ key, label }) => (
            <label key={key} className="check small">
              <input type="checkbox" checked={request[key]} onChange={(event) => setRequest({ ...request, [key]: event.target.checked })} /> {label}
            </label>
          ))}
        </fieldset>
        <AffectedList preview={preview} action="clear" />
        <div className="modal-actions">
          <button ref={cancel} type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="button primary" disabled={preview.status !== 'ready' || count === 0} onClick={confirm}>
            Clear {count === 1 ? '1 task instance' : `${count} task instances`}
          </button>
        </div>
      </div>
    </div>,
    document.body,
  );
}
