import { useId, useMemo, useState } from 'react';
import { createPortal } from 'react-dom';
import type { ClearRequest } from '../../../../contracts/workflow';
import { useWorkflows } from '../useWorkflowView';
import { AffectedList } from './AffectedList';
import { useDialogFocus, useDryRun } from './useDryRun';

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
  const cancel = useDialogFocus();
  const [request, setRequest] = useState<ClearRequest>({ runId, taskIds: [taskId], includeUpstream: false, includeDownstream: true, includePast: false, includeFuture: false, onlyFailed: false });
  const dryRun = useMemo(() => workflows && ((asked: ClearRequest) => workflows.previewClear(dagId, asked)), [workflows, dagId]);
  const preview = useDryRun(request, dryRun);
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
