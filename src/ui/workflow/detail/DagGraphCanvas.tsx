import { Background, Controls, Handle, MiniMap, Position, ReactFlow, type Edge, type Node, type NodeProps } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { memo, useMemo } from 'react';
import type { TaskState } from '../../../../contracts/workflow';
import type { PlacedGraph } from '../../../model/workflow/graphLayout';

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

/** A laid-out graph drawn by React Flow, each task coloured by its state in `states`; a click on a task selects it. */
export function DagGraphCanvas({ placed, states, onSelectTask }: { placed: PlacedGraph; states: Map<string, TaskState>; onSelectTask: (taskId: string) => void }) {
  const flow = useMemo(() => toFlow(placed, states), [placed, states]);
  return (
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
  );
}
