import { describe, expect, it } from 'vitest';
import type { GraphNode } from '../../../contracts/workflow';
import { collapseJoins } from './graph';

const leaf = (id: string, label = id): GraphNode => ({ id, label, operator: null, isGroup: false, isMapped: false, children: [] });
const group = (id: string, children: GraphNode[]): GraphNode => ({ ...leaf(id), isGroup: true, children });
const edge = (source: string, target: string) => ({ source, target });

describe('collapseJoins', () => {
  // As Airflow 3's structure_data draws showcase's groups: regions and reporting enter and leave through joins, one join straight into the next.
  const nodes = [
    leaf('pick'),
    group('regions', [leaf('regions.upstream_join_id', ''), leaf('regions.eu'), leaf('regions.us'), leaf('regions.downstream_join_id', '')]),
    group('reporting', [leaf('reporting.upstream_join_id', ''), group('reporting.load', [leaf('reporting.load.stage')]), leaf('reporting.notify')]),
  ];
  const edges = [
    edge('pick', 'regions.upstream_join_id'),
    edge('regions.upstream_join_id', 'regions.eu'),
    edge('regions.upstream_join_id', 'regions.us'),
    edge('regions.eu', 'regions.downstream_join_id'),
    edge('regions.us', 'regions.downstream_join_id'),
    edge('regions.downstream_join_id', 'reporting.upstream_join_id'),
    edge('reporting.upstream_join_id', 'reporting.load.stage'),
    edge('reporting.upstream_join_id', 'reporting.notify'),
  ];
  const joins = new Set(['regions.upstream_join_id', 'regions.downstream_join_id', 'reporting.upstream_join_id']);

  it('drops the join nodes at every depth and keeps each path through them as an edge', () => {
    const graph = collapseJoins({ nodes, edges }, joins);
    const ids = (list: GraphNode[]): string[] => list.flatMap((node) => [node.id, ...ids(node.children)]);
    expect(ids(graph.nodes)).toEqual(['pick', 'regions', 'regions.eu', 'regions.us', 'reporting', 'reporting.load', 'reporting.load.stage', 'reporting.notify']);
    expect(graph.edges).toEqual([
      edge('pick', 'regions.eu'),
      edge('pick', 'regions.us'),
      edge('regions.eu', 'reporting.load.stage'),
      edge('regions.eu', 'reporting.notify'),
      edge('regions.us', 'reporting.load.stage'),
      edge('regions.us', 'reporting.notify'),
    ]);
  });

  it('leaves a graph without joins as it is, and a join leading nowhere takes its edges with it', () => {
    const plain = { nodes: [leaf('a'), leaf('b')], edges: [edge('a', 'b')] };
    expect(collapseJoins(plain, new Set())).toBe(plain);
    expect(collapseJoins({ nodes: [leaf('a'), leaf('j', '')], edges: [edge('a', 'j')] }, new Set(['j']))).toEqual({ nodes: [leaf('a')], edges: [] });
  });
});
