import { Background, Controls, Handle, MiniMap, Position, ReactFlow, type Edge, type Node, type NodeProps } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { memo, useEffect, useMemo, useState } from 'react';
import type { TaskState } from '../../../../contracts/workflow';
import type { PlacedGraph } from '../../../workflow/graphLayout';
import { CacheNote } from '../CacheNote';
import { useWorkflows, useWorkflowView } from '../useWorkflowView';

interface TaskData extends Record<string, unknown> {
  label: string;
  operator: string | null;
  isMapped: boolean;
  state: TaskState | undefined;
}

/** A task box: name, operator, and its state in the chosen run as the border colour and a word. */
const TaskNode = memo(function TaskNode({ data }: NodeProps<Node<TaskData>>) {
  const state = data.state ?? null;
  return (
    <div className={`graph-task state-border-${state ?? 'none'}`} title={`${data.label}${state ? ` · ${state}` : ''}`}>
      <Handle type="target" position={Position.Left} />
      <div className="graph-task-label">{data.label}{data.isMapped ? ' [ ]' : ''}</div>
      <div className="graph-task-meta">{data.operator ?? ''}{state ? ` · ${state}` : ''}</div>
      <Handle type="source" position={Position.Right} />
    </div>
  );
});

const GroupNode = memo(function GroupNode({ data }: NodeProps<Node<TaskData>>) {
  return <div className="graph-group-label">{data.label}</div>;
});

const NODE_TYPES = { task: TaskNode, taskGroup: GroupNode };

function toFlow(placed: PlacedGraph, states: Map<string, TaskState>): { nodes: Node<TaskData>[]; edges: Edge[] } {
  const nodes = placed.nodes.map((n) => ({
    id: n.id,
    type: n.isGroup ? 'taskGroup' : 'task',
    position: { x: n.x, y: n.y },
    ...(n.parentId ? { parentId: n.parentId, extent: 'parent' as const } : {}),
    data: { label: n.label, operator: n.operator, isMapped: n.isMapped, state: states.get(n.id) },
    style: { width: n.width, height: n.height },
    className: n.isGroup ? 'graph-group' : undefined,
    draggable: false,
    connectable: false,
  }));
  const edges = placed.edges.map((e) => ({ id: e.id, source: e.source, target: e.target }));
  return { nodes, edges };
}

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
  const flow = useMemo(() => (placed ? toFlow(placed, states) : null), [placed, states]);

  if (!graph.value) return <p className="muted">{graph.loading ? 'Loading the graph…' : `The graph could not be loaded: ${graph.error ?? ''}`}</p>;
  if (error) return <p className="field-error" role="alert">The graph could not be laid out: {error}</p>;
  return (
    <div className="graph-view">
      <CacheNote fetchedAt={graph.fetchedAt} error={graph.error} what="graph" />
      <p className="muted small">{shownRun ? `Coloured by run ${shownRun}` : 'No run yet: tasks are not coloured'}</p>
      <div className="graph-canvas" aria-label="DAG graph" data-testid="dag-graph">
        {flow ? (
          <ReactFlow
            nodes={flow.nodes}
            edges={flow.edges}
            nodeTypes={NODE_TYPES}
            fitView
            minZoom={0.1}
            nodesDraggable={false}
            nodesConnectable={false}
            onNodeClick={(_, node) => node.type === 'task' && onSelectTask(node.id)}
          >
            <Background />
            <Controls showInteractive={false} />
            <MiniMap pannable zoomable />
          </ReactFlow>
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
