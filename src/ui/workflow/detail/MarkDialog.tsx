import { useId, useMemo, useState } from 'react';
import { createPortal } from 'react-dom';
import type { MarkRequest } from '../../../../contracts/workflow';
import { useWorkflows } from '../useWorkflowView';
import { AffectedList } from './AffectedList';
import { useDialogFocus, useDryRun } from './useDryRun';

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
  const cancel = useDialogFocus();
  const [request, setRequest] = useState<MarkRequest>({ runId, taskId, mapIndex, state, includeUpstream: false, includeDownstream: false, includePast: false, includeFuture: false });
  const dryRun = useMemo(() => workflows && ((asked: MarkRequest) => workflows.previewMark(dagId, asked)), [workflows, dagId]);
  const preview = useDryRun(request, dryRun);
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
