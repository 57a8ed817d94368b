import { useEffect, useMemo, useState } from 'react';
import type { PlacedGraph } from '../../../model/workflow/graphLayout';
import { CacheNote } from '../CacheNote';
import { useWorkflows, useWorkflowView } from '../useWorkflowView';
import { DagGraphCanvas } from './DagGraphCanvas';

/**
 * The DAG's tasks and dependencies, laid out by ELK in a worker and drawn with React Flow, coloured
 * by the selected run's task states (the latest run when none is selected). A click opens the task.
 */
export function GraphTab({ dagId, runId, onSelectTask }: { dagId: string; runId: string | null; onSelectTask: (taskId: string) => void }) {
  const workflows = useWorkflows();
  const graph = useWorkflowView({ kind: 'graph', dagId });
  const latest = useWorkflowView(runId ? null : { kind: 'runs', dagId, query: { limit: 1, offset: 0 } });
  const shownRun = runId ?? latest.value?.items[0]?.runId ?? null;
  const instances = useWorkflowView(shownRun ? { kind: 'instances', dagId, runId: shownRun } : null);
  const [placed, setPlaced] = useState<PlacedGraph | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!workflows || !graph.value) return;
    let live = true;
    workflows.layout(graph.value).then(
      (result) => live && setPlaced(result),
      (failure: unknown) => live && setError(failure instanceof Error ? failure.message : String(failure)),
    );
    return () => {
      live = false;
    };
  }, [workflows, graph.value]);

  const states = useMemo(() => new Map((instances.value ?? []).map((ti) => [ti.taskId, ti.state])), [instances.value]);

  if (!graph.value) return <p className="muted">{graph.loading ? 'Loading the graph…' : `The graph could not be loaded: ${graph.error ?? ''}`}</p>;
  if (error) return <p className="field-error" role="alert">The graph could not be laid out: {error}</p>;
  return (
    <div className="graph-view">
      <CacheNote fetchedAt={graph.fetchedAt} error={graph.error} what="graph" />
      <p className="muted small">{shownRun ? `Coloured by run ${shownRun}` : 'No run yet: tasks are not coloured'}</p>
      <div className="graph-canvas" aria-label="DAG graph" data-testid="dag-graph">
        {placed ? (
          <DagGraphCanvas placed={placed} states={states} onSelectTask={onSelectTask} />
        ) : (
          <p className="muted">Laying out {countTasks(graph.value.nodes)} tasks…</p>
        )}
      </div>
    </div>
  );
}

function countTasks(nodes: { isGroup: boolean; children: unknown[] }[]): number {
  return nodes.reduce((sum, n) => sum + (n.isGroup ? countTasks(n.children as typeof nodes) : 1), 0);
}
