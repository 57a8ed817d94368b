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
        <ConfField
          id={id}
          value={confText}
          error={error?.field === 'conf' ? error.message : null}
          onChange={(text) => {
            setConfText(text);
            setError(null);
          }}
        />
        <DateTimeInput label="Logical date (optional, now when empty)" value={logicalDate} onChange={setLogicalDate} clearable />
        {isPaused && <UnpauseCheck checked={unpause} onChange={setUnpause} />}
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

/** The run's JSON conf; a bad one is refused beside it and its text stays. */
function ConfField({ id, value, error, onChange }: { id: string; value: string; error: string | null; onChange: (text: string) => void }) {
  return (
    <>
      <label className="field">
        <span>Configuration (JSON object)</span>
        <textarea
          className="mono"
          rows={6}
          value={value}
          spellCheck={false}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={error !== null}
          aria-describedby={error !== null ? `${id}-conf-error` : undefined}
        />
      </label>
      {error !== null && (
        <p id={`${id}-conf-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
    </>
  );
}

function UnpauseCheck({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <label className="check">
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      This DAG is paused: its run waits until it is unpaused. Unpause it now.
    </label>
  );
}
