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
