import { useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { DateTimeInput } from '../components/DateTimeInput';
import { useFocusTrap } from '../hooks/useFocusTrap';
import { useWorkflows } from './useWorkflowView';

interface Props {
  dagId: string;
  isPaused: boolean;
  onClose: () => void;
}

/**
 * Trigger a run with an optional JSON conf and logical date, as Airflow's "Trigger DAG w/ config".
 * A bad conf is refused beside its field and the text stays; on a paused DAG the run waits until
 * the DAG is unpaused, so the dialog offers to unpause it with the trigger.
 */
export function TriggerDialog({ dagId, isPaused, onClose }: Props) {
  const workflows = useWorkflows();
  const navigate = useNavigate();
  const id = useId();
  const ref = useRef<HTMLFormElement>(null);
  const trap = useFocusTrap(ref);
  const [confText, setConfText] = useState('{}');
  const [logicalDate, setLogicalDate] = useState<Date | null>(null);
  const [unpause, setUnpause] = useState(true);
  const [error, setError] = useState<{ field: 'conf' | 'server'; message: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!workflows || busy) return;
    setBusy(true);
    const outcome = await workflows.trigger(dagId, { confText, logicalDate: logicalDate?.toISOString() ?? null });
    if (outcome.ok && isPaused && unpause) await workflows.setPaused(dagId, false);
    setBusy(false);
    if (!outcome.ok) {
      setError(outcome);
      return;
    }
    onClose();
    navigate(`/admin/workflow/${encodeURIComponent(dagId)}?run=${encodeURIComponent(outcome.run.runId)}`);
  };

  return (
    <div className="modal-backdrop" onKeyDown={(e) => (e.key === 'Escape' ? onClose() : trap(e))}>
      <form ref={ref} className="modal card trigger-dialog" role="dialog" aria-modal="true" aria-labelledby={`${id}-title`} onSubmit={(e) => void submit(e)}>
        <h2 id={`${id}-title`}>Trigger {dagId}</h2>
        <label className="field">
          <span>Configuration (JSON object)</span>
          <textarea
            className="mono"
            rows={6}
            value={confText}
            spellCheck={false}
            onChange={(e) => {
              setConfText(e.target.value);
              setError(null);
            }}
            aria-invalid={error?.field === 'conf'}
            aria-describedby={error?.field === 'conf' ? `${id}-conf-error` : undefined}
          />
        </label>
        {error?.field === 'conf' && (
          <p id={`${id}-conf-error`} className="field-error" role="alert">
            {error.message}
          </p>
        )}
        <DateTimeInput label="Logical date (optional, now when empty)" value={logicalDate} onChange={setLogicalDate} clearable />
        {isPaused && (
          <label className="check">
            <input type="checkbox" checked={unpause} onChange={(e) => setUnpause(e.target.checked)} />
            This DAG is paused: its run waits until it is unpaused. Unpause it now.
          </label>
        )}
        {error?.field === 'server' && (
          <p className="field-error" role="alert">
            The run was not triggered: {error.message}
          </p>
        )}
        <div className="modal-actions">
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button primary" disabled={busy || !workflows}>
            Trigger
          </button>
        </div>
      </form>
    </div>
  );
}
