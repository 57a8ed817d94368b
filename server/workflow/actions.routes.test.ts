import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { V1Dag, V1DagRun, V1Log, V1TaskInstance } from '../../contracts/airflowV1';
import { ADMIN_PASSWORD } from '../testing/harness';
import { loadAirflowContract } from './testing/contract';
import { eventually, finished, runPath, workflowApp, type WorkflowApp } from './testing/app';

const contract = await loadAirflowContract();
let wf: WorkflowApp;

beforeAll(async () => {
  wf = await workflowApp(15);
});
afterAll(() => wf.close());

const tisOf = async (dagId: string, runId: string) =>
  (await wf.call('GET', `${runPath(dagId, runId)}/taskInstances?limit=1000`)).json<{ task_instances: V1TaskInstance[] }>().task_instances;

async function trigger(dagId: string, body: object = {}): Promise<V1DagRun> {
  const response = await wf.call('POST', `/v1/dags/${dagId}/dagRuns`, body);
  expect(response.statusCode, response.body).toBe(200);
  contract.expectResponse('/dags/{dag_id}/dagRuns', 'post', 200, response.json());
  return response.json<V1DagRun>();
}

describe('triggering runs', () => {
  it('runs the e2e DAG to success in dependency order, with logs and an audit entry', async () => {
    const run = await trigger('example_etl', { conf: { source: 'test' }, note: 'from the test' });
    expect(run).toMatchObject({ state: 'queued', run_type: 'manual', conf: { source: 'test' }, external_trigger: true });
    const done = await eventually(() => wf.run('example_etl', run.dag_run_id), finished);
    expect(done.state).toBe('success');
    const tis = await tisOf('example_etl', run.dag_run_id);
    expect(tis.every((ti) => ti.state === 'success' && ti.try_number === 1)).toBe(true);
    const at = (id: string) => tis.find((ti) => ti.task_id === id)!;
    expect(at('transform.clean_orders').start_date! >= at('extract_orders').end_date!).toBe(true);
    expect(at('load_warehouse').start_date! >= at('transform.join_customers').end_date!).toBe(true);
    const log = (await wf.call('GET', `${runPath('example_etl', run.dag_run_id)}/taskInstances/load_warehouse/logs/1`)).json<V1Log>();
    expect(log.content).toContain('Marking task as SUCCESS');
    const events = (await wf.call('GET', `/v1/eventLogs?dag_id=example_etl&event=trigger&run_id=${encodeURIComponent(run.dag_run_id)}`)).json<{ event_logs: { owner: string }[] }>();
    expect(events.event_logs).toEqual([expect.objectContaining({ owner: 'admin' })]);
  });

  it('refuses bad conf, bad bodies, duplicate run ids and unknown DAGs', async () => {
    for (const body of [{ conf: 'x' }, { conf: [1] }, { conf: null }, { dag_run_id: 5 }, { logical_date: 'tomorrow' }, { note: 7 }]) {
      const response = await wf.call('POST', '/v1/dags/example_etl/dagRuns', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      contract.expectResponse('/dags/{dag_id}/dagRuns', 'post', 400, response.json());
    }
    await trigger('search_index_rebuild', { dag_run_id: 'my_run' });
    const again = await wf.call('POST', '/v1/dags/search_index_rebuild/dagRuns', { dag_run_id: 'my_run' });
    expect(again.statusCode).toBe(409);
    contract.expectResponse('/dags/{dag_id}/dagRuns', 'post', 409, again.json());
    const unknown = await wf.call('POST', '/v1/dags/nope/dagRuns', {});
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ title: 'DAG not found', status: 404 });
  });

  it('keeps a run of a paused DAG queued until the DAG is unpaused', async () => {
    const paused = await wf.call('PATCH', '/v1/dags/example_etl', { is_paused: true });
    expect(paused.statusCode).toBe(200);
    contract.expectResponse('/dags/{dag_id}', 'patch', 200, paused.json());
    expect(paused.json<V1Dag>().is_paused).toBe(true);
    const run = await trigger('example_etl');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await wf.run('example_etl', run.dag_run_id)).state).toBe('queued');
    await wf.call('PATCH', '/v1/dags/example_etl?update_mask=is_paused', { is_paused: false });
    expect((await eventually(() => wf.run('example_etl', run.dag_run_id), finished)).state).toBe('success');
    const events = (await wf.call('GET', '/v1/eventLogs?dag_id=example_etl&included_events=paused,unpaused')).json<{ event_logs: { event: string; owner: string }[] }>();
    expect(events.event_logs.map((entry) => entry.event)).toEqual(['paused', 'unpaused']);
    expect((await wf.call('PATCH', '/v1/dags/example_etl', { is_paused: 'yes' })).statusCode).toBe(400);
    expect((await wf.call('PATCH', '/v1/dags/example_etl?update_mask=owners', { is_paused: true })).statusCode).toBe(400);
    expect((await wf.call('PATCH', '/v1/dags/nope', { is_paused: true })).statusCode).toBe(404);
  });
});

describe('marking, clearing and setting state', () => {
  it('marks a run failed and then success, finishing its task instances', async () => {
    await wf.call('PATCH', '/v1/dags/search_index_rebuild', { is_paused: true });
    const run = await trigger('search_index_rebuild');
    const failed = await wf.call('PATCH', runPath('search_index_rebuild', run.dag_run_id), { state: 'failed' });
    expect(failed.statusCode).toBe(200);
    contract.expectResponse('/dags/{dag_id}/dagRuns/{dag_run_id}', 'patch', 200, failed.json());
    expect(failed.json<V1DagRun>().state).toBe('failed');
    expect((await wf.call('PATCH', runPath('search_index_rebuild', run.dag_run_id), { state: 'running' })).statusCode).toBe(400);
    expect((await wf.call('PATCH', runPath('search_index_rebuild', 'nope'), { state: 'failed' })).statusCode).toBe(404);
    await wf.call('PATCH', '/v1/dags/search_index_rebuild', { is_paused: false });
    const queued = await wf.call('PATCH', runPath('search_index_rebuild', run.dag_run_id), { state: 'queued' });
    expect(queued.json<V1DagRun>().state).toBe('queued');
    await eventually(() => wf.run('search_index_rebuild', run.dag_run_id), (current) => current.state === 'running');
    const success = await wf.call('PATCH', runPath('search_index_rebuild', run.dag_run_id), { state: 'success' });
    expect(success.json<V1DagRun>().state).toBe('success');
    expect((await tisOf('search_index_rebuild', run.dag_run_id)).every((ti) => ti.state === 'success')).toBe(true);
  });

  it('clears a task and its downstream tasks, which run again with the next try', async () => {
    const run = await trigger('example_etl');
    await eventually(() => wf.run('example_etl', run.dag_run_id), finished);
    const body = { dag_run_id: run.dag_run_id, task_ids: ['load_warehouse'], include_downstream: true, only_failed: false };
    const dry = await wf.call('POST', '/v1/dags/example_etl/clearTaskInstances', body);
    expect(dry.statusCode, dry.body).toBe(200);
    contract.expectResponse('/dags/{dag_id}/clearTaskInstances', 'post', 200, dry.json());
    expect(dry.json<{ task_instances: { task_id: string }[] }>().task_instances.map((ti) => ti.task_id).sort()).toEqual(['load_warehouse', 'notify']);
    expect((await wf.run('example_etl', run.dag_run_id)).state).toBe('success');
    await wf.call('POST', '/v1/dags/example_etl/clearTaskInstances', { ...body, dry_run: false });
    expect(['queued', 'running']).toContain((await wf.run('example_etl', run.dag_run_id)).state);
    await eventually(() => wf.run('example_etl', run.dag_run_id), finished);
    const tis = await tisOf('example_etl', run.dag_run_id);
    expect(tis.find((ti) => ti.task_id === 'notify')!.try_number).toBe(2);
    expect(tis.find((ti) => ti.task_id === 'extract_orders')!.try_number).toBe(1);
    const tries = (await wf.call('GET', `${runPath('example_etl', run.dag_run_id)}/taskInstances/notify/tries`)).json<{ task_instances: V1TaskInstance[] }>();
    expect(tries.task_instances.map((ti) => [ti.try_number, ti.state])).toEqual([[1, 'success'], [2, 'success']]);
    expect((await wf.call('POST', '/v1/dags/example_etl/clearTaskInstances', { task_ids: ['nope'] })).statusCode).toBe(400);
    expect((await wf.call('POST', '/v1/dags/example_etl/clearTaskInstances', { dag_run_id: 'nope' })).statusCode).toBe(404);
  });

  it('clears the same task in earlier and later runs with include_past / include_future', async () => {
    const runs = [];
    for (const day of ['2025-01-01', '2025-01-02', '2025-01-03']) runs.push(await trigger('example_etl', { logical_date: `${day}T00:00:00+00:00` }));
    for (const run of runs) await eventually(() => wf.run('example_etl', run.dag_run_id), finished);
    const middle = runs[1].dag_run_id;
    const cleared = async (extra: object) => {
      const body = { dag_run_id: middle, task_ids: ['notify'], only_failed: false, ...extra };
      const answer = await wf.call('POST', '/v1/dags/example_etl/clearTaskInstances', body);
      expect(answer.statusCode, answer.body).toBe(200);
      // The demo's own scheduled runs (later dates) count too: only these three runs are compared.
      return answer.json<{ task_instances: { dag_run_id: string }[] }>().task_instances.map((ti) => ti.dag_run_id).filter((id) => ids.includes(id)).sort();
    };
    const ids = runs.map((run) => run.dag_run_id).sort();
    expect(await cleared({})).toEqual([middle]);
    expect(await cleared({ include_past: true })).toEqual(ids.filter((id) => id <= middle));
    expect(await cleared({ include_future: true })).toEqual(ids.filter((id) => id >= middle));
    expect(await cleared({ include_past: true, include_future: true })).toEqual(ids);
    // Every call above was a dry run (the default): the runs stay finished.
    for (const run of runs) expect((await wf.run('example_etl', run.dag_run_id)).state).toBe('success');
  });

  it('sets a task instance state and the finished run follows', async () => {
    const run = await trigger('example_etl');
    await eventually(() => wf.run('example_etl', run.dag_run_id), finished);
    const response = await wf.call('PATCH', `${runPath('example_etl', run.dag_run_id)}/taskInstances/notify`, { new_state: 'failed' });
    expect(response.statusCode, response.body).toBe(200);
    contract.expectResponse('/dags/{dag_id}/dagRuns/{dag_run_id}/taskInstances/{task_id}', 'patch', 200, response.json());
    expect((await wf.run('example_etl', run.dag_run_id)).state).toBe('failed');
    expect((await wf.call('PATCH', `${runPath('example_etl', run.dag_run_id)}/taskInstances/notify`, { new_state: 'running' })).statusCode).toBe(400);
    expect((await wf.call('PATCH', `${runPath('example_etl', run.dag_run_id)}/taskInstances/nope`, { new_state: 'success' })).statusCode).toBe(404);
    const events = (await wf.call('GET', '/v1/eventLogs?dag_id=example_etl&task_id=notify')).json<{ event_logs: { event: string }[] }>();
    expect(events.event_logs.map((entry) => entry.event)).toContain('set_task_instance_state_failed');
  });

  it('marks one map index of a mapped task and leaves the others as they were', async () => {
    const runs = (await wf.call('GET', '/v1/dags/customer_360/dagRuns?order_by=-execution_date&state=success&limit=1')).json<{ dag_runs: V1DagRun[] }>();
    const runId = runs.dag_runs[0].dag_run_id;
    const before = (await tisOf('customer_360', runId)).filter((ti) => ti.task_id === 'process_partition');
    const response = await wf.call('PATCH', `${runPath('customer_360', runId)}/taskInstances/process_partition/1`, { new_state: 'failed' });
    expect(response.statusCode, response.body).toBe(200);
    contract.expectResponse('/dags/{dag_id}/dagRuns/{dag_run_id}/taskInstances/{task_id}/{map_index}', 'patch', 200, response.json());
    const after = (await tisOf('customer_360', runId)).filter((ti) => ti.task_id === 'process_partition');
    expect(after.map((ti) => [ti.map_index, ti.state])).toEqual(before.map((ti) => [ti.map_index, ti.map_index === 1 ? 'failed' : ti.state]));
    expect((await wf.call('PATCH', `${runPath('customer_360', runId)}/taskInstances/process_partition/99`, { new_state: 'failed' })).statusCode).toBe(404);
    expect((await wf.call('PATCH', `${runPath('customer_360', runId)}/taskInstances/process_partition/-2`, { new_state: 'failed' })).statusCode).toBe(400);
  });
});

describe('HTTP Basic auth on /api/workflow', () => {
  const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

  it('accepts good credentials, refuses bad ones, and only on the workflow mount', async () => {
    const ok = await wf.app.inject({ method: 'GET', url: '/api/workflow/v1/dags?limit=1', headers: { authorization: basic('admin', ADMIN_PASSWORD) } });
    expect(ok.statusCode).toBe(200);
    const again = await wf.app.inject({ method: 'PATCH', url: '/api/workflow/v1/dags/cleanup_tmp_files', payload: { is_paused: false }, headers: { authorization: basic('admin', ADMIN_PASSWORD) } });
    expect(again.statusCode).toBe(200);
    const bad = await wf.app.inject({ method: 'GET', url: '/api/workflow/v1/dags', headers: { authorization: basic('admin', 'wrong') } });
    expect(bad.statusCode).toBe(401);
    const garbled = await wf.app.inject({ method: 'GET', url: '/api/workflow/v1/dags', headers: { authorization: 'Basic !!!' } });
    expect(garbled.statusCode).toBe(401);
    const elsewhere = await wf.app.inject({ method: 'GET', url: '/api/notebook/workspace', headers: { authorization: basic('admin', ADMIN_PASSWORD) } });
    expect(elsewhere.statusCode).toBe(401);
  });

  it('accepts the OIDC endpoint\'s Bearer tokens, for reads and writes', async () => {
    const form = new URLSearchParams({ grant_type: 'password', client_id: 'console', username: 'admin', password: ADMIN_PASSWORD }).toString();
    const token = await wf.app.inject({ method: 'POST', url: '/api/auth/realms/dataplatform/protocol/openid-connect/token', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: form });
    const authorization = `Bearer ${token.json<{ access_token: string }>().access_token}`;
    expect((await wf.app.inject({ method: 'GET', url: '/api/workflow/v1/dags/example_etl', headers: { authorization } })).statusCode).toBe(200);
    const write = await wf.app.inject({ method: 'PATCH', url: '/api/workflow/v1/dags/example_etl', payload: { is_paused: false }, headers: { authorization, origin: 'https://elsewhere.example' } });
    expect(write.statusCode).toBe(200);
  });

  it('refuses cross-site writes with the session cookie, as every mount does', async () => {
    const response = await wf.call('PATCH', '/v1/dags/example_etl', { is_paused: true }, { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' });
    expect(response.statusCode).toBe(403);
    expect((await wf.call('GET', '/v1/dags/example_etl')).json<V1Dag>().is_paused).toBe(false);
  });

  it('counts wrong passwords against the sign-in limits', async () => {
    let response;
    for (let attempt = 0; attempt < 30; attempt++) {
      response = await wf.app.inject({ method: 'GET', url: '/api/workflow/v1/dags', headers: { authorization: basic('editor', `wrong-${attempt}`) } });
      if (response.statusCode !== 401) break;
    }
    expect(response!.statusCode).toBe(429);
    expect(response!.headers['retry-after']).toBeDefined();
  });
});
