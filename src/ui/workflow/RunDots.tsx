import { Link } from 'react-router-dom';
import type { DagRun } from '../../../contracts/workflow';
import { duration, when } from './time';

/** The recent-runs strip: one bar per run, oldest first, coloured by state, each a link to that run. */
export function RunDots({ dagId, runs }: { dagId: string; runs: DagRun[] }) {
  if (runs.length === 0) return <span className="muted">—</span>;
  return (
    <span className="run-dots" aria-label={`Last ${runs.length} runs`}>
      {runs.map((run) => (
        <Link
          key={run.runId}
          to={`/admin/workflow/${encodeURIComponent(dagId)}?run=${encodeURIComponent(run.runId)}`}
          className={`run-dot state-${run.state}`}
          title={`${run.runId}\n${run.state} · ${when(run.runAfter)} · ${duration(run.startDate, run.endDate)}`}
          aria-label={`Run ${run.runId}: ${run.state}`}
        />
      ))}
    </span>
  );
}
