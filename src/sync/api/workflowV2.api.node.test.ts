// Runs in Node (tsconfig.node.json): it reads Airflow 3's specs from ../shared/contracts.
import { describe, expect, it } from 'vitest';
import { loadOpenApi } from '../../../server/testing/openapi';
import { sharedContract } from '../../../server/testing/sharedContracts';
import { isNetworkError } from './http';
import { V2_DAG, V2_DETAIL, V2_TASKS, v2Run, v2Ti } from './testing/airflowV2.fixtures';
import { fakeAirflow, type SpecOf } from './testing/fakeAirflow';
import { createWorkflowService } from './workflow.api';
import { WorkflowApiError } from './workflowHttp';
import { STILL_OPENING_LOG, type MarkRequest } from '../../../contracts/workflow';
import { markRequest } from './testing/markRequest';

const publicFile = sharedContract('airflow-v2.yaml');
const uiFile = sharedContract('airflow-ui-private.yaml');
if (publicFile === null) console.warn('Airflow v2 adapter: requests and fixtures are not checked against the spec (../shared/contracts absent).');
const publicSpec = publicFile === null ? null : loadOpenApi(publicFile, 'airflow-v2.yaml');
const uiSpec = uiFile === null ? null : loadOpenApi(uiFile, 'airflow-ui-private.yaml');
/** The NDJSON ti_summaries call (Airflow 3.2+) is newer than the shared UI spec: checked against the real 3.3.2 in upstreams/console/grid.test.ts. */
const NEWER_THAN_SPEC = /^\/ui\/grid\/ti_summaries\/[^/]+$/;
/** v2 paths are absolute: the adapter puts them after the base as the specs write them. */
const specOf: SpecOf = (path) => ({ spec: NEWER_THAN_SPEC.test(path) ? null : path.startsWith('/ui/') ? uiSpec : publicSpec, path });
const release = (version: string) => ({ body: { version, git_version: null } });

function upstream(token?: string) {
  const fake = fakeAirflow(specOf, 'https://airflow.example.com');
  return { fake, api: createWorkflowService({ workflowApiVersion: 'v2', features: {} }, fake.http, { bearerToken: () => token ?? null }) };
}

const RUN = 'manual__2025-11-26T09:00:00+00:00';
const runPath = `/api/v2/dags/orders_etl/dagRuns/${encodeURIComponent(RUN)}`;

describe('Airflow v2 adapter: DAGs', () => {
  it('sends arrays as repeated keys, maps is_stale, timetable_summary and next_dagrun_logical_date, with a bearer token', async () => {
    const { fake, api } = upstream('jwt-1');
    expect(api.version).toBe('v2');
    fake.on('get', '/api/v2/dags', { body: { dags: [V2_DAG, { ...V2_DAG, dag_id: 'old', is_stale: true, next_dagrun_logical_date: null, next_dagrun_run_after: null }], total_entries: 2 } });
    const page = await api.listDags({ limit: 10, offset: 0, orderBy: '-last_run', tags: ['etl', 'orders'], owners: ['data-eng'], lastRunState: 'failed', paused: false, search: 'ord' });
    const q = fake.seen[0]!.query;
    expect(q.getAll('tags')).toEqual(['etl', 'orders']);
    expect(q.getAll('order_by')).toEqual(['-last_run_start_date']);
    expect(Object.fromEntries(q)).toMatchObject({ owners: 'data-eng', last_dag_run_state: 'failed', paused: 'false', dag_id_pattern: 'ord' });
    expect(fake.seen[0]!.headers.Authorization).toBe('Bearer jwt-1');
    expect(page.items[0]).toMatchObject({ id: 'orders_etl', isActive: true, schedule: '30 2 * * *', nextRun: '2025-11-28T02:30:00Z', sourceKey: 'orders_etl', tags: ['etl'] });
    expect(page.items[1]).toMatchObject({ isActive: false, nextRun: null });
  });

  it('reads details, pauses with the one allowed key, lists tasks and reads the source by dag_id', async () => {
    const { fake, api } = upstream();
    fake
      .on('get', '/api/v2/dags/orders_etl/details', { body: V2_DETAIL })
      .on('patch', '/api/v2/dags/orders_etl', { body: { ...V2_DAG, is_paused: true } })
      .on('get', '/api/v2/dags/orders_etl/tasks', { body: { tasks: V2_TASKS, total_entries: 3 } })
      .on('get', '/api/v2/dagSources/orders_etl', { body: { content: 'from airflow.sdk import dag\n', dag_id: 'orders_etl', version_number: 3, dag_display_name: 'Orders ETL' } });
    expect(await api.getDag('orders_etl')).toMatchObject({ catchup: false, timezone: 'UTC', docMd: null });
    expect((await api.setPaused('orders_etl', true)).isPaused).toBe(true);
    expect(fake.seen[1]!.body).toEqual({ is_paused: true });
    expect((await api.listTasks('orders_etl'))[0]).toEqual({ id: 'extract.orders', operator: 'PythonOperator', downstream: ['load'], isMapped: false, retries: 1, triggerRule: 'all_success', docMd: null, groups: ['extract'] });
    expect(await api.getSource({ id: 'orders_etl', sourceKey: 'orders_etl' })).toBe('from airflow.sdk import dag\n');
  });

  it('asks dagStats with repeated dag_ids', async () => {
    const { fake, api } = upstream();
    fake.on('get', '/api/v2/dagStats', { body: { dags: [{ dag_id: 'orders_etl', dag_display_name: 'Orders ETL', stats: [{ state: 'running', count: 1 }] }], total_entries: 1 } });
    expect(await api.dagStats(['orders_etl', 'b'])).toEqual([{ dagId: 'orders_etl', counts: { running: 1 } }]);
    expect(fake.seen[0]!.query.getAll('dag_ids')).toEqual(['orders_etl', 'b']);
  });

  it('pages the event log with order_by as an array', async () => {
    const { fake, api } = upstream();
    const event = { event_log_id: 9, when: '2025-11-26T08:15:00Z', dag_id: 'orders_etl', task_id: null, run_id: null, map_index: null, try_number: null, event: 'trigger', logical_date: null, owner: 'alice', extra: null };
    fake.on('get', '/api/v2/eventLogs', { body: { event_logs: [event], total_entries: 1 } });
    expect((await api.listEventLogs('orders_etl', { limit: 25, offset: 25 })).items[0]).toMatchObject({ id: 9, event: 'trigger', owner: 'alice' });
  });
});

const mark = (mapIndex: number, state: 'success' | 'failed', options: Partial<MarkRequest> = {}) => markRequest(RUN, mapIndex, state, options);

describe('Airflow v2 adapter: runs, task instances, logs', () => {
  it('uses run_after as the time axis and triggers with logical_date sent even when null', async () => {
    const { fake, api } = upstream();
    fake
      .on('get', '/api/v2/dags/orders_etl/dagRuns', { body: { dag_runs: [v2Run(RUN, '2025-11-26T09:00:00Z', 'running', null)], total_entries: 1 } })
      .on('post', '/api/v2/dags/orders_etl/dagRuns', { body: v2Run(RUN, '2025-11-26T09:00:00Z', 'queued', null) });
    const page = await api.listRuns('orders_etl', { limit: 25, offset: 0, state: ['running', 'queued'] });
    expect(fake.seen[0]!.query.getAll('state')).toEqual(['running', 'queued']);
    expect(fake.seen[0]!.query.getAll('order_by')).toEqual(['-run_after']);
    expect(page.items[0]).toMatchObject({ logicalDate: null, runAfter: '2025-11-26T09:00:00Z', triggeredBy: 'ui', conf: {}, queuedAt: '2025-11-26T09:00:00Z' });
    await api.triggerRun('orders_etl', { conf: { full: true }, logicalDate: null });
    await api.triggerRun('orders_etl', { conf: {}, logicalDate: '2025-11-26T10:00:00Z', note: 'rerun' });
    expect(fake.seen.slice(1).map((r) => r.body)).toEqual([{ logical_date: null, conf: { full: true } }, { logical_date: '2025-11-26T10:00:00Z', conf: {}, note: 'rerun' }]);
  });

  it('marks runs and tasks and clears with v2 bodies (no unknown keys)', async () => {
    const { fake, api } = upstream();
    fake
      .on('patch', runPath, { body: v2Run(RUN, '2025-11-26T09:00:00Z', 'failed', null) })
      .on('patch', `${runPath}/taskInstances/load`, { body: { task_instances: [v2Ti(RUN, 'load', 'success')], total_entries: 1 } })
      .on('patch', `${runPath}/taskInstances/load/7`, { body: { task_instances: [{ ...v2Ti(RUN, 'load', 'failed'), map_index: 7 }], total_entries: 1 } })
      .on('post', '/api/v2/dags/orders_etl/clearTaskInstances', { body: { task_instances: [], total_entries: 0 } });
    expect((await api.setRunState('orders_etl', RUN, 'failed')).state).toBe('failed');
    await api.setTaskState('orders_etl', mark(-1, 'success', { includeUpstream: true, includeFuture: true }));
    // One map index of a mapped task: its own path, so Airflow marks that instance and no other.
    await api.setTaskState('orders_etl', mark(7, 'failed'));
    expect(fake.seen[2]!.path).toBe(`${runPath}/taskInstances/load/7`);
    fake.seen.splice(2, 1);
    await api.clearTasks('orders_etl', { runId: RUN, taskIds: ['load'], includeUpstream: true, includeDownstream: false, includePast: true, includeFuture: false, onlyFailed: true });
    expect(fake.seen.map((r) => r.body)).toEqual([
      { state: 'failed' },
      { new_state: 'success', include_upstream: true, include_downstream: false, include_future: true, include_past: false },
      { dry_run: false, dag_run_id: RUN, task_ids: ['load'], include_upstream: true, include_downstream: false, include_past: true, include_future: false, only_failed: true, reset_dag_runs: true },
    ]);
  });

  it('previews a mark with the task instance\'s dry_run PATCH, for one map index too', async () => {
    const { fake, api } = upstream();
    fake
      .on('patch', `${runPath}/taskInstances/load/dry_run`, { body: { task_instances: [v2Ti(RUN, 'load', 'failed'), v2Ti(RUN, 'notify', 'upstream_failed')], total_entries: 2 } })
      .on('patch', `${runPath}/taskInstances/load/7/dry_run`, { body: { task_instances: [{ ...v2Ti(RUN, 'load', 'failed'), map_index: 7 }], total_entries: 1 } });
    expect(await api.previewMark('orders_etl', mark(-1, 'success', { includeDownstream: true }))).toEqual([
      { taskId: 'load', runId: RUN, mapIndex: -1, state: 'failed' },
      { taskId: 'notify', runId: RUN, mapIndex: -1, state: 'upstream_failed' },
    ]);
    expect(fake.seen[0]!.body).toEqual({ new_state: 'success', include_upstream: false, include_downstream: true, include_future: false, include_past: false });
    expect(await api.previewMark('orders_etl', mark(7, 'success'))).toEqual([{ taskId: 'load', runId: RUN, mapIndex: 7, state: 'failed' }]);
    expect(fake.seen[1]!.path).toBe(`${runPath}/taskInstances/load/7/dry_run`);
  });

  it('previews a clear with a dry run that lists the task instances with their state and map index', async () => {
    const { fake, api } = upstream();
    fake.on('post', '/api/v2/dags/orders_etl/clearTaskInstances', { body: { task_instances: [v2Ti(RUN, 'load', 'failed'), { ...v2Ti(RUN, 'notify', 'success'), map_index: 3 }], total_entries: 2 } });
    const affected = await api.previewClear('orders_etl', { runId: RUN, taskIds: ['load'], includeUpstream: false, includeDownstream: true, includePast: false, includeFuture: true, onlyFailed: false });
    expect(fake.seen[0].body).toEqual({ dry_run: true, dag_run_id: RUN, task_ids: ['load'], include_upstream: false, include_downstream: true, include_past: false, include_future: true, only_failed: false, reset_dag_runs: true });
    expect(affected).toEqual([
      { taskId: 'load', runId: RUN, mapIndex: -1, state: 'failed' },
      { taskId: 'notify', runId: RUN, mapIndex: 3, state: 'success' },
    ]);
  });

  it('maps a null task state, lists tries oldest first, and reads xcoms', async () => {
    const { fake, api } = upstream();
    const { id: _id, logical_date: _l, run_after: _r, rendered_map_index: _m, note: _n, rendered_fields: _f, trigger: _t, triggerer_job: _j, ...history } = v2Ti(RUN, 'load', 'failed');
    fake
      .on('get', `${runPath}/taskInstances`, { body: { task_instances: [v2Ti(RUN, 'load', null)], total_entries: 1 } })
      .on('get', `${runPath}/taskInstances/load/tries`, { body: { task_instances: [{ ...history, try_number: 2, state: 'success' }, history], total_entries: 2 } })
      .on('get', `${runPath}/taskInstances/load/xcomEntries`, { body: { xcom_entries: [{ key: 'rows', timestamp: '2025-11-26T09:01:05Z', logical_date: null, map_index: -1, task_id: 'load', dag_id: 'orders_etl', run_id: RUN, dag_display_name: 'Orders ETL', task_display_name: 'load', run_after: '2025-11-26T09:00:00Z' }], total_entries: 1 } })
      .on('get', `${runPath}/taskInstances/load/xcomEntries/rows`, { body: { key: 'rows', timestamp: '2025-11-26T09:01:05Z', logical_date: null, map_index: -1, task_id: 'load', dag_id: 'orders_etl', run_id: RUN, dag_display_name: 'Orders ETL', task_display_name: 'load', run_after: '2025-11-26T09:00:00Z', value: '1200' } });
    expect((await api.listTaskInstances('orders_etl', RUN))[0]).toMatchObject({ state: null, hostname: null });
    expect((await api.listTries('orders_etl', RUN, 'load', -1)).map((t) => [t.tryNumber, t.state])).toEqual([[1, 'failed'], [2, 'success']]);
    expect((await api.listXComs('orders_etl', RUN, 'load', 4))[0]).toEqual({ key: 'rows', taskId: 'load', mapIndex: -1, timestamp: '2025-11-26T09:01:05Z' });
    expect((await api.getXCom('orders_etl', RUN, 'load', 4, 'rows')).value).toBe('1200');
    // The map index goes on every call: a mapped task's xcoms are one instance's.
    expect(fake.seen.slice(2).map((r) => r.query.get('map_index'))).toEqual(['4', '4']);
  });

  it('joins structured log records into text lines with their levels, under the try_number path', async () => {
    const { fake, api } = upstream();
    fake.on('get', `${runPath}/taskInstances/load/logs/2`, {
      body: {
        content: [
          { timestamp: '2025-11-26T09:00:05.120Z', event: 'Task started', level: 'info', logger: 'task' },
          { timestamp: '2025-11-26T09:00:06.000Z', event: 'Retrying', level: 'warning', attempt: 2 },
        ],
        continuation_token: null,
      },
    });
    const chunk = await api.getLog('orders_etl', RUN, 'load', 5, 2, null);
    // No continuation token is Airflow 3's end of the log (it gives one only while the try runs).
    expect(chunk).toEqual({
      content: '[2025-11-26T09:00:05.120Z] INFO - Task started (task)\n[2025-11-26T09:00:06.000Z] WARNING - Retrying attempt=2\n',
      token: null,
      endOfLog: true,
    });
    expect(Object.fromEntries(fake.seen[0]!.query)).toEqual({ full_content: 'false', map_index: '5' });
    const ended = btoa(JSON.stringify({ end_of_log: true })).replace(/=+$/, '');
    fake.on('get', `${runPath}/taskInstances/load/logs/3`, { body: { content: ['plain line', '[2025-11-26] ERROR - boom'], continuation_token: ended } });
    expect(await api.getLog('orders_etl', RUN, 'load', -1, 3, null)).toEqual({ content: 'plain line\n[2025-11-26] ERROR - boom\n', token: ended, endOfLog: true });
  });

  it('asks for a page again after Retry-After while the console server waits for Airflow to begin a long log', async () => {
    const { fake, api } = upstream();
    let asked = 0;
    fake.on('get', `${runPath}/taskInstances/load/logs/1/lines`, () => {
      asked += 1;
      if (asked < 3) return { status: 504, headers: { 'retry-after': '0' }, body: { status: 504, title: 'Gateway Timeout', detail: `${STILL_OPENING_LOG} (longer than the console's 30 s timeout)` } };
      return { body: { lines: ['a'], cursor: 0, next: null } };
    });
    expect(await api.getLogPage('orders_etl', RUN, 'load', -1, 1, 0, 10)).toEqual({ lines: ['a'], cursor: 0, next: null });
    expect(asked).toBe(3);
    // Any other 504 (Airflow unreachable in time) is not waited out.
    fake.on('get', `${runPath}/taskInstances/load/logs/2/lines`, { status: 504, headers: { 'retry-after': '0' }, body: { status: 504, title: 'Gateway Timeout', detail: 'The Airflow server did not answer within 30 s' } });
    await expect(api.getLogPage('orders_etl', RUN, 'load', -1, 2, 0, 10)).rejects.toThrow(/504/);
  });

  it("reads a finished log's pages from the console server beside Airflow's log read, and says where to download it", async () => {
    const { fake, api } = upstream();
    fake.on('get', `${runPath}/taskInstances/load/logs/1/lines`, { body: { lines: ['a', 'b'], cursor: 40, next: 42 } });
    expect(await api.getLogPage('orders_etl', RUN, 'load', 3, 1, 40, 2)).toEqual({ lines: ['a', 'b'], cursor: 40, next: 42 });
    expect(Object.fromEntries(fake.seen[0]!.query)).toEqual({ map_index: '3', cursor: '40', limit: '2' });
    expect(api.logDownloadUrl('orders_etl', RUN, 'load', -1, 1)).toMatch(new RegExp(`/api/v2/dags/orders_etl/dagRuns/${encodeURIComponent(RUN).replace(/[+]/g, '\\+')}/taskInstances/load/logs/1/download\\?map_index=-1$`));
  });
});

describe('Airflow v2 adapter: grid and graph', () => {
  const runs = [{ dag_id: 'orders_etl', run_id: RUN, queued_at: null, start_date: '2025-11-26T09:00:01Z', end_date: null, run_after: '2025-11-26T09:00:00Z', state: 'running', run_type: 'manual', dag_versions: [], has_missed_deadline: false, duration: 12 }];

  it('reads the /ui grid before 3.2: structure, runs and one summary per run', async () => {
    const { fake, api } = upstream();
    fake
      .on('get', '/api/v2/version', release('3.1.3'))
      .on('get', '/ui/grid/structure/orders_etl', { body: [{ id: 'start', label: 'start', is_mapped: false }, { id: 'extract', label: 'extract', is_mapped: false, children: [{ id: 'extract.orders', label: 'orders', is_mapped: false }] }] })
      .on('get', '/ui/grid/runs/orders_etl', { body: runs })
      .on('get', `/ui/grid/ti_summaries/orders_etl/${encodeURIComponent(RUN)}`, {
        body: { run_id: RUN, dag_id: 'orders_etl', task_instances: [
          { task_id: 'start', task_display_name: 'start', state: 'success', child_states: null, min_start_date: '2025-11-26T09:00:02Z', max_end_date: '2025-11-26T09:00:03Z', dag_version_number: 3 },
          { task_id: 'extract.orders', task_display_name: 'orders', state: 'running', child_states: null, min_start_date: '2025-11-26T09:00:04Z', max_end_date: null, dag_version_number: 3 },
        ] },
      });
    const grid = await api.grid('orders_etl', { numRuns: 25 });
    expect(grid.runs.map((r) => [r.runId, r.state, r.logicalDate])).toEqual([[RUN, 'running', null]]);
    expect(grid.nodes[1]).toMatchObject({ id: 'extract', isGroup: true, instances: { [RUN]: { state: 'running' } } });
    expect(grid.nodes[0]!.instances[RUN]).toEqual({ state: 'success', tryNumber: 0, startDate: '2025-11-26T09:00:02Z', endDate: '2025-11-26T09:00:03Z' });
  });

  it('reads the /ui grid from 3.2: the summaries of all runs in one NDJSON call, the release asked once', async () => {
    const { fake, api } = upstream();
    const line = (runId: string, state: string) => JSON.stringify({ run_id: runId, dag_id: 'orders_etl', task_instances: [{ task_id: 'start', task_display_name: 'start', state, child_states: null, min_start_date: null, max_end_date: null }] });
    const two = [...runs, { ...runs[0], run_id: 'scheduled__1', state: 'success' }];
    fake
      .on('get', '/api/v2/version', release('3.3.2'))
      .on('get', '/ui/grid/structure/orders_etl', { body: [{ id: 'start', label: 'start', is_mapped: false }] })
      .on('get', '/ui/grid/runs/orders_etl', { body: two })
      .on('get', '/ui/grid/ti_summaries/orders_etl', { body: `${line(RUN, 'running')}\n${line('scheduled__1', 'success')}\n`, headers: { 'content-type': 'application/x-ndjson' } });
    const grid = await api.grid('orders_etl', { numRuns: 25 });
    await api.grid('orders_etl', { numRuns: 25 });
    expect(grid.nodes[0]!.instances).toMatchObject({ [RUN]: { state: 'running' }, scheduled__1: { state: 'success' } });
    const summaries = fake.seen.filter((request) => request.path.startsWith('/ui/grid/ti_summaries'));
    expect(summaries.map((request) => [request.path, request.query.getAll('run_ids'), request.headers.Accept])).toEqual([
      ['/ui/grid/ti_summaries/orders_etl', [RUN, 'scheduled__1'], 'application/x-ndjson'],
      ['/ui/grid/ti_summaries/orders_etl', [RUN, 'scheduled__1'], 'application/x-ndjson'],
    ]);
    expect(fake.seen.filter((request) => request.path === '/api/v2/version')).toHaveLength(1);
  });

  it('from 3.2 never falls back to POST taskInstances/list (it writes an audit-log row), and a web page is an error, not data', async () => {
    const { fake, api } = upstream();
    fake
      .on('get', '/api/v2/version', release('3.3.2'))
      .on('get', '/ui/grid/structure/orders_etl', { status: 404, body: { detail: 'Not Found' } })
      .on('get', '/ui/grid/runs/orders_etl', { status: 404, body: { detail: 'Not Found' } });
    await expect(api.grid('orders_etl', { numRuns: 25 })).rejects.toMatchObject({ status: 404 });
    fake
      .on('get', '/ui/grid/structure/orders_etl', { body: [] })
      .on('get', '/ui/grid/runs/orders_etl', { body: runs })
      .on('get', '/ui/grid/ti_summaries/orders_etl', { body: '<!doctype html><html><body>Airflow</body></html>', offSpec: true, headers: { 'content-type': 'text/html; charset=utf-8' } });
    await expect(api.grid('orders_etl', { numRuns: 25 })).rejects.toThrow(/web page, not data/);
    fake.on('get', '/ui/grid/ti_summaries/orders_etl', { body: '{"run_id": "a", "task_instances": []}\nnot json\n', headers: { 'content-type': 'application/x-ndjson' } });
    await expect(api.grid('orders_etl', { numRuns: 25 })).rejects.toThrow(/not JSON lines \(line 2\)/);
    expect(fake.seen.some((request) => request.method === 'post')).toBe(false);
  });

  it('builds the grid from public calls, batching task instances, where /ui is absent before 3.2', async () => {
    const { fake, api } = upstream();
    fake
      .on('get', '/api/v2/version', release('3.0.6'))
      .on('get', '/ui/grid/structure/orders_etl', { status: 404, body: { detail: 'Not Found' } })
      .on('get', '/ui/grid/runs/orders_etl', { status: 404, body: { detail: 'Not Found' } })
      .on('get', '/api/v2/dags/orders_etl/tasks', { body: { tasks: V2_TASKS, total_entries: 3 } })
      .on('get', '/api/v2/dags/orders_etl/dagRuns', { body: { dag_runs: [v2Run(RUN, '2025-11-26T09:00:00Z', 'running', null)], total_entries: 1 } })
      .on('post', '/api/v2/dags/~/dagRuns/~/taskInstances/list', { body: { task_instances: [v2Ti(RUN, 'start', 'success'), v2Ti(RUN, 'extract.orders', 'failed')], total_entries: 2 } });
    const grid = await api.grid('orders_etl', { numRuns: 10 });
    expect(fake.seen.at(-1)!.body).toEqual({ dag_ids: ['orders_etl'], dag_run_ids: [RUN], page_offset: 0, page_limit: 100 });
    expect(grid.nodes.map((n) => [n.id, n.instances[RUN]?.state])).toEqual([['start', 'success'], ['extract', 'failed'], ['load', undefined]]);
  });

  it('reads structure_data for the graph, else builds it from the tasks', async () => {
    const { fake, api } = upstream();
    fake.on('get', '/ui/structure/structure_data', { body: { nodes: [{ id: 'start', label: 'start', type: 'task', operator: 'EmptyOperator' }, { id: 'load', label: 'load', type: 'task', is_mapped: true, operator: 'PythonOperator' }], edges: [{ source_id: 'start', target_id: 'load' }] } });
    expect(await api.graph('orders_etl')).toEqual({
      nodes: [{ id: 'start', label: 'start', operator: 'EmptyOperator', isGroup: false, isMapped: false, children: [] }, { id: 'load', label: 'load', operator: 'PythonOperator', isGroup: false, isMapped: true, children: [] }],
      edges: [{ source: 'start', target: 'load' }],
    });
    fake.on('get', '/ui/structure/structure_data', { status: 404, body: { detail: 'Not Found' } }).on('get', '/api/v2/dags/orders_etl/tasks', { body: { tasks: V2_TASKS, total_entries: 3 } });
    expect((await api.graph('orders_etl')).edges).toEqual([{ source: 'extract.orders', target: 'load' }, { source: 'start', target: 'extract.orders' }]);
  });
});

describe('Airflow v2 adapter: graph joins', () => {
  it('collapses the join nodes (type join, empty label) of task groups, keeping the edges through them', async () => {
    const { fake, api } = upstream();
    const node = (id: string, label: string, type = 'task', children: unknown[] | null = null) => ({ id, label, type, children, is_mapped: null, operator: type === 'task' ? '@task' : null });
    fake.on('get', '/ui/structure/structure_data', {
      body: {
        nodes: [node('pick', 'pick'), node('regions', 'regions', 'task', [node('regions.upstream_join_id', '', 'join'), node('regions.eu', 'eu'), node('regions.downstream_join_id', '', 'join')]), node('done', '')],
        edges: [
          { source_id: 'pick', target_id: 'regions.upstream_join_id' },
          { source_id: 'regions.upstream_join_id', target_id: 'regions.eu' },
          { source_id: 'regions.eu', target_id: 'regions.downstream_join_id' },
          { source_id: 'regions.downstream_join_id', target_id: 'done' },
        ],
      },
    });
    const graph = await api.graph('orders_etl');
    expect(graph.nodes.map((n) => [n.id, n.label, n.children.map((c) => c.label)])).toEqual([['pick', 'pick', []], ['regions', 'regions', ['eu']], ['done', 'done', []]]);
    expect(graph.edges).toEqual([{ source: 'pick', target: 'regions.eu' }, { source: 'regions.eu', target: 'done' }]);
  });
});

describe('Airflow v2 adapter: errors', () => {
  it('uses FastAPI\'s detail string as the message', async () => {
    const { fake, api } = upstream();
    fake.on('get', '/api/v2/dags/nope/details', { status: 404, body: { detail: 'The Dag with ID: `nope` was not found' } });
    await expect(api.getDag('nope')).rejects.toMatchObject({ name: 'WorkflowApiError', status: 404, message: 'The Dag with ID: `nope` was not found' });
  });

  it('joins a 422\'s messages with their fields', async () => {
    const { fake, api } = upstream();
    fake.on('post', '/api/v2/dags/orders_etl/dagRuns', {
      status: 422,
      body: { detail: [
        { type: 'extra_forbidden', loc: ['body', 'execution_date'], msg: 'Extra inputs are not permitted', input: '2025-11-26' },
        { type: 'dict_type', loc: ['body', 'conf'], msg: 'Input should be a valid dictionary' },
      ] },
    });
    const error = await api.triggerRun('orders_etl', { conf: {}, logicalDate: null }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WorkflowApiError);
    expect((error as Error).message).toBe('execution_date: Extra inputs are not permitted; conf: Input should be a valid dictionary');
  });

  it('leaves a network failure a network error', async () => {
    const { fake, api } = upstream();
    fake.on('get', '/api/v2/dags/orders_etl/details', { network: true });
    expect(isNetworkError(await api.getDag('orders_etl').catch((e: unknown) => e))).toBe(true);
  });
});

describe.skipIf(publicSpec === null)('the v2 spec checks themselves', () => {
  it('refuse v1\'s execution_date in a trigger body, a trigger without logical_date, and a comma list where v2 repeats keys', () => {
    const spec = publicSpec!;
    const none = new URLSearchParams();
    expect(() => spec.expectRequest({ method: 'post', path: '/api/v2/dags/d/dagRuns', query: none, body: { execution_date: '2025-01-01T00:00:00Z', logical_date: null } })).toThrow(/additional/);
    expect(() => spec.expectRequest({ method: 'post', path: '/api/v2/dags/d/dagRuns', query: none, body: { conf: {} } })).toThrow(/logical_date/);
    expect(() => spec.expectRequest({ method: 'get', path: '/api/v2/dags', query: new URLSearchParams('only_active=true') })).toThrow(/additional/);
    expect(() => spec.expectResponse('/api/v2/dags/{dag_id}/dagRuns/{dag_run_id}', 'get', 200, { ...v2Run(RUN, '2025-11-26T09:00:00Z'), run_after: null })).toThrow(/run_after/);
  });
});
