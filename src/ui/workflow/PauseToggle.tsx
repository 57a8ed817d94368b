import { useState } from 'react';
import { useWorkflows } from './useWorkflowView';

/** Airflow's pause switch: on means the scheduler runs the DAG. */
export function PauseToggle({ dagId, isPaused }: { dagId: string; isPaused: boolean }) {
  const workflows = useWorkflows();
  const [busy, setBusy] = useState(false);
  const toggle = async () => {
    if (!workflows) return;
    setBusy(true);
    await workflows.setPaused(dagId, !isPaused);
    setBusy(false);
  };
  return (
    <button
      type="button"
      role="switch"
      className="switch"
      aria-checked={!isPaused}
      aria-label={`${isPaused ? 'Unpause' : 'Pause'} ${dagId}`}
      title={isPaused ? 'Paused: click to let the scheduler run it' : 'Active: click to pause'}
      disabled={busy || !workflows}
      onClick={() => void toggle()}
    >
      <span className="switch-knob" />
    </button>
  );
}
