import { duration, when } from '../time';
import { useWorkflowView } from '../useWorkflowView';
import { PagedTable, usePaging, type PagedTableText } from './PagedTable';

const RUNS_PAGE = 25;
const TEXT: PagedTableText = { what: 'runs', noun: 'runs', label: 'Runs', pagerLabel: 'Run pages', className: 'runs-table', empty: 'This DAG has not run yet.',
  columns: ['State', 'Run', 'Type', 'Run after', 'Started', 'Ended', 'Duration'] };

/** Every run, newest first, paged: state, type, times and duration; a click opens it in the grid. */
export function RunsTab({ dagId, onSelectRun }: { dagId: string; onSelectRun: (runId: string) => void }) {
  const paging = usePaging(RUNS_PAGE);
  const runs = useWorkflowView({ kind: 'runs', dagId, query: paging.window });
  return (
    <PagedTable
      view={runs}
      paging={paging}
      text={TEXT}
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
