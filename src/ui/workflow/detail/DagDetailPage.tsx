import { useEffect } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import '../workflow.css';
import { Loading } from '../../components/Loading';
import { useSignedIn } from '../../appContext';
import { useSetSearch } from '../../routing/useSetSearch';
import { CacheNote } from '../CacheNote';
import { useWorkflowView } from '../useWorkflowView';
import { DagHeader } from './DagHeader';
import { DAG_TABS, readDetailParams, writeDetailParams, type DetailSelection } from './detailParams';
import { EventsTab } from './EventsTab';
import { GraphTab } from './GraphTab';
import { GridTab } from './GridTab';
import { RunsTab } from './RunsTab';
import { SourceTab } from './SourceTab';

const TAB_LABELS = { grid: 'Grid', graph: 'Graph', runs: 'Runs', code: 'Code', events: 'Events' } as const;

/**
 * /admin/workflow/:id: one DAG — header and actions, then the grid (with the selected run's or task
 * instance's panel and its log), graph, runs, source and event log. The URL names the tab, run,
 * task and try, so a link or a reload reopens the same log.
 */
export function DagDetailPage() {
  const { id = '' } = useParams();
  const dagId = decodeURIComponent(id);
  const [params] = useSearchParams();
  const setSearch = useSetSearch();
  const selection = readDetailParams(params);
  const dag = useWorkflowView({ kind: 'dag', dagId });
  const { recordVisit } = useSignedIn();
  const select = (change: Partial<DetailSelection>) => setSearch((now) => writeDetailParams(now, change));

  useEffect(() => {
    recordVisit({ path: `/admin/workflow/${encodeURIComponent(dagId)}`, title: dagId });
  }, [dagId, recordVisit]);

  if (!dag.value) {
    if (dag.loading) return <Loading />;
    return (
      <div className="empty-state" role="alert">
        <h2>DAG {dagId} could not be shown</h2>
        <p className="muted">{dag.error ?? 'It was never opened on this device while online.'}</p>
      </div>
    );
  }
  return (
    <div className="dag-detail">
      <DagHeader dag={dag.value} />
      <CacheNote fetchedAt={dag.fetchedAt} error={dag.error} what="DAG" />
      <nav className="dag-tabs" role="tablist" aria-label="DAG views">
        {DAG_TABS.map((tab) => (
          <button key={tab} type="button" role="tab" aria-selected={selection.tab === tab} className={selection.tab === tab ? 'on' : ''} onClick={() => select({ tab })}>
            {TAB_LABELS[tab]}
          </button>
        ))}
      </nav>
      <div className="dag-tab-body" role="tabpanel" aria-label={TAB_LABELS[selection.tab]}>
        {selection.tab === 'grid' && <GridTab dag={dag.value} selection={selection} onSelect={select} />}
        {selection.tab === 'graph' && <GraphTab dagId={dagId} runId={selection.runId} onSelectTask={(taskId) => select({ tab: 'grid', taskId })} />}
        {selection.tab === 'runs' && <RunsTab dagId={dagId} onSelectRun={(runId) => select({ tab: 'grid', runId, taskId: null })} />}
        {selection.tab === 'code' && <SourceTab dag={dag.value} />}
        {selection.tab === 'events' && <EventsTab dagId={dagId} />}
      </div>
    </div>
  );
}
