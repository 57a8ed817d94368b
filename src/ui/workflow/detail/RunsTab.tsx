import { useState } from 'react';
import { duration, when } from '../time';
import { useWorkflowView } from '../useWorkflowView';
import { PagedTable } from './PagedTable';

const RUNS_PAGE = 25;
const COLUMNS = ['State', 'Run', 'Type', 'Run after', 'Started', 'Ended', 'Duration'];

/** Every run, newest first, paged: state, type, times and duration; a click opens it in the grid. */
export function RunsTab({ dagId, onSelectRun }: { dagId: string; onSelectRun: (runId: string) => void }) {
  const [page, setPage] = useState(0);
  const runs = useWorkflowView({ kind: 'runs', dagId, query: { limit: RUNS_PAGE, offset: page * RUNS_PAGE } });
  return (
    <PagedTable
      view={runs}
      what="runs"
      noun="runs"
      label="Runs"
      pagerLabel="Run pages"
      className="runs-table"
      pageSize={RUNS_PAGE}
      page={page}
      onPage={setPage}
      columns={COLUMNS}
      empty="This DAG has not run yet."
      row={(run) => (
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
      )}
    />
  );
}
