import { useEffect, useRef, useState } from 'react';
import { STILL_READING, type DagDetail } from '../../../../contracts/workflow';
import { useNow } from '../../hooks/useNow';
import { markdownHtml } from '../../notebook/render';
import { when } from '../time';
import { CacheNote } from '../CacheNote';
import { DagGrid } from '../grid/DagGrid';
import { useWorkflowView } from '../useWorkflowView';
import type { DetailSelection } from './detailParams';
import { RunPanel } from './RunPanel';
import { TaskPanel } from './TaskPanel';

/** How many recent runs the grid shows, as Airflow's default. */
export const GRID_RUNS = 25;
/** Below this the panel sits under the grid (workflow.css). */
const NARROW = '(max-width: 1000px)';

interface Props {
  dag: DagDetail;
  selection: DetailSelection;
  onSelect: (change: Partial<DetailSelection>) => void;
}

/** Recent runs × tasks, and beside it the selected run's or task instance's panel. */
export function GridTab({ dag, selection, onSelect }: Props) {
  const { runId, taskId } = selection;
  const panel = useRef<HTMLElement>(null);
  // On a narrow screen the panel is below the grid: bring it into view when something is chosen.
  useEffect(() => {
    if ((runId || taskId) && window.matchMedia(NARROW).matches) panel.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }, [runId, taskId]);
  // A log opened: it fills the window's height, so bring it (and the grid beside it, when wide) to the top.
  const layout = useRef<HTMLDivElement>(null);
  const logOpen = Boolean(taskId) && selection.taskTab === 'logs';
  useEffect(() => {
    if (logOpen) (window.matchMedia(NARROW).matches ? panel : layout).current?.scrollIntoView({ block: 'start' });
  }, [logOpen]);
  const grid = useWorkflowView({ kind: 'grid', dagId: dag.id, numRuns: GRID_RUNS });
  // Durations of running tasks tick by the second; a finished grid needs no clock.
  const now = useNow(grid.value?.runs.some((r) => r.state === 'running' || r.state === 'queued') ? 1000 : 60_000);
  return (
    <div ref={layout} className={`grid-layout${logOpen ? ' wide-panel' : ''}`}>
      <section className="grid-pane" aria-label="Grid">
        <CacheNote fetchedAt={grid.fetchedAt} error={grid.error} what="grid" />
        {grid.value ? (
          <DagGrid data={grid.value} selected={{ runId: runId ?? undefined, taskId: taskId ?? undefined }} onSelect={(sel) => onSelect({ runId: sel.runId ?? null, taskId: sel.taskId ?? null })} now={now} label={`Grid of ${dag.id}`} />
        ) : (
          <GridWaiting loading={grid.loading} error={grid.error} />
        )}
      </section>
      <section ref={panel} className="detail-pane" aria-label="Details">
        {runId && taskId ? (
          <TaskPanel dagId={dag.id} runId={runId} taskId={taskId} selection={selection} onSelect={onSelect} />
        ) : runId ? (
          <RunPanel dagId={dag.id} runId={runId} onSelectTask={(id) => onSelect({ taskId: id })} />
        ) : (
          <DagSummary dag={dag} />
        )}
      </section>
    </div>
  );
}

/** Past this, a first grid still coming says what it waits for, and for how long. */
const SLOW_MS = 2000;

/**
 * Before the first grid: loading, then the wait for Airflow's structure call counted in seconds
 * (a big DAG's can outlast the proxy's timeout: its 504 says so and the console keeps asking), or
 * the failure.
 */
export function GridWaiting({ loading, error }: { loading: boolean; error: string | undefined }) {
  const [since] = useState(() => Date.now());
  const reading = error?.startsWith(STILL_READING) ?? false;
  const now = useNow(1000);
  if (!loading && !reading) return <p className="muted">The grid could not be loaded: {error ?? ''}</p>;
  const waited = now - since;
  return <p className="muted" role="status">{reading || waited >= SLOW_MS ? `Reading the DAG's structure… ${Math.round(waited / 1000)} s` : 'Loading the grid…'}</p>;
}

/** What the panel shows before anything is selected: the DAG's facts and documentation. */
function DagSummary({ dag }: { dag: DagDetail }) {
  return (
    <div className="panel-body">
      <h3>{dag.displayName}</h3>
      <p className="muted small">Select a run (a bar at the top of the grid) or a task instance (a square) to see its details and logs.</p>
      <dl className="facts">
        <dt>File</dt>
        <dd className="mono small">{dag.fileloc}</dd>
        <dt>Start date</dt>
        <dd>{when(dag.startDate)}</dd>
        <dt>Catchup</dt>
        <dd>{dag.catchup === null ? '—' : dag.catchup ? 'Yes' : 'No'}</dd>
        <dt>Max active runs</dt>
        <dd>{dag.maxActiveRuns ?? '—'}</dd>
        <dt>Time zone</dt>
        <dd>{dag.timezone ?? '—'}</dd>
      </dl>
      {/* Sanitised by markdownHtml (marked, then DOMPurify), as notebook markdown is. */}
      {dag.docMd && <div className="doc-md" dangerouslySetInnerHTML={{ __html: markdownHtml(dag.docMd) }} />}
    </div>
  );
}
