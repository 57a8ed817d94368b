import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { V1Dag, V1DagRun, V1GraphData, V1GridData, V1TaskInstance } from '../../contracts/airflowV1';
import { loadAirflowContract } from './testing/contract';
import { workflowApp, type WorkflowApp } from './testing/app';

const contract = await loadAirflowContract();
let wf: WorkflowApp;

beforeAll(async () => {
  wf = await workflowApp();
});
afterAll(() => wf.close());

/** GET, expecting 200 and the contract's schema for that operation. */
async function read<T>(url: string, specPath: string): Promise<T> {
  const response = await wf.call('GET', url);
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json<T>();
  contract.expectResponse(specPath, 'get', 200, body);
  return body;
}

const dagIds = (body: { dags: V1Dag[] }) => body.dags.map((dag) => dag.dag_id);

describe('GET /v1/dags', () => {
  it('pages, sorts and filters the demo DAGs', async () => {
    const all = await read<{ dags: V1Dag[]; total_entries: number }>('/v1/dags', '/dags');
    expect(all.total_entries).toBe(25);
    expect(dagIds(all)).toEqual([...dagIds(all)].sort());
    const page = await read<{ dags: V1Dag[]; total_entries: number }>('/v1/dags?limit=10&offset=20', '/dags');
    expect(page.dags).toHaveLength(5);
    expect(page.total_entries).toBe(25);
    const desc = await read<{ dags: V1Dag[] }>('/v1/dags?order_by=-dag_id&limit=1', '/dags');
    expect(desc.dags[0].dag_id).toBe('web_sessions_rollup');
    const tagged = await read<{ dags: V1Dag[] }>('/v1/dags?tags=finance&tags=ops', '/dags');
    expect(tagged.dags.length).toBeGreaterThan(3);
    expect(tagged.dags.every((dag) => dag.tags!.some((tag) => ['finance', 'ops'].includes(tag.name)))).toBe(true);
    const paused = await read<{ dags: V1Dag[] }>('/v1/dags?paused=true', '/dags');
    expect(paused.dags.length).toBeGreaterThan(0);
    expect(paused.dags.every((dag) => dag.is_paused)).toBe(true);
    expect(dagIds(await read<{ dags: V1Dag[] }>('/v1/dags?dag_id_pattern=ETL', '/dags'))).toEqual(['example_etl']);
    const owned = await read<{ dags: V1Dag[] }>('/v1/dags?owners=platform', '/dags');
    expect(owned.dags.every((dag) => dag.owners.includes('platform'))).toBe(true);
    const failedLast = await read<{ dags: V1Dag[] }>('/v1/dags?last_dag_run_state=queued', '/dags');
    expect(dagIds(failedLast)).toContain('adhoc_backfill_orders');
    const byNext = await read<{ dags: V1Dag[] }>('/v1/dags?order_by=next_dagrun', '/dags');
    const nexts = byNext.dags.map((dag) => dag.next_dagrun).filter((at) => at !== null);
    expect(nexts).toEqual([...nexts].sort());
  });

  it('answers 400 problems for bad parameters', async () => {
    for (const url of ['/v1/dags?limit=-1', '/v1/dags?order_by=nonsense', '/v1/dags?paused=maybe', '/v1/dags?last_dag_run_state=odd']) {
      const response = await wf.call('GET', url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toMatchObject({ status: 400, title: 'Bad Request' });
      contract.expectSchema('Error', response.json());
    }
  });
});

describe('one DAG', () => {
  it('reads the DAG, its details, tasks and one task; unknown ones are 404 problems', async () => {
    const dag = await read<V1Dag>('/v1/dags/example_etl', '/dags/{dag_id}');
    expect(dag).toMatchObject({ dag_id: 'example_etl', schedule_interval: { __type: 'CronExpression', value: '@daily' }, is_paused: false });
    await read('/v1/dags/orders_incremental/details', '/dags/{dag_id}/details');
    const tasks = await read<{ tasks: { task_id: string; downstream_task_ids: string[]; is_mapped: boolean }[]; total_entries: number }>('/v1/dags/customer_360/tasks', '/dags/{dag_id}/tasks');
    expect(tasks.total_entries).toBe(22);
    expect(tasks.tasks.some((task) => task.is_mapped)).toBe(true);
    const task = await read<{ task_id: string; downstream_task_ids: string[] }>('/v1/dags/example_etl/tasks/extract_orders', '/dags/{dag_id}/tasks/{task_id}');
    expect(task.downstream_task_ids).toEqual(['transform.clean_orders']);
    for (const url of ['/v1/dags/nope', '/v1/dags/nope/details', '/v1/dags/example_etl/tasks/nope', '/v1/dags/nope/dagRuns']) {
      const response = await wf.call('GET', url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toMatchObject({ status: 404, type: expect.stringContaining('NotFound') });
      contract.expectResponse('/dags/{dag_id}', 'get', 404, response.json());
    }
  });

  it('serves the DAG file, which names every task', async () => {
    const dag = await read<V1Dag>('/v1/dags/warehouse_nightly_rebuild', '/dags/{dag_id}');
    const { content } = await read<{ content: string }>(`/v1/dagSources/${dag.file_token}`, '/dagSources/{file_token}');
    expect(content).toContain('with DAG(');
    expect(content).toContain('.expand(');
    expect(content).toContain('BranchPythonOperator');
    const text = await wf.call('GET', `/v1/dagSources/${dag.file_token}`, undefined, { accept: 'text/plain' });
    expect(text.headers['content-type']).toMatch(/text\/plain/);
    expect(text.body).toBe(content);
    expect((await wf.call('GET', '/v1/dagSources/bogus')).statusCode).toBe(404);
  });
});

describe('runs and task instances', () => {
  it('lists runs with filters and order, and reads one', async () => {
    const runs = await read<{ dag_runs: V1DagRun[]; total_entries: number }>('/v1/dags/example_etl/dagRuns?order_by=-execution_date&limit=5', '/dags/{dag_id}/dagRuns');
    expect(runs.dag_runs).toHaveLength(5);
    expect(runs.total_entries).toBeGreaterThan(85);
    const dates = runs.dag_runs.map((run) => run.execution_date);
    expect(dates).toEqual([...dates].sort().reverse());
    const failed = await read<{ dag_runs: V1DagRun[] }>('/v1/dags/customer_360/dagRuns?state=failed&state=success&limit=500', '/dags/{dag_id}/dagRuns');
    expect(failed.dag_runs.every((run) => ['failed', 'success'].includes(run.state))).toBe(true);
    const since = dates[2];
    const recent = await read<{ dag_runs: V1DagRun[] }>(`/v1/dags/example_etl/dagRuns?execution_date_gte=${encodeURIComponent(since)}`, '/dags/{dag_id}/dagRuns');
    expect(recent.dag_runs.every((run) => run.execution_date >= since)).toBe(true);
    const one = await read<V1DagRun>(`/v1/dags/example_etl/dagRuns/${encodeURIComponent(runs.dag_runs[0].dag_run_id)}`, '/dags/{dag_id}/dagRuns/{dag_run_id}');
    expect(one.dag_run_id).toBe(runs.dag_runs[0].dag_run_id);
    expect((await wf.call('GET', '/v1/dags/example_etl/dagRuns/nope')).statusCode).toBe(404);
    expect((await wf.call('GET', '/v1/dags/example_etl/dagRuns?execution_date_gte=yesterday')).statusCode).toBe(400);
    expect((await wf.call('GET', '/v1/dags/example_etl/dagRuns?order_by=color')).statusCode).toBe(400);
  });

  it('reads task instances, mapped ones, tries and XComs', async () => {
    const runs = await read<{ dag_runs: V1DagRun[] }>('/v1/dags/customer_360/dagRuns?order_by=-execution_date&state=success&limit=1', '/dags/{dag_id}/dagRuns');
    const base = `/v1/dags/customer_360/dagRuns/${encodeURIComponent(runs.dag_runs[0].dag_run_id)}/taskInstances`;
    const tis = await read<{ task_instances: V1TaskInstance[]; total_entries: number }>(base, '/dags/{dag_id}/dagRuns/{dag_run_id}/taskInstances');
    expect(tis.total_entries).toBeGreaterThan(22);
    const plain = tis.task_instances.find((ti) => ti.map_index === -1 && ti.operator === 'PythonOperator' && ti.state === 'success')!;
    const ti = await read<V1TaskInstance>(`${base}/${plain.task_id}`, '/dags/{dag_id}/dagRuns/{dag_run_id}/taskInstances/{task_id}');
    expect(ti.rendered_fields).toHaveProperty('op_kwargs');
    const mapped = await read<{ task_instances: V1TaskInstance[] }>(`${base}/process_partition/listMapped`, '/dags/{dag_id}/dagRuns/{dag_run_id}/taskInstances/{task_id}/listMapped');
    expect(mapped.task_instances.length).toBeGreaterThanOrEqual(3);
    await read(`${base}/process_partition/1`, '/dags/{dag_id}/dagRuns/{dag_run_id}/taskInstances/{task_id}/{map_index}');
    expect((await wf.call('GET', `${base}/process_partition`)).statusCode).toBe(404);
    const tries = await read<{ task_instances: V1TaskInstance[] }>(`${base}/${plain.task_id}/tries`, '/dags/{dag_id}/dagRuns/{dag_run_id}/taskInstances/{task_id}/tries');
    expect(tries.task_instances.at(-1)!.try_number).toBe(ti.try_number);
    await read(`${base}/${plain.task_id}/tries/${ti.try_number}`, '/dags/{dag_id}/dagRuns/{dag_run_id}/taskInstances/{task_id}/tries/{task_try_number}');
    expect((await wf.call('GET', `${base}/${plain.task_id}/tries/99`)).statusCode).toBe(404);
    const xcoms = await read<{ xcom_entries: { key: string; value?: unknown }[] }>(`${base}/${plain.task_id}/xcomEntries`, '/dags/{dag_id}/dagRuns/{dag_run_id}/taskInstances/{task_id}/xcomEntries');
    expect(xcoms.xcom_entries[0]).not.toHaveProperty('value');
    const entry = await read<{ value: { rows: number } }>(`${base}/${plain.task_id}/xcomEntries/return_value`, '/dags/{dag_id}/dagRuns/{dag_run_id}/taskInstances/{task_id}/xcomEntries/{xcom_key}');
    expect(entry.value.rows).toBeGreaterThan(0);
    expect((await wf.call('GET', `${base}/${plain.task_id}/xcomEntries/nope`)).statusCode).toBe(404);
  });

  it('has retried task instances with several tries in the history', async () => {
    const rows = await wf.app.services.store.all<{ dag_id: string; run_id: string; task_id: string; try_number: number }>(
      'SELECT dag_id, run_id, task_id, try_number FROM wf_task_instances WHERE try_number >= 3 AND map_index = -1 LIMIT 1',
    );
    const { dag_id, run_id, task_id, try_number } = rows[0];
    const tries = await read<{ task_instances: V1TaskInstance[] }>(`/v1/dags/${dag_id}/dagRuns/${encodeURIComponent(run_id)}/taskInstances/${task_id}/tries`, '/dags/{dag_id}/dagRuns/{dag_run_id}/taskInstances/{task_id}/tries');
    expect(tries.task_instances.map((ti) => ti.try_number)).toEqual(Array.from({ length: try_number }, (_, i) => i + 1));
    expect(tries.task_instances[0].state).toBe('up_for_retry');
  });
});

describe('stats, event log and views', () => {
  it('counts runs per state', async () => {
    const stats = await read<{ dags: { dag_id: string; stats: { state: string; count: number }[] }[] }>('/v1/dagStats?dag_ids=example_etl,cleanup_tmp_files', '/dagStats');
    expect(stats.dags.map((dag) => dag.dag_id)).toEqual(['example_etl', 'cleanup_tmp_files']);
    expect(stats.dags[0].stats.map((entry) => entry.state)).toEqual(['queued', 'running', 'success', 'failed']);
    expect((await wf.call('GET', '/v1/dagStats')).statusCode).toBe(400);
  });

  it('lists and filters the event log', async () => {
    const all = await read<{ event_logs: { event_log_id: number; event: string; dag_id: string | null }[]; total_entries: number }>('/v1/eventLogs?limit=5&order_by=-when', '/eventLogs');
    expect(all.total_entries).toBeGreaterThan(5);
    const triggers = await read<{ event_logs: { event: string; dag_id: string }[] }>('/v1/eventLogs?dag_id=search_index_rebuild&event=trigger', '/eventLogs');
    expect(triggers.event_logs.length).toBeGreaterThan(0);
    expect(triggers.event_logs.every((entry) => entry.event === 'trigger' && entry.dag_id === 'search_index_rebuild')).toBe(true);
    const excluded = await read<{ event_logs: { event: string }[] }>('/v1/eventLogs?excluded_events=failed,trigger', '/eventLogs');
    expect(excluded.event_logs.every((entry) => !['failed', 'trigger'].includes(entry.event))).toBe(true);
    const one = await read<{ event_log_id: number }>(`/v1/eventLogs/${all.event_logs[0].event_log_id}`, '/eventLogs/{event_log_id}');
    expect(one.event_log_id).toBe(all.event_logs[0].event_log_id);
    expect((await wf.call('GET', '/v1/eventLogs/999999999')).statusCode).toBe(404);
    expect((await wf.call('GET', '/v1/eventLogs?before=soon')).statusCode).toBe(400);
  });

  it('builds the grid with nested groups, mapped states and run summaries', async () => {
    const response = await wf.call('GET', '/grid_data?dag_id=customer_360&num_runs=10');
    expect(response.statusCode).toBe(200);
    const grid = response.json<V1GridData>();
    expect(grid.dag_runs).toHaveLength(10);
    const dates = grid.dag_runs.map((run) => run.execution_date);
    expect(dates).toEqual([...dates].sort());
    const group = grid.groups.children!.find((node) => node.children)!;
    expect(group.instances).toHaveLength(10);
    const mapped = grid.groups.children!.find((node) => node.is_mapped)!;
    expect(Object.values(mapped.instances[0].mapped_states!).reduce((a, b) => a + b)).toBeGreaterThanOrEqual(3);
    const older = await wf.call('GET', `/grid_data?dag_id=customer_360&num_runs=5&base_date=${encodeURIComponent(dates[0])}`);
    expect(older.json<V1GridData>().dag_runs.at(-1)!.execution_date).toBe(dates[0]);
    expect((await wf.call('GET', '/grid_data?dag_id=nope')).statusCode).toBe(404);
    expect((await wf.call('GET', '/grid_data?dag_id=customer_360&num_runs=0')).statusCode).toBe(400);
  });

  it('builds the graph and the list views', async () => {
    const graph = (await wf.call('GET', '/graph_data?dag_id=warehouse_nightly_rebuild')).json<V1GraphData>();
    const count = (node: V1GraphData['nodes']): number => (node.children ?? []).reduce((sum, child) => sum + (child.children ? count(child) : 1), 0);
    expect(count(graph.nodes)).toBe(60);
    expect(graph.edges.length).toBeGreaterThan(59);
    const stats = (await wf.call('GET', '/task-stats?dag_ids=example_etl')).json<Record<string, { state: string; count: number }[]>>();
    expect(Object.keys(stats)).toEqual(['example_etl']);
    expect(stats.example_etl.find((entry) => entry.state === 'success')!.count).toBeGreaterThan(0);
    const last = (await wf.call('GET', '/last_dagruns')).json<Record<string, { state: string }>>();
    expect(Object.keys(last)).toHaveLength(25);
    expect(last.adhoc_backfill_orders.state).toBe('queued');
  });
});
