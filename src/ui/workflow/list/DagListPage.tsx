import { useDeferredValue, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import '../workflow.css';
import { Loading } from '../../components/Loading';
import { Pager } from '../../components/Pager';
import { useSetSearch } from '../../routing/useSetSearch';
import { CacheNote } from '../CacheNote';
import { DAG_PAGE_SIZE, dagQueryOf, readDagListParams, writeDagListParams, type DagListFilters } from '../dagListParams';
import { useKeptWhileLoading, useWorkflowView, useWorkflowViews } from '../useWorkflowView';
import { DagFilters } from './DagFilters';
import { DagRow } from './DagRow';

/** A DAG's last runs, shown in its row (as many as the Airflow UI shows). */
const recentRuns = (dagId: string) => ({ kind: 'runs' as const, dagId, query: { limit: 10, offset: 0 } });

/**
 * /admin/workflow: the DAGs, 10 a page, searched from the header (q) and filtered by tags, owner,
 * paused/active and last run state, all in the URL. The sync worker refreshes what is shown every
 * few seconds for every tab; offline the last answer shows with its age.
 */
export function DagListPage() {
  const [params] = useSearchParams();
  const setSearch = useSetSearch();
  const filters = readDagListParams(params);
  // The list follows the URL at a lower priority than typing: a keystroke is never held up by the
  // table rendering the answer to the keystroke before.
  const listed = readDagListParams(new URLSearchParams(useDeferredValue(params.toString())));
  const dags = useWorkflowView({ kind: 'dags', query: dagQueryOf(listed) });
  const change = (next: Partial<DagListFilters>) => setSearch((now) => writeDagListParams(now, next), { replace: next.page === undefined });
  // While a new search is asked, the rows shown stay (no flash of "Loading"); never after a failure.
  const page = useKeptWhileLoading(dags);
  const runsOf = useWorkflowViews((page?.items ?? []).map((dag) => recentRuns(dag.id)));
  // The header's search box writes only q: a new search starts on page 1, as every filter does.
  const searched = useRef(filters.search);
  useEffect(() => {
    if (searched.current === filters.search) return;
    searched.current = filters.search;
    if (filters.page > 0) setSearch((now) => writeDagListParams(now, {}), { replace: true });
  }, [filters.search, filters.page, setSearch]);
  return (
    <div className="dag-list">
      <DagFilters filters={filters} onChange={change} seen={page?.items ?? []} />
      <CacheNote fetchedAt={dags.fetchedAt} error={dags.error} what="DAG list" />
      {!page && dags.loading ? (
        <Loading />
      ) : (
        <table className="data-table dag-table" aria-label="DAGs">
          <thead>
            <tr>
              <th aria-label="Paused" />
              <th>DAG</th>
              <th className="col-owner">Owner</th>
              <th className="col-runs">Recent runs</th>
              <th>Schedule</th>
              <th className="col-last">Last run</th>
              <th className="col-next">Next run</th>
              <th aria-label="Actions" />
            </tr>
          </thead>
          <tbody>
            {page?.items.map((dag) => <DagRow key={dag.id} dag={dag} recent={runsOf(recentRuns(dag.id))?.value?.items} />)}
            {page && page.items.length === 0 && (
              <tr>
                <td colSpan={8} className="muted">
                  No DAG matches these filters.
                </td>
              </tr>
            )}
            {!page && (
              <tr>
                <td colSpan={8} className="muted">
                  The DAG list could not be loaded{dags.error ? `: ${dags.error}` : ''}.
                </td>
              </tr>
            )}
          </tbody>
        </table>
      )}
      {page && <Pager label="DAG pages" page={listed.page} pageSize={DAG_PAGE_SIZE} count={page.total} noun="DAGs" onPage={(p) => change({ page: p })} />}
    </div>
  );
}
