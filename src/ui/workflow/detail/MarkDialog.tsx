import { useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import type { MarkRequest } from '../../../../contracts/workflow';
import { useWorkflows } from '../useWorkflowView';
import { AffectedList, type Preview } from './AffectedList';

type Option = 'includeUpstream' | 'includeDownstream' | 'includePast' | 'includeFuture';
// Airflow's names, all off by default as in its Mark as dialog: the one instance alone.
const OPTIONS: { key: Option; label: string }[] = [
  { key: 'includePast', label: 'Past' },
  { key: 'includeFuture', label: 'Future' },
  { key: 'includeUpstream', label: 'Upstream' },
  { key: 'includeDownstream', label: 'Downstream' },
];

interface Props {
  dagId: string;
  runId: string;
  taskId: string;
  /** -1 for an unmapped task. */
  mapIndex: number;
  state: 'success' | 'failed';
  onClose: () => void;
}

/**
 * Asks before marking a task instance, as Airflow's UI does: the options widen it to other tasks
 * and runs, and each change runs the upstream's dry run again to list exactly what Confirm changes.
 */
export function MarkDialog({ dagId, runId, taskId, mapIndex, state, onClose }: Props) {
  const workflows = useWorkflows();
  const id = useId();
  const cancel = useRef<HTMLButtonElement>(null);
  const [request, setRequest] = useState<MarkRequest>({ runId, taskId, mapIndex, state, includeUpstream: false, includeDownstream: false, includePast: false, includeFuture: false });
  // The dry run's answer with the options it was for: an answer for other options means loading.
  const [answer, setAnswer] = useState<{ request: MarkRequest; preview: Preview } | null>(null);
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
    void workflows.previewMark(dagId, request).then((result) => {
      if (current) setAnswer({ request, preview: result.ok ? { status: 'ready', items: result.items } : { status: 'error', message: result.message } });
    });
    return () => {
      current = false;
    };
  }, [workflows, dagId, request]);
  const count = preview.status === 'ready' ? preview.items.length : 0;
  const confirm = () => {
    onClose();
    void workflows?.markTask(dagId, request);
  };
  const label = mapIndex >= 0 ? `${taskId}[${mapIndex}]` : taskId;
  return createPortal(
    <div className="modal-backdrop" onKeyDown={(event) => event.key === 'Escape' && onClose()}>
      <div className="modal card action-dialog" role="dialog" aria-modal="true" aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`}>Mark {label} {state}</h2>
        <fieldset className="action-options">
          <legend className="small muted">Also mark</legend>
          {OPTIONS.map(({ key, label: name }) => (
            <label key={key} className="check small">
              <input type="checkbox" checked={request[key]} onChange={(event) => setRequest({ ...request, [key]: event.target.checked })} /> {name}
            </label>
          ))}
        </fieldset>
        <AffectedList preview={preview} action={`mark ${state}`} />
        <div className="modal-actions">
          <button ref={cancel} type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button type="button" className={`button ${state === 'failed' ? 'danger' : 'primary'}`} disabled={preview.status !== 'ready' || count === 0} onClick={confirm}>
            Mark {count === 1 ? '1 task instance' : `${count} task instances`} {state}
          </button>
        </div>
      </div>
    </div>,
    document.body,
  );
}
