import ELK from 'elkjs/lib/elk.bundled.js';
import { describe, expect, it } from 'vitest';
import type { GraphData } from '../../../contracts/workflow';
import { fromElkGraph, toElkGraph } from './graphLayout';

const task = (id: string, label = id) => ({ id, label, operator: 'PythonOperator', isGroup: false, isMapped: false, children: [] });

const graph: GraphData = {
  nodes: [task('start'), { id: 'extract', label: 'extract', operator: null, isGroup: true, isMapped: false, children: [task('extract.a', 'a'), task('extract.b', 'b')] }, task('load')],
  edges: [
    { source: 'start', target: 'extract.a' },
    { source: 'start', target: 'extract.b' },
    { source: 'extract.a', target: 'load' },
    { source: 'extract.b', target: 'load' },
    { source: 'ghost', target: 'load' },
  ],
};

describe('graph layout with ELK', () => {
  it('places tasks left to right in dependency order, groups around their tasks', async () => {
    const placed = fromElkGraph(graph, await new ELK().layout(toElkGraph(graph)));
    const at = (id: string) => placed.nodes.find((n) => n.id === id)!;
    expect(placed.nodes.map((n) => n.id)).toEqual(['start', 'extract', 'extract.a', 'extract.b', 'load']);
    expect(at('extract.a').parentId).toBe('extract');
    expect(at('start').x).toBeLessThan(at('extract').x);
    expect(at('extract').x + at('extract').width).toBeLessThanOrEqual(at('load').x);
    // Children are placed inside their group (relative positions).
    expect(at('extract.a').x + at('extract.a').width).toBeLessThanOrEqual(at('extract').width);
  });
  it('drops edges to tasks that are not there instead of failing the layout', async () => {
    const placed = fromElkGraph(graph, await new ELK().layout(toElkGraph(graph)));
    expect(placed.edges).toHaveLength(4);
  });
});
