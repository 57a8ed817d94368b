import type { ElkExtendedEdge, ElkNode } from 'elkjs/lib/elk-api';
import type { GraphData, GraphNode } from '../../../contracts/workflow';

/** A laid-out node: position relative to its group (React Flow's parentId convention, and ELK's). */
export interface PlacedNode {
  id: string;
  label: string;
  operator: string | null;
  isGroup: boolean;
  isMapped: boolean;
  parentId: string | null;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface PlacedGraph {
  nodes: PlacedNode[];
  edges: { id: string; source: string; target: string }[];
  width: number;
  height: number;
}

export const TASK_WIDTH = 190;
export const TASK_HEIGHT = 44;

const LAYOUT_OPTIONS = {
  'elk.algorithm': 'layered',
  'elk.direction': 'RIGHT',
  'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
  'elk.layered.spacing.nodeNodeBetweenLayers': '48',
  'elk.spacing.nodeNode': '20',
  'elk.padding': '[top=36,left=16,bottom=16,right=16]',
};

function toElkNode(node: GraphNode): ElkNode {
  if (!node.isGroup) return { id: node.id, width: TASK_WIDTH, height: TASK_HEIGHT };
  return { id: node.id, children: node.children.map(toElkNode), layoutOptions: { 'elk.padding': LAYOUT_OPTIONS['elk.padding'] } };
}

/** The graph as ELK's input: groups are compound nodes, edges all at the root (ELK routes across groups). */
export function toElkGraph(graph: GraphData): ElkNode {
  const ids = new Set<string>();
  const walk = (nodes: GraphNode[]) => nodes.forEach((n) => (ids.add(n.id), walk(n.children)));
  walk(graph.nodes);
  const edges: ElkExtendedEdge[] = graph.edges
    .filter((e) => ids.has(e.source) && ids.has(e.target))
    .map((e) => ({ id: `${e.source}->${e.target}`, sources: [e.source], targets: [e.target] }));
  return { id: '__root__', layoutOptions: LAYOUT_OPTIONS, children: graph.nodes.map(toElkNode), edges };
}

/** ELK's answer as flat nodes, parents before children (React Flow needs that order). */
export function fromElkGraph(graph: GraphData, laid: ElkNode): PlacedGraph {
  const info = new Map<string, GraphNode>();
  const walk = (nodes: GraphNode[]) => nodes.forEach((n) => (info.set(n.id, n), walk(n.children)));
  walk(graph.nodes);
  const nodes: PlacedNode[] = [];
  const place = (children: ElkNode[] | undefined, parentId: string | null) => {
    for (const child of children ?? []) {
      const node = info.get(child.id);
      if (!node) continue;
      nodes.push({
        id: child.id, label: node.label, operator: node.operator, isGroup: node.isGroup, isMapped: node.isMapped, parentId,
        x: child.x ?? 0, y: child.y ?? 0, width: child.width ?? TASK_WIDTH, height: child.height ?? TASK_HEIGHT,
      });
      place(child.children, child.id);
    }
  };
  place(laid.children, null);
  const edges = (laid.edges ?? []).map((e) => ({ id: e.id, source: e.sources[0] ?? '', target: e.targets[0] ?? '' }));
  return { nodes, edges, width: laid.width ?? 0, height: laid.height ?? 0 };
}
