import { expect, it } from 'vitest';
import type { GraphNode } from '../../contracts/workflow';
import { airflow3 } from '../airflow3';
import { forEachAirflow } from '../testing/airflowSuite';

// Airflow 3's structure_data enters and leaves each task group through `join` nodes with empty
// labels: the console's graph of our nested-groups DAG draws none of them, and keeps every
// dependency that ran through them.

const DAG = 'console_showcase';
const all = (nodes: GraphNode[]): GraphNode[] => nodes.flatMap((node) => [node, ...all(node.children)]);

await forEachAirflow('The graph through the console', (context) => {
  it('has no blank box for the joins of nested groups, and the edges through them', async () => {
    const { service, http } = await context().console.workflow('editor');
    // What Airflow itself answers (through the same proxy): joins with empty labels, in groups.
    const raw = (await http.get<{ nodes: unknown[] }>('/ui/structure/structure_data', { params: { dag_id: DAG } })).data;
    const rawNodes = JSON.stringify(raw.nodes);
    expect(rawNodes).toContain('"id":"regions.upstream_join_id","label":""');
    expect(rawNodes).toContain('"type":"join"');

    const graph = await service.graph(DAG);
    const nodes = all(graph.nodes);
    expect(nodes.filter((node) => node.label.trim() === '' || node.id.endsWith('_join_id'))).toEqual([]);
    const drawn = new Set(nodes.map((node) => node.id));
    for (const edge of graph.edges) expect(drawn.has(edge.source) && drawn.has(edge.target)).toBe(true);
    const pairs = graph.edges.map((edge) => `${edge.source} > ${edge.target}`);
    const regions = ['regions.apac', 'regions.eu', 'regions.us'];
    const reporting = ['reporting.load.stage', 'reporting.notify'];
    expect(pairs.sort()).toEqual([
      'plan > square', 'square > total', 'total > pick_region', 'reporting.load.stage > reporting.load.publish',
      ...regions.map((region) => `pick_region > ${region}`),
      ...reporting.map((task) => `flaky > ${task}`),
      ...regions.flatMap((region) => reporting.map((task) => `${region} > ${task}`)),
    ].sort());
    expect(nodes.find((node) => node.id === 'reporting.load')).toMatchObject({ isGroup: true, label: 'load' });
  }, 60_000);
}, [airflow3]);
