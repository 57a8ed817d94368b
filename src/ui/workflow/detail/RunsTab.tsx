import { useState } from 'react';
import { Pager } from '../../components/Pager';
import { CacheNote } from '../CacheNote';
import { duration, when } from '../time';
import { useWorkflowView } from '../useWorkflowView';

const RUNS_PAGE = 25;

/** Every run, newest first, paged: state, type, times and duration; a click opens it in the grid. */
export function RunsTab({ dagId, onSelectRun }: { dagId: string; onSelectRun: (runId: string) => void }) {
  const [page, setPage] = useState(0);
  const runs = useWorkflowView({ kind: 'runs', dagId, query: { limit: RUNS_PAGE, offset: page * RUNS_PAGE } });
  const items = runs.value?.items ?? [];
  return (
    <div>
      <CacheNote fetchedAt={runs.fetchedAt} error={runs.error} what="runs" />
      <table className="data-table runs-table" aria-label="Runs">
        <thead>
          <tr>
            <th>State</th>
            <th>Run</th>
            <th>Type</th>
            <th>Run after</th>
            <th>Started</th>
            <th>Ended</th>
            <th>Duration</th>
          </tr>
        </thead>
        <tbody>
          {items.map((run) => (
            <tr key={run.runId}>
              <td><span className={`state-pill state-${run.state}`}>{run.state}</span></td>
              <td>
                <button type="button" className="link-button mono" onClick={() => onSelectRun(run.runId)}>{run.runId}</button>
              </td>
              <td>{run.runType}</td>
              <td>{when(run.runAfter)}</td>
              <td>{when(run.startDate)}</td>
              <td>{when(run.endDate)}</td>
              <td>{duration(run.startDate, run.endDate)}</td>
            </tr>
          ))}
          {runs.value && items.length === 0 && (
            <tr><td colSpan={7} className="muted">This DAG has not run yet.</td></tr>
          )}
        </tbody>
      </table>
      {runs.value && <Pager label="Run pages" page={page} pageSize={RUNS_PAGE} count={runs.value.total} noun="runs" onPage={setPage} />}
    </div>
  );
}
