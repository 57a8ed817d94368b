// Runs in Node (tsconfig.node.json): it reads Airflow 2's spec from ../shared/contracts.
import { describe, expect, it } from 'vitest';
import { sharedContract } from '../../../server/testing/sharedContracts';
import { loadOpenApi } from '../../../server/testing/openapi';
import { isNetworkError } from './http';
import { fakeAirflow, type SpecOf } from './testing/fakeAirflow';
import { V1_DAG, V1_DETAIL, V1_EVENT, V1_GRAPH, V1_GRID, V1_HOURLY, V1_TASKS, V1_XCOM, v1Run, v1Ti } from './testing/airflowV1.fixtures';
import { WorkflowApiError } from './workflowHttp';
import { createWorkflowV1 } from './workflowV1.api';
import type { MarkRequest } from '../../../contracts/workflow';
import { markRequest } from './testing/markRequest';

const specFile = sharedContract('airflow-v1.yaml');
if (specFile === null) console.warn('Airflow v1 adapter: requests and fixtures are not checked against the spec (../shared/contracts absent).');
const spec = specFile === null ? null : loadOpenApi(specFile, 'airflow-v1.yaml');
/** The v1 spec's server base is /api/v1: the adapter puts /v1 after the configured base; the views have none. */
const specOf: SpecOf = (path) => (path.startsWith('/v1/') ? { spec, path: path.slice(3) } : null);

function upstream() {
  const fake = fakeAirflow(specOf);
  return { fake, api: createWorkflowV1(fake.http) };
}

const RUN = 'scheduled__2025-11-25T02:30:00+00:00';
const runPath = `/dags/orders_etl/dagRuns/${encodeURIComponent(RUN)}`;

describe('Airflow v1 adapter: DAGs', () => {
  it('lists a page of DAGs with its filters as v1 query parameters and maps them', async () => {
    const { fake, api } = upstream();
    fake.on('get', '/dags', { body: { dags: [V1_DAG, V1_HOURLY], total_entries: 27 } });
    const page = await api.listDags({ limit: 10, offset: 20, orderBy: '-dag_id', search: 'orders', tags: ['etl', 'orders'], paused: false });
    const query = fake.seen[0]!.query;
    expect(Object.fromEntries(query)).toMatchObject({ limit: '10', offset: '20', order_by: '-dag_id', dag_id_pattern: 'orders', paused: 'false' });
    expect(query.getAll('tags')).toEqual(['etl', 'orders']);
    expect(page.total).toBe(27);
    expect(page.items[0]).toEqual({
      id: 'orders_etl', displayName: 'Orders ETL', description: "Loads the day's orders into the warehouse", isPaused: false, isActive: true,
      owners: ['data-eng', 'alice'], tags: ['etl', 'orders'], schedule: '30 2 * * *', nextRun: '2025-11-28T02:30:00+00:00',
      sourceKey: V1_DAG.file_token, fileloc: '/opt/airflow/dags/orders_etl.py', hasImportErrors: false, maxActiveRuns: 1,
    });
    expect(page.items[1]).toMatchObject({ id: 'clickstream_rollup', schedule: '1:00:00', isPaused: true, nextRun: null, tags: [] });
  });

  it('filters by owner over every page, since v1 has no owners parameter', async () => {
    const { fake, api } = upstream();
    const many = Array.from({ length: 130 }, (_, i) => ({ ...V1_DAG, dag_id: `dag_${i}`, owners: i % 2 ? ['bob'] : ['alice'] }));
    fake.on('get', '/dags', (request) => {
      const offset = Number(request.query.get('offset'));
      return { body: { dags: many.slice(offset, offset + Number(request.query.get('limit'))), total_entries: many.length } };
    });
    const page = await api.listDags({ limit: 10, offset: 10, owners: ['bob'] });
    expect(fake.seen.map((r) => r.query.get('offset'))).toEqual(['0', '100']);
    expect(page.total).toBe(65);
    expect(page.items.map((d) => d.id)).toEqual(['dag_21', 'dag_23', 'dag_25', 'dag_27', 'dag_29', 'dag_31', 'dag_33', 'dag_35', 'dag_37', 'dag_39']);
  });

  it('refuses a last-run-state filter clearly (v1 cannot), without a call', async () => {
    const { fake, api } = upstream();
    await expect(api.listDags({ limit: 10, offset: 0, lastRunState: 'failed' })).rejects.toThrow('Airflow 2 cannot filter DAGs by the state of their last run.');
    expect(fake.seen).toEqual([]);
  });

  it('reads the details and pauses with an update mask', async () => {
    const { fake, api } = upstream();
    fake.on('get', '/dags/orders_etl/details', { body: V1_DETAIL }).on('patch', '/dags/orders_etl', { body: { ...V1_DAG, is_paused: true } });
    expect(await api.getDag('orders_etl')).toMatchObject({ id: 'orders_etl', docMd: '# Orders\nNightly load.', catchup: false, timezone: 'UTC', params: { region: 'eu' }, startDate: '2025-01-01T00:00:00+00:00' });
    expect((await api.setPaused('orders_etl', true)).isPaused).toBe(true);
    expect(fake.seen[1]).toMatchObject({ method: 'patch', body: { is_paused: true } });
    expect(fake.seen[1]!.query.getAll('update_mask')).toEqual(['is_paused']);
  });

  it('lists tasks with their groups from the dotted ids', async () => {
    const { fake, api } = upstream();
    fake.on('get', '/dags/orders_etl/tasks', { body: { tasks: V1_TASKS, total_entries: 4 } });
    const tasks = await api.listTasks('orders_etl');
    expect(tasks[1]).toEqual({ id: 'extract.orders', operator: 'PythonOperator', downstream: ['extract.customers'], isMapped: false, retries: 2, triggerRule: 'all_success', docMd: null, groups: ['extract'] });
    expect(tasks[2]).toMatchObject({ id: 'load', isMapped: true, groups: [] });
  });

  it('asks dagStats with one comma-separated dag_ids and none without ids', async () => {
    const { fake, api } = upstream();
    fake.on('get', '/dagStats', { body: { dags: [{ dag_id: 'orders_etl', stats: [{ state: 'success', count: 80 }, { state: 'failed', count: 2 }] }], total_entries: 1 } });
    expect(await api.dagStats([])).toEqual([]);
    expect(await api.dagStats(['orders_etl', 'clickstream_rollup'])).toEqual([{ dagId: 'orders_etl', counts: { success: 80, failed: 2 } }]);
    expect(fake.seen.map((r) => r.query.getAll('dag_ids'))).toEqual([['orders_etl,clickstream_rollup']]);
  });

  it('reads the source by file token as JSON', async () => {
    const { fake, api } = upstream();
    fake.on('get', `/dagSources/${encodeURIComponent(V1_DAG.file_token)}`, { body: { content: 'from airflow import DAG\n' } });
    expect(await api.getSource({ id: 'orders_etl', sourceKey: V1_DAG.file_token })).toBe('from airflow import DAG\n');
    expect(fake.seen[0]!.headers.Accept).toBe('application/json');
  });

  it('pages the event log newest first', async () => {
    const { fake, api } = upstream();
    fake.on('get', '/eventLogs', { body: { event_logs: [V1_EVENT], total_entries: 31 } });
    expect(await api.listEventLogs('orders_etl', { limit: 25, offset: 0 })).toEqual({
      items: [{ id: 812, when: '2025-11-26T08:15:00+00:00', event: 'paused', dagId: 'orders_etl', taskId: null, runId: null, tryNumber: null, owner: 'alice', extra: "[('is_paused', True)]" }],
      total: 31,
    });
    expect(Object.fromEntries(fake.seen[0]!.query)).toEqual({ dag_id: 'orders_etl', limit: '25', offset: '0', order_by: '-when' });
  });
});

const mark = (mapIndex: number, state: 'success' | 'failed', options: Partial<MarkRequest> = {}) => markRequest(RUN, mapIndex, state, options);

describe('Airflow v1 adapter: runs and task instances', () => {
  it('lists runs newest first by execution date with repeated states', async () => {
    const { fake, api } = upstream();
    fake.on('get', '/dags/orders_etl/dagRuns', { body: { dag_runs: [v1Run(RUN, '2025-11-25T02:30:00+00:00', 'failed')], total_entries: 90 } });
    const page = await api.listRuns('orders_etl', { limit: 25, offset: 0, state: ['failed', 'running'] });
    expect(fake.seen[0]!.query.getAll('state')).toEqual(['failed', 'running']);
    expect(fake.seen[0]!.query.get('order_by')).toBe('-execution_date');
    expect(page.items[0]).toEqual({
      dagId: 'orders_etl', runId: RUN, state: 'failed', runType: 'scheduled', logicalDate: '2025-11-25T02:30:00+00:00', runAfter: '2025-11-25T02:30:00+00:00',
      queuedAt: null, startDate: '2025-11-25T02:30:00+00:00', endDate: '2025-11-25T02:30:00+00:00', conf: {}, note: null, triggeredBy: 'timetable',
    });
  });

  it('triggers with conf and a logical date, and leaves a null date out', async () => {
    const { fake, api } = upstream();
    fake.on('post', '/dags/orders_etl/dagRuns', { body: v1Run('manual__2025-11-26T09:00:00+00:00', '2025-11-26T09:00:00+00:00', 'queued') });
    const run = await api.triggerRun('orders_etl', { conf: { full: true }, logicalDate: '2025-11-26T09:00:00+00:00', note: 'backfill EU' });
    await api.triggerRun('orders_etl', { conf: {}, logicalDate: null });
    expect(fake.seen.map((r) => r.body)).toEqual([{ conf: { full: true }, logical_date: '2025-11-26T09:00:00+00:00', note: 'backfill EU' }, { conf: {} }]);
    expect(run).toMatchObject({ state: 'queued', runType: 'manual', triggeredBy: 'external' });
  });

  it('marks a run, a task and clears tasks with v1 bodies', async () => {
    const { fake, api } = upstream();
    const ref = { task_id: 'load', dag_id: 'orders_etl', dag_run_id: RUN, execution_date: '2025-11-25T02:30:00+00:00' };
    fake
      .on('patch', runPath, { body: v1Run(RUN, '2025-11-25T02:30:00+00:00', 'success') })
      .on('post', '/dags/orders_etl/updateTaskInstancesState', { body: { task_instances: [ref] } })
      .on('patch', `${runPath}/taskInstances/load/7`, { body: ref })
      .on('post', '/dags/orders_etl/clearTaskInstances', { body: { task_instances: [] } });
    expect((await api.setRunState('orders_etl', RUN, 'success')).state).toBe('success');
    await api.setTaskState('orders_etl', mark(-1, 'failed', { includeDownstream: true, includePast: true }));
    // One map index of a mapped task: the mapped task instance's own path (updateTaskInstancesState knows no map index).
    await api.setTaskState('orders_etl', mark(7, 'success'));
    expect(fake.seen[2]!.path).toBe(`${runPath}/taskInstances/load/7`);
    expect(fake.seen[2]!.body).toEqual({ dry_run: false, new_state: 'success' });
    fake.seen.splice(2, 1);
    await api.clearTasks('orders_etl', { runId: RUN, taskIds: ['load'], includeDownstream: true, includeUpstream: false, includePast: false, includeFuture: true, onlyFailed: false });
    expect(fake.seen.map((r) => r.body)).toEqual([
      { state: 'success' },
      { dry_run: false, task_id: 'load', dag_run_id: RUN, new_state: 'failed', include_upstream: false, include_downstream: true, include_future: false, include_past: true },
      { dry_run: false, dag_run_id: RUN, task_ids: ['load'], include_upstream: false, include_downstream: true, include_past: false, include_future: true, only_failed: false, reset_dag_runs: true },
    ]);
  });

  it('previews a mark with updateTaskInstancesState\'s dry run, the states from the run\'s task instances', async () => {
    const { fake, api } = upstream();
    const ref = (taskId: string) => ({ task_id: taskId, dag_id: 'orders_etl', dag_run_id: RUN, execution_date: '2025-11-25T02:30:00+00:00' });
    fake
      .on('post', '/dags/orders_etl/updateTaskInstancesState', { body: { task_instances: [ref('load'), ref('notify')] } })
      .on('patch', `${runPath}/taskInstances/load/7`, { body: ref('load') })
      .on('get', `${runPath}/taskInstances`, { body: { task_instances: [v1Ti(RUN, 'load', 'failed'), v1Ti(RUN, 'notify', 'upstream_failed'), v1Ti(RUN, 'extract', 'success')], total_entries: 3 } });
    const affected = await api.previewMark('orders_etl', mark(-1, 'success', { includeDownstream: true }));
    expect(fake.seen[0]!.body).toEqual({ dry_run: true, task_id: 'load', dag_run_id: RUN, new_state: 'success', include_upstream: false, include_downstream: true, include_future: false, include_past: false });
    expect(affected).toEqual([
      { taskId: 'load', runId: RUN, mapIndex: -1, state: 'failed' },
      { taskId: 'notify', runId: RUN, mapIndex: -1, state: 'upstream_failed' },
    ]);
    // A mapped task's one instance: its own PATCH, dry, listing that map index.
    fake.seen.length = 0;
    expect(await api.previewMark('orders_etl', mark(7, 'success'))).toEqual([{ taskId: 'load', runId: RUN, mapIndex: 7, state: null }]);
    fake.on('get', `${runPath}/taskInstances`, { body: { task_instances: [v1Ti(RUN, 'load', 'success', { map_index: 6 }), v1Ti(RUN, 'load', 'failed', { map_index: 7 })], total_entries: 2 } });
    expect(await api.previewMark('orders_etl', mark(7, 'success'))).toEqual([{ taskId: 'load', runId: RUN, mapIndex: 7, state: 'failed' }]);
    expect(fake.seen[0]!).toMatchObject({ path: `${runPath}/taskInstances/load/7`, body: { dry_run: true, new_state: 'success' } });
    // Airflow 2 cannot widen a mapped instance's mark: a clear error, nothing sent.
    fake.seen.length = 0;
    await expect(api.previewMark('orders_etl', mark(7, 'failed', { includeFuture: true }))).rejects.toThrow(/one instance of a mapped task/);
    expect(fake.seen).toEqual([]);
  });

  it('previews a clear with a dry run, and says the states from the runs\' task instances', async () => {
    const { fake, api } = upstream();
    const ref = (taskId: string) => ({ task_id: taskId, dag_id: 'orders_etl', dag_run_id: RUN, execution_date: '2025-11-25T02:30:00+00:00' });
    fake
      .on('post', '/dags/orders_etl/clearTaskInstances', { body: { task_instances: [ref('load'), ref('notify'), ref('notify')] } })
      .on('get', `${runPath}/taskInstances`, { body: { task_instances: [v1Ti(RUN, 'load', 'failed'), v1Ti(RUN, 'notify', 'success', { map_index: 0 }), v1Ti(RUN, 'notify', 'upstream_failed', { map_index: 1 })], total_entries: 3 } });
    const request = { runId: RUN, taskIds: ['load'], includeDownstream: true, includeUpstream: true, includePast: true, includeFuture: false, onlyFailed: false };
    const affected = await api.previewClear('orders_etl', request);
    expect(fake.seen[0].body).toEqual({ dry_run: true, dag_run_id: RUN, task_ids: ['load'], include_upstream: true, include_downstream: true, include_past: true, include_future: false, only_failed: false, reset_dag_runs: true });
    expect(affected).toEqual([
      { taskId: 'load', runId: RUN, mapIndex: -1, state: 'failed' },
      { taskId: 'notify', runId: RUN, mapIndex: 0, state: 'success' },
      { taskId: 'notify', runId: RUN, mapIndex: 1, state: 'upstream_failed' },
    ]);
    // Only failed: two references for notify, but one failed instance to match them; the states stay unknown.
    const unknown = await api.previewClear('orders_etl', { ...request, onlyFailed: true });
    expect(unknown.filter((ti) => ti.taskId === 'notify')).toEqual([
      { taskId: 'notify', runId: RUN, mapIndex: null, state: null },
      { taskId: 'notify', runId: RUN, mapIndex: null, state: null },
    ]);
  });

  it('reads every page of a run\'s task instances, and maps the deprecated none state to null', async () => {
    const { fake, api } = upstream();
    const all = Array.from({ length: 150 }, (_, i) => v1Ti(RUN, `load`, i < 149 ? 'success' : 'none', { map_index: i }));
    fake.on('get', `${runPath}/taskInstances`, (r) => ({ body: { task_instances: all.slice(Number(r.query.get('offset')), Number(r.query.get('offset')) + 100), total_entries: 150 } }));
    const instances = await api.listTaskInstances('orders_etl', RUN);
    expect(instances).toHaveLength(150);
    expect(instances[149]).toMatchObject({ state: null, mapIndex: 149 });
    expect(instances[0]).toMatchObject({ taskId: 'load', tryNumber: 1, maxTries: 2, duration: 60, hostname: 'worker-1', renderedFields: { op_kwargs: { region: 'eu' } } });
  });

  it('lists the tries of a task, and of one map index, oldest first', async () => {
    const { fake, api } = upstream();
    const tries = { task_instances: [v1Ti(RUN, 'load', 'success', { try_number: 2 }), v1Ti(RUN, 'load', 'failed', { try_number: 1 })], total_entries: 2 };
    fake.on('get', `${runPath}/taskInstances/load/tries`, { body: tries }).on('get', `${runPath}/taskInstances/load/3/tries`, { body: tries });
    expect((await api.listTries('orders_etl', RUN, 'load', -1)).map((t) => t.tryNumber)).toEqual([1, 2]);
    expect(await api.listTries('orders_etl', RUN, 'load', 3)).toHaveLength(2);
  });

  it('lists xcoms without values and reads one with its value', async () => {
    const { fake, api } = upstream();
    fake
      .on('get', `${runPath}/taskInstances/extract.orders/xcomEntries`, { body: { xcom_entries: [V1_XCOM], total_entries: 1 } })
      .on('get', `${runPath}/taskInstances/extract.orders/xcomEntries/return_value`, { body: { ...V1_XCOM, value: '{"rows": 1200}' } });
    expect(await api.listXComs('orders_etl', RUN, 'extract.orders', -1)).toEqual([{ key: 'return_value', taskId: 'extract.orders', mapIndex: -1, timestamp: '2025-11-26T02:31:05+00:00' }]);
    expect((await api.getXCom('orders_etl', RUN, 'extract.orders', 3, 'return_value')).value).toBe('{"rows": 1200}');
    expect(fake.seen.map((r) => r.query.get('map_index'))).toEqual(['-1', '3']);
  });

  it('reads a log as JSON from its continuation token and says when it has ended', async () => {
    const { fake, api } = upstream();
    const token = (metadata: object) => `${btoa(JSON.stringify(metadata)).replace(/=+$/, '')}.sig`;
    const running = token({ end_of_log: false, log_pos: 13 });
    const ended = token({ end_of_log: true, log_pos: 25 });
    fake.on('get', `${runPath}/taskInstances/load/logs/2`, (r) => ({ body: r.query.get('token') ? { content: 'INFO - done\n', continuation_token: ended } : { content: 'INFO - start\n', continuation_token: running } }));
    const first = await api.getLog('orders_etl', RUN, 'load', -1, 2, null);
    expect(first).toEqual({ content: 'INFO - start\n', token: running, endOfLog: false });
    expect(await api.getLog('orders_etl', RUN, 'load', -1, 2, first.token)).toEqual({ content: 'INFO - done\n', token: ended, endOfLog: true });
    expect(fake.seen.map((r) => Object.fromEntries(r.query))).toEqual([{ full_content: 'false', map_index: '-1' }, { full_content: 'false', map_index: '-1', token: running }]);
  });

  it("reads a finished log's pages from the console server beside Airflow's log read", async () => {
    const { fake, api } = upstream();
    fake.on('get', `${runPath}/taskInstances/load/logs/2/lines`, { body: { lines: ['x'], cursor: 0, next: null } });
    expect(await api.getLogPage('orders_etl', RUN, 'load', -1, 2, 0, 5000)).toEqual({ lines: ['x'], cursor: 0, next: null });
    expect(Object.fromEntries(fake.seen[0]!.query)).toEqual({ map_index: '-1', cursor: '0', limit: '5000' });
  });

  it('reads a log that has ended once, without a second read', async () => {
    const { fake, api } = upstream();
    const ended = `${btoa(JSON.stringify({ end_of_log: true, log_pos: 13 })).replace(/=+$/, '')}.sig`;
    fake.on('get', `${runPath}/taskInstances/load/logs/2`, { body: { content: 'INFO - start\n', continuation_token: ended } });
    expect(await api.getLog('orders_etl', RUN, 'load', -1, 2, null)).toEqual({ content: 'INFO - start\n', token: ended, endOfLog: true });
    expect(fake.seen).toHaveLength(1);
  });

  it("reads the text out of a real Airflow 2's content, the repr of [(host, text)], for one map index", async () => {
    const { fake, api } = upstream();
    const ended = `${btoa(JSON.stringify({ end_of_log: true, log_pos: 30 })).replace(/=+$/, '')}.sig`;
    fake.on('get', `${runPath}/taskInstances/square/logs/1`, { body: { content: "[('vm', '\\x1b[31mINFO\\x1b[0m - it\\'s 49\\n')]", continuation_token: ended } });
    expect(await api.getLog('orders_etl', RUN, 'square', 7, 1, null)).toEqual({ content: "\x1b[31mINFO\x1b[0m - it's 49\n", token: ended, endOfLog: true });
    expect(fake.seen[0]!.query.get('map_index')).toBe('7');
  });
});

describe('Airflow v1 adapter: grid and graph', () => {
  it('reads the webserver grid_data view where the server has it', async () => {
    const { fake, api } = upstream();
    fake.on('get', '/grid_data', { body: V1_GRID });
    const grid = await api.grid('orders_etl', { numRuns: 25, baseDate: '2025-11-26T00:00:00+00:00' });
    expect(Object.fromEntries(fake.seen[0]!.query)).toEqual({ dag_id: 'orders_etl', num_runs: '25', base_date: '2025-11-26T00:00:00+00:00' });
    expect(grid.runs.map((r) => r.runId)).toEqual(['scheduled__2025-11-24T02:30:00+00:00', RUN]);
    expect(grid.nodes.map((n) => [n.id, n.isGroup, n.instances[RUN]?.state])).toEqual([['start', false, 'success'], ['extract', true, 'failed'], ['load', false, 'running']]);
    expect(grid.nodes[2]!.instances[RUN]!.childStates).toEqual({ success: 3, running: 1, no_status: 2 });
  });

  it('builds the grid from tasks, runs and the pages of the batch call where grid_data is absent', async () => {
    const { fake, api } = upstream();
    fake
      .on('get', '/grid_data', { status: 404, body: 'Not Found', offSpec: true })
      .on('get', '/dags/orders_etl/tasks', { body: { tasks: V1_TASKS, total_entries: 4 } })
      .on('get', '/dags/orders_etl/dagRuns', { body: { dag_runs: [v1Run(RUN, '2025-11-25T02:30:00+00:00', 'failed')], total_entries: 1 } })
      // Airflow 2 answers at most page_limit (100) a call: here two pages, as for a 200-task DAG.
      .on('post', '/dags/~/dagRuns/~/taskInstances/list', (request) => {
        const all = [v1Ti(RUN, 'start', 'success'), v1Ti(RUN, 'extract.orders', 'failed'), v1Ti(RUN, 'extract.customers', 'upstream_failed')];
        const offset = (request.body as { page_offset: number }).page_offset;
        return { body: { task_instances: offset === 0 ? all.slice(0, 2) : all.slice(offset), total_entries: 3 } };
      });
    const grid = await api.grid('orders_etl', { numRuns: 25 });
    expect(fake.seen.filter((request) => request.method === 'post').map((request) => request.body)).toEqual([
      { dag_ids: ['orders_etl'], dag_run_ids: [RUN], page_offset: 0, page_limit: 100 },
      { dag_ids: ['orders_etl'], dag_run_ids: [RUN], page_offset: 2, page_limit: 100 },
    ]);
    expect(grid.nodes.map((n) => n.id)).toEqual(['start', 'extract', 'load']);
    expect(grid.nodes[1]!.children.map((n) => n.label)).toEqual(['orders', 'customers']);
    expect(grid.nodes[1]!.instances[RUN]!.state).toBe('failed');
  });

  it('reads graph_data, and builds the graph from the tasks where it is absent', async () => {
    const { fake, api } = upstream();
    fake.on('get', '/graph_data', { body: V1_GRAPH });
    expect(await api.graph('orders_etl')).toEqual({
      nodes: [
        { id: 'start', label: 'start', operator: null, isGroup: false, isMapped: false, children: [] },
        { id: 'extract', label: 'extract', operator: null, isGroup: true, isMapped: false, children: [{ id: 'extract.orders', label: 'orders', operator: null, isGroup: false, isMapped: false, children: [] }] },
      ],
      edges: [{ source: 'start', target: 'extract.orders' }],
    });
    fake.on('get', '/graph_data', { status: 405, body: '', offSpec: true }).on('get', '/dags/orders_etl/tasks', { body: { tasks: V1_TASKS, total_entries: 4 } });
    const built = await api.graph('orders_etl');
    expect(built.edges).toContainEqual({ source: 'extract.customers', target: 'load' });
    expect(built.nodes.map((n) => n.id)).toEqual(['start', 'extract', 'load']);
  });
});

describe('Airflow v1 adapter: errors', () => {
  it('turns a 404 problem into a WorkflowApiError with its detail', async () => {
    const { fake, api } = upstream();
    fake.on('get', '/dags/nope/details', { status: 404, body: { type: 'https://airflow.apache.org/docs/apache-airflow/2.10.0/stable-rest-api-ref.html#section/Errors/NotFound', title: 'DAG not found', status: 404, detail: 'DAG with dag_id: \'nope\' not found' } });
    const error = await api.getDag('nope').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WorkflowApiError);
    expect(error).toMatchObject({ status: 404, message: "DAG with dag_id: 'nope' not found" });
  });

  it('uses the title of a problem without detail', async () => {
    const { fake, api } = upstream();
    fake.on('post', '/dags/orders_etl/dagRuns', { status: 409, body: { type: 'about:blank', title: 'DAGRun already exists', status: 409 } });
    await expect(api.triggerRun('orders_etl', { conf: {}, logicalDate: '2025-11-26T09:00:00+00:00' })).rejects.toThrow('DAGRun already exists');
  });

  it('leaves a network failure an axios network error (the offline cache answers instead)', async () => {
    const { fake, api } = upstream();
    fake.on('get', '/dags', { network: true });
    const error = await api.listDags({ limit: 10, offset: 0 }).catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(WorkflowApiError);
    expect(isNetworkError(error)).toBe(true);
  });

  it('does not fall back from grid_data on a server error', async () => {
    const { fake, api } = upstream();
    fake.on('get', '/grid_data', { status: 500, body: 'boom', offSpec: true });
    await expect(api.grid('orders_etl', { numRuns: 5 })).rejects.toMatchObject({ status: 500, message: 'boom' });
    expect(fake.seen).toHaveLength(1);
  });
});

describe.skipIf(spec === null)('the v1 spec checks themselves', () => {
  it('refuse an undeclared parameter, a wrong type, a bad body and a fixture off the schema', () => {
    const checks = spec!;
    expect(() => checks.expectRequest({ method: 'get', path: '/dags', query: new URLSearchParams('owners=alice') })).toThrow(/owners|additional/);
    expect(() => checks.expectRequest({ method: 'get', path: '/dags', query: new URLSearchParams('limit=ten') })).toThrow(/integer/);
    expect(() => checks.expectRequest({ method: 'patch', path: '/dags/x/dagRuns/y', query: new URLSearchParams(), body: { state: 'running' } })).toThrow(/allowed values/);
    expect(() => checks.expectRequest({ method: 'get', path: '/dagStats', query: new URLSearchParams() })).toThrow(/dag_ids/);
    expect(() => checks.expectResponse('/dags', 'get', 200, { dags: [{ ...V1_DAG, is_paused: 'no' }], total_entries: 1 })).toThrow(/boolean/);
    expect(checks.expectRequest({ method: 'post', path: '/dags/~/dagRuns/~/taskInstances/list', query: new URLSearchParams(), body: {} })).toBe('/dags/~/dagRuns/~/taskInstances/list');
  });
});
