import type { GraphData, GraphNode, Task } from '../../../contracts/workflow';
import { taskTree } from './grid';

/**
 * The graph view from a DAG's task list: tasks nested in the groups their ids name (React Flow
 * draws groups as parent nodes), and one edge per upstream → downstream dependency.
 */
export function buildGraph(tasks: readonly Task[]): GraphData {
  const ids = new Set(tasks.map((t) => t.id));
  const toGraph = (node: ReturnType<typeof taskTree>[number]): GraphNode => ({
    id: node.id,
    label: node.label,
    operator: node.operator,
    isGroup: node.isGroup,
    isMapped: node.isMapped,
    children: node.children.map(toGraph),
  });
  const seen = new Set<string>();
  const edges: GraphData['edges'] = [];
  for (const task of tasks) {
    for (const target of task.downstream) {
      const key = `${task.id}\u0000${target}`;
      // An edge to a task the list does not have would point at nothing.
      if (!ids.has(target) || seen.has(key)) continue;
      seen.add(key);
      edges.push({ source: task.id, target });
    }
  }
  return { nodes: taskTree(tasks, () => ({})).map(toGraph), edges };
}

/**
 * The graph without the given nodes (Airflow 3's task groups enter and leave through `join` nodes
 * with empty labels, which would be drawn as blank boxes), each edge through them kept as edges
 * from what comes before to what comes after (a join may lead to another join).
 */
export function collapseJoins(graph: GraphData, joins: ReadonlySet<string>): GraphData {
  if (joins.size === 0) return graph;
  const next = new Map<string, string[]>();
  for (const { source, target } of graph.edges) next.set(source, [...(next.get(source) ?? []), target]);
  const beyond = (id: string, seen: Set<string>): string[] => {
    if (!joins.has(id)) return [id];
    if (seen.has(id)) return [];
    seen.add(id);
    return (next.get(id) ?? []).flatMap((target) => beyond(target, seen));
  };
  const keys = new Set<string>();
  const edges: GraphData['edges'] = [];
  for (const { source, target } of graph.edges) {
    if (joins.has(source)) continue;
    for (const end of beyond(target, new Set())) {
      const key = `${source}\u0000${end}`;
      if (end === source || keys.has(key)) continue;
      keys.add(key);
      edges.push({ source, target: end });
    }
  }
  const keep = (nodes: GraphNode[]): GraphNode[] => nodes.filter((node) => !joins.has(node.id)).map((node) => ({ ...node, children: keep(node.children) }));
  return { nodes: keep(graph.nodes), edges };
}
