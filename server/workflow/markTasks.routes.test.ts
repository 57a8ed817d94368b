import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { V1DagRun, V1TaskInstance } from '../../contracts/airflowV1';
import { loadAirflowContract } from './testing/contract';
import { eventually, finished, runPath, workflowApp, type WorkflowApp } from './testing/app';

const contract = await loadAirflowContract();
let wf: WorkflowApp;

beforeAll(async () => {
  wf = await workflowApp(15);
});
afterAll(() => wf.close());

const statesOf = async (runId: string) =>
  Object.fromEntries((await wf.call('GET', `${runPath('example_etl', runId)}/taskInstances?limit=1000`)).json<{ task_instances: V1TaskInstance[] }>().task_instances.map((ti) => [ti.task_id, ti.state]));
const UPDATE = '/v1/dags/example_etl/updateTaskInstancesState';

async function finishedRuns(days: string[]): Promise<string[]> {
  const ids = [];
  for (const day of days) {
    const response = await wf.call('POST', '/v1/dags/example_etl/dagRuns', { logical_date: `${day}T00:00:00+00:00` });
    expect(response.statusCode, response.body).toBe(200);
    ids.push(response.json<V1DagRun>().dag_run_id);
  }
  for (const id of ids) await eventually(() => wf.run('example_etl', id), finished);
  return ids;
}

describe('updateTaskInstancesState (mark with Upstream / Downstream / Past / Future)', () => {
  it('lists what a mark would change without changing it, then changes exactly that', async () => {
    const [first, middle, last] = await finishedRuns(['2024-03-01', '2024-03-02', '2024-03-03']);
    const mark = async (extra: object) => {
      const response = await wf.call('POST', UPDATE, { task_id: 'load_warehouse', dag_run_id: middle, new_state: 'failed', ...extra });
      expect(response.statusCode, response.body).toBe(200);
      contract.expectResponse('/dags/{dag_id}/updateTaskInstancesState', 'post', 200, response.json());
      // The demo's own scheduled runs count too: only these three runs are compared.
      return response.json<{ task_instances: { task_id: string; dag_run_id: string }[] }>().task_instances
        .filter((ref) => [first, middle, last].includes(ref.dag_run_id)).map((ref) => `${ref.dag_run_id} ${ref.task_id}`).sort();
    };
    const before = await Promise.all([first, middle, last].map(statesOf));
    // dry_run defaults to true, as in Airflow.
    expect(await mark({})).toEqual([`${middle} load_warehouse`]);
    expect(await mark({ include_downstream: true })).toEqual([`${middle} load_warehouse`, `${middle} notify`]);
    expect(await mark({ include_downstream: true, include_past: true })).toEqual([`${first} load_warehouse`, `${first} notify`, `${middle} load_warehouse`, `${middle} notify`]);
    expect(await Promise.all([first, middle, last].map(statesOf))).toEqual(before);
    expect(await mark({ include_downstream: true, dry_run: false })).toEqual([`${middle} load_warehouse`, `${middle} notify`]);
    expect(await statesOf(middle)).toEqual({ ...before[1], load_warehouse: 'failed', notify: 'failed' });
    expect((await wf.run('example_etl', middle)).state).toBe('failed');
    expect(await statesOf(first)).toEqual(before[0]);
    // Already failed: nothing left to change.
    expect(await mark({ include_downstream: true })).toEqual([]);
  });

  it('refuses a mapped task (no map index in this call), unknown tasks and runs, and bad bodies', async () => {
    const runs = (await wf.call('GET', '/v1/dags/customer_360/dagRuns?order_by=-execution_date&state=success&limit=1')).json<{ dag_runs: V1DagRun[] }>();
    const runId = runs.dag_runs[0].dag_run_id;
    const mapped = await wf.call('POST', '/v1/dags/customer_360/updateTaskInstancesState', { task_id: 'process_partition', dag_run_id: runId, new_state: 'failed' });
    expect(mapped.statusCode).toBe(404);
    expect((await wf.call('POST', UPDATE, { task_id: 'nope', dag_run_id: runId, new_state: 'failed' })).statusCode).toBe(404);
    expect((await wf.call('POST', UPDATE, { task_id: 'notify', dag_run_id: 'nope', new_state: 'failed' })).statusCode).toBe(404);
    for (const body of [{ task_id: 'notify', dag_run_id: runId, new_state: 'running' }, { task_id: 'notify', new_state: 'failed' }, { task_id: 'notify', dag_run_id: runId, new_state: 'failed', include_past: 'yes' }]) {
      expect((await wf.call('POST', UPDATE, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
  });
});
