import type { TaskInstance } from '../../../../contracts/workflow';
import { duration, when } from '../time';
import { useWorkflows, useWorkflowView } from '../useWorkflowView';

/** One run: its facts and conf, its task instances by state, and Airflow's run actions. */
export function RunPanel({ dagId, runId, onSelectTask }: { dagId: string; runId: string; onSelectTask: (taskId: string) => void }) {
  const workflows = useWorkflows();
  const runs = useWorkflowView({ kind: 'runs', dagId, query: { limit: 100, offset: 0 } });
  const instances = useWorkflowView({ kind: 'instances', dagId, runId });
  const run = runs.value?.items.find((r) => r.runId === runId);
  const tis = instances.value ?? [];
  const failed = tis.filter((ti) => ti.state === 'failed' || ti.state === 'upstream_failed');
  const finished = run?.state === 'success' || run?.state === 'failed';
  return (
    <div className="panel-body" data-testid="run-panel">
      <h3 className="mono">{runId}</h3>
      {run ? (
        <dl className="facts">
          <dt>State</dt>
          <dd><span className={`state-pill state-${run.state}`}>{run.state}</span></dd>
          <dt>Type</dt>
          <dd>{run.runType}{run.triggeredBy ? ` (${run.triggeredBy})` : ''}</dd>
          <dt>Run after</dt>
          <dd>{when(run.runAfter)}</dd>
          <dt>Started</dt>
          <dd>{when(run.startDate)}</dd>
          <dt>Ended</dt>
          <dd>{when(run.endDate)}</dd>
          <dt>Duration</dt>
          <dd>{duration(run.startDate, run.endDate)}</dd>
          <dt>Conf</dt>
          <dd><pre className="conf mono small">{JSON.stringify(run.conf, null, 2)}</pre></dd>
          {run.note && (
            <>
              <dt>Note</dt>
              <dd>{run.note}</dd>
            </>
          )}
        </dl>
      ) : (
        <p className="muted small">{runs.loading ? 'Loading…' : 'This run is not among the latest 100.'}</p>
      )}
      <div className="panel-actions">
        <button type="button" className="button small" disabled={!workflows || run?.state === 'success'} onClick={() => void workflows?.markRun(dagId, runId, 'success')}>
          Mark success
        </button>
        <button type="button" className="button small danger" disabled={!workflows || run?.state === 'failed'} onClick={() => void workflows?.markRun(dagId, runId, 'failed')}>
          Mark failed
        </button>
        <button
          type="button"
          className="button small"
          disabled={!workflows || !finished || failed.length === 0}
          title="Run the failed tasks and what depends on them again"
          onClick={() => void workflows?.clear(dagId, { runId, taskIds: failed.map((ti) => ti.taskId), includeDownstream: true, includeUpstream: false, includePast: false, includeFuture: false, onlyFailed: true })}
        >
          Clear failed tasks
        </button>
      </div>
      <TaskList tis={tis} onSelectTask={onSelectTask} />
    </div>
  );
}

function TaskList({ tis, onSelectTask }: { tis: TaskInstance[]; onSelectTask: (taskId: string) => void }) {
  if (tis.length === 0) return null;
  return (
    <table className="data-table compact" aria-label="Task instances">
      <thead>
        <tr>
          <th>Task</th>
          <th>State</th>
          <th>Try</th>
          <th>Duration</th>
        </tr>
      </thead>
      <tbody>
        {tis.map((ti) => (
          <tr key={`${ti.taskId}/${ti.mapIndex}`}>
            <td><button type="button" className="link-button mono small" onClick={() => onSelectTask(ti.taskId)}>{ti.taskId}{ti.mapIndex >= 0 ? `[${ti.mapIndex}]` : ''}</button></td>
            <td><span className={`state-pill state-${ti.state ?? 'none'}`}>{ti.state ?? 'no status'}</span></td>
            <td>{ti.tryNumber}</td>
            <td>{duration(ti.startDate, ti.endDate)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
