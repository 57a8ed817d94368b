import type { AffectedTaskInstance } from '../../../../contracts/workflow';

/** A dry run's answer as a dialog shows it. */
export type Preview = { status: 'loading' } | { status: 'ready'; items: AffectedTaskInstance[] } | { status: 'error'; message: string };

/** The task instances an action's dry run lists, or why there are none. */
export function AffectedList({ preview, action }: { preview: Preview; action: string }) {
  if (preview.status === 'loading') return <p className="muted small" role="status">Listing the task instances…</p>;
  if (preview.status === 'error') return <p className="field-error" role="alert">{preview.message}</p>;
  if (preview.items.length === 0) return <p className="muted small" role="status">No task instance matches: nothing to {action}.</p>;
  return (
    <div className="affected-list">
      <table className="data-table compact" aria-label={`Task instances to ${action}`}>
        <thead>
          <tr><th>Task</th><th>Run</th><th>Map index</th><th>State</th></tr>
        </thead>
        <tbody>
          {preview.items.map((ti, i) => (
            // Airflow 2 lists a mapped task's instances without their index: the position tells them apart.
            <tr key={i}>
              <td className="mono">{ti.taskId}</td>
              <td className="mono small">{ti.runId}</td>
              <td>{ti.mapIndex === null || ti.mapIndex < 0 ? '—' : ti.mapIndex}</td>
              <td>{ti.mapIndex === null && ti.state === null ? '—' : <span className={`state-pill state-${ti.state ?? 'none'}`}>{ti.state ?? 'no status'}</span>}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
