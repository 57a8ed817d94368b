import { describe, expect, it } from 'vitest';
import type { DagRun, Task, TaskInstance, TaskState } from '../../../contracts/workflow';
import { buildGraph } from './graph';
import { buildGrid } from './grid';
import { groupPath, shortLabel, topologicalOrder } from './groups';
import { countStates, groupState, summaryCell } from './states';

const task = (id: string, downstream: string[] = [], isMapped = false): Task => ({
  id, operator: 'PythonOperator', downstream, isMapped, retries: 0, triggerRule: 'all_success', docMd: null, groups: groupPath(id),
});
const run = (runId: string, runAfter: string): DagRun => ({
  dagId: 'd', runId, state: 'success', runType: 'scheduled', logicalDate: runAfter, runAfter, queuedAt: null, startDate: null, endDate: null, conf: {}, note: null, triggeredBy: null,
});
const ti = (runId: string, taskId: string, state: TaskState, extra: Partial<TaskInstance> = {}): TaskInstance => ({
  dagId: 'd', runId, taskId, mapIndex: -1, tryNumber: 1, maxTries: 1, state, queuedAt: null, startDate: null, endDate: null, duration: null,
  operator: null, hostname: null, pool: null, renderedFields: null, note: null, ...extra,
});

describe('Airflow\'s group state rule', () => {
  it.each<[TaskState[], TaskState]>([
    [['success', 'failed', 'running'], 'failed'],
    [['success', 'upstream_failed', 'up_for_retry'], 'upstream_failed'],
    [['success', 'up_for_retry', 'running'], 'up_for_retry'],
    [['success', 'queued', 'running'], 'queued'],
    [['success', 'running', 'skipped'], 'running'],
    [['success', null], null],
    [['success', 'skipped'], 'success'],
    [['skipped', 'removed'], 'skipped'],
    [[], null],
  ])('%j → %s', (states, expected) => {
    expect(groupState(states)).toBe(expected);
  });

  it('counts states, no state as no_status', () => {
    expect(countStates(['success', 'success', null, 'failed'])).toEqual({ success: 2, no_status: 1, failed: 1 });
  });

  it('summarises cells: earliest start, latest end, highest try', () => {
    expect(summaryCell([
      { state: 'success', tryNumber: 1, startDate: '2025-01-01T00:00:02Z', endDate: '2025-01-01T00:01:00Z' },
      { state: 'running', tryNumber: 3, startDate: '2025-01-01T00:00:01Z', endDate: null },
    ])).toEqual({ state: 'running', tryNumber: 3, startDate: '2025-01-01T00:00:01Z', endDate: '2025-01-01T00:01:00Z', childStates: { success: 1, running: 1 } });
  });
});

describe('groups and order', () => {
  it('reads nested groups from dotted ids', () => {
    expect(groupPath('a.b.c')).toEqual(['a', 'a.b']);
    expect(groupPath('top')).toEqual([]);
    expect(shortLabel('a.b.c')).toBe('c');
  });

  it('orders tasks after their upstreams, ties in the given order, and keeps a cycle\'s tasks', () => {
    expect(topologicalOrder([{ id: 'c', downstream: [] }, { id: 'b', downstream: ['c'] }, { id: 'a', downstream: ['b'] }, { id: 'z', downstream: [] }])).toEqual(['a', 'b', 'c', 'z']);
    expect(topologicalOrder([{ id: 'x', downstream: ['y'] }, { id: 'y', downstream: ['x'] }, { id: 'w', downstream: [] }])).toEqual(['w', 'x', 'y']);
  });

  it('orders 5,000 chained tasks quickly', () => {
    const chain = Array.from({ length: 5000 }, (_, i) => ({ id: `t${String(i).padStart(4, '0')}`, downstream: i < 4999 ? [`t${String(i + 1).padStart(4, '0')}`] : [] })).reverse();
    const started = performance.now();
    const order = topologicalOrder(chain);
    expect(order[0]).toBe('t0000');
    expect(order.at(-1)).toBe('t4999');
    expect(performance.now() - started).toBeLessThan(500);
  });
});

describe('buildGrid', () => {
  const tasks = [task('load'), task('extract.orders', ['extract.customers']), task('extract.customers', ['load']), task('start', ['extract.orders']), task('fan.out', [], true)];
  const runs = [run('r2', '2025-01-02T00:00:00Z'), run('r1', '2025-01-01T00:00:00Z')];
  const instances = [
    ti('r1', 'start', 'success'), ti('r1', 'extract.orders', 'success'), ti('r1', 'extract.customers', 'success'), ti('r1', 'load', 'success'),
    ti('r2', 'start', 'success', { startDate: '2025-01-02T00:00:01Z', endDate: '2025-01-02T00:00:02Z' }),
    ti('r2', 'extract.orders', 'failed', { startDate: '2025-01-02T00:00:03Z', endDate: '2025-01-02T00:00:09Z', tryNumber: 2 }),
    ti('r2', 'extract.customers', 'upstream_failed'),
    ti('r2', 'fan.out', 'success', { mapIndex: 0 }), ti('r2', 'fan.out', 'running', { mapIndex: 1 }), ti('r2', 'fan.out', null, { mapIndex: 2 }),
  ];
  const grid = buildGrid(tasks, runs, instances);

  it('puts runs oldest first and tasks in dependency order under their groups', () => {
    expect(grid.runs.map((r) => r.runId)).toEqual(['r1', 'r2']);
    expect(grid.nodes.map((n) => [n.id, n.label, n.isGroup])).toEqual([['start', 'start', false], ['extract', 'extract', true], ['load', 'load', false], ['fan', 'fan', true]]);
    expect(grid.nodes[1]!.children.map((n) => n.id)).toEqual(['extract.orders', 'extract.customers']);
  });

  it('gives a task its instance per run and a group the worst of its children', () => {
    const extract = grid.nodes[1]!;
    expect(extract.children[0]!.instances.r2).toEqual({ state: 'failed', tryNumber: 2, startDate: '2025-01-02T00:00:03Z', endDate: '2025-01-02T00:00:09Z' });
    expect(extract.instances.r2).toMatchObject({ state: 'failed', childStates: { failed: 1, upstream_failed: 1 }, startDate: '2025-01-02T00:00:03Z' });
    expect(extract.instances.r1!.state).toBe('success');
    expect(grid.nodes[2]!.instances.r2).toBeUndefined();
  });

  it('summarises a mapped task over its map indexes, and its group counts each of them', () => {
    const fan = grid.nodes[3]!;
    expect(fan.children[0]!.instances.r2).toMatchObject({ state: 'running', childStates: { success: 1, running: 1, no_status: 1 } });
    expect(fan.instances.r2!.childStates).toEqual({ success: 1, running: 1, no_status: 1 });
  });

  it('builds 25 runs × 5,000 tasks without quadratic work', () => {
    const many = Array.from({ length: 5000 }, (_, i) => task(`g${i % 50}.t${i}`, i + 1 < 5000 && (i + 1) % 50 !== 0 ? [`g${(i + 1) % 50}.t${i + 1}`] : []));
    const manyRuns = Array.from({ length: 25 }, (_, r) => run(`r${r}`, `2025-01-${String(r + 1).padStart(2, '0')}T00:00:00Z`));
    const tis = manyRuns.flatMap((r) => many.map((t) => ti(r.runId, t.id, 'success')));
    const started = performance.now();
    const big = buildGrid(many, manyRuns, tis);
    expect(big.nodes).toHaveLength(50);
    // Generous: the machine running the tests may be busy; the bench measures it properly.
    expect(performance.now() - started).toBeLessThan(5000);
  });
});

describe('buildGraph', () => {
  it('nests tasks in their groups and draws one edge per dependency to a known task', () => {
    const graph = buildGraph([task('a', ['g.b', 'g.b', 'missing']), task('g.b', ['c']), task('c')]);
    expect(graph.nodes).toEqual([
      { id: 'a', label: 'a', operator: 'PythonOperator', isGroup: false, isMapped: false, children: [] },
      { id: 'g', label: 'g', operator: null, isGroup: true, isMapped: false, children: [{ id: 'g.b', label: 'b', operator: 'PythonOperator', isGroup: false, isMapped: false, children: [] }] },
      { id: 'c', label: 'c', operator: 'PythonOperator', isGroup: false, isMapped: false, children: [] },
    ]);
    expect(graph.edges).toEqual([{ source: 'a', target: 'g.b' }, { source: 'g.b', target: 'c' }]);
  });
});
