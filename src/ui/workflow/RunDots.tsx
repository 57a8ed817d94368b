import type { DagRun, RunState } from '../../../contracts/workflow';
import { duration, when } from './time';

/** "9 success, 1 failed": what the strip shows, for screen readers. */
function summary(runs: DagRun[]): string {
  const counts = new Map<RunState, number>();
  for (const run of runs) counts.set(run.state, (counts.get(run.state) ?? 0) + 1);
  return [...counts].map(([state, n]) => `${n} ${state}`).join(', ');
}

/**
 * The recent-runs strip: one bar per run, oldest first, coloured by state, each with its run in a
 * tooltip. A picture, not links: bars this small are no targets (the DAG's page has every run).
 */
export function RunDots({ runs }: { runs: DagRun[] }) {
  if (runs.length === 0) return <span className="muted">—</span>;
  return (
    <span className="run-dots" role="img" aria-label={`Last ${runs.length} runs: ${summary(runs)}`}>
      {runs.map((run) => (
        <span key={run.runId} className={`run-dot state-${run.state}`} title={`${run.runId}\n${run.state} · ${when(run.runAfter)} · ${duration(run.startDate, run.endDate)}`} />
      ))}
    </span>
  );
}
