import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../store/db';
import { Executor } from './executor';
import type { DagSpec, TaskSpec } from './model';
import type { RunRow, TiRow, TryRow } from './rows';
import { WorkflowStore } from './store';
import { eventually, workflowApp } from './testing/app';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function task(task_id: string, upstream: string[] = [], extra: Partial<TaskSpec> = {}): TaskSpec {
  return {
    task_id, group: null, operator: 'PythonOperator', module: 'airflow.operators.python', upstream, trigger_rule: 'all_success', retries: 0,
    mapped: null, branch: false, fail_rate: 0, weight: 1, templates: {}, doc_md: null, big_log: false, ...extra,
  };
}

function dag(dag_id: string, tasks: TaskSpec[]): DagSpec {
  return {
    dag_id, description: null, owners: ['test'], tags: [], schedule: null, schedule_text: null, start_date: 0, catchup: false, max_active_runs: 16,
    max_active_tasks: 16, doc_md: null, fileloc: `/dags/${dag_id}.py`, file_token: dag_id, params: {}, groups: [], tasks,
  };
}

/** A store with the given DAGs and one queued run each, and an executor at test speed. */
async function running(specs: DagSpec[], paused = false): Promise<WorkflowStore> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'wf-exec-'));
  const db: Store = await openStore(dir);
  cleanups.push(async () => {
    await db.close();
    await rm(dir, { recursive: true, force: true });
  });
  const store = new WorkflowStore(db);
  for (const spec of specs) {
    await db.run('INSERT INTO wf_dags (dag_id, is_paused, spec, source, next_dagrun, last_parsed) VALUES ($1, $2, $3, $4, NULL, 0)', [spec.dag_id, paused ? 1 : 0, JSON.stringify(spec), '']);
    await store.insertRun(queuedRun(spec.dag_id, 'r1'));
  }
  const executor = new Executor(store, { taskMs: 5, now: Date.now, log: { error: (details: unknown) => console.error(details) } });
  executor.start();
  cleanups.push(() => executor.stop());
  return store;
}

const queuedRun = (dag_id: string, run_id: string): RunRow => ({
  dag_id, run_id, state: 'queued', run_type: 'manual', logical_date: 0, interval_start: 0, interval_end: 0, queued_at: 0, start_date: null,
  end_date: null, conf: '{}', note: null, external_trigger: 1, updated_at: 0,
});

const finished = (run: RunRow) => run.state === 'success' || run.state === 'failed';
const states = (tis: TiRow[]) => Object.fromEntries(tis.map((ti) => [ti.task_id, ti.state]));

describe('workflow executor', () => {
  it('retries a failing task, then fails it; downstream all_success is upstream_failed, all_done still runs', async () => {
    const store = await running([dag('flaky', [task('a', [], { fail_rate: 1, retries: 2 }), task('b', ['a']), task('c', ['b'], { trigger_rule: 'all_done' }), task('d', ['b'])])]);
    const run = await eventually(() => store.run('flaky', 'r1'), finished);
    expect(run.state).toBe('failed');
    expect(run.start_date).not.toBeNull();
    const tis = await store.tis('flaky', 'r1');
    expect(states(tis)).toEqual({ a: 'failed', b: 'upstream_failed', c: 'success', d: 'upstream_failed' });
    expect(tis.find((ti) => ti.task_id === 'a')!.try_number).toBe(3);
    const tries: TryRow[] = await store.tries('flaky', 'r1', 'a');
    expect(tries.map((row) => [row.try_number, row.state])).toEqual([[1, 'up_for_retry'], [2, 'up_for_retry']]);
    for (const try_number of [1, 2, 3]) {
      const log = await store.storedLog({ dag_id: 'flaky', run_id: 'r1', task_id: 'a', map_index: -1, try_number });
      expect(log).toContain(try_number < 3 ? 'Marking task as UP_FOR_RETRY' : 'Marking task as FAILED');
    }
  });

  it('follows one branch, skips the other, and joins with none_failed_min_one_success; one_success runs after one success', async () => {
    const store = await running([
      dag('branchy', [task('choose', [], { branch: true, operator: 'BranchPythonOperator' }), task('x', ['choose']), task('y', ['choose']), task('after_y', ['y']), task('join', ['x', 'after_y'], { trigger_rule: 'none_failed_min_one_success' })]),
      dag('either', [task('p', [], { fail_rate: 1 }), task('q'), task('r', ['p', 'q'], { trigger_rule: 'one_success' })]),
    ]);
    const run = await eventually(() => store.run('branchy', 'r1'), finished);
    expect(run.state).toBe('success');
    const result = states(await store.tis('branchy', 'r1'));
    expect([result.x, result.y].sort()).toEqual(['skipped', 'success']);
    expect(result.after_y).toBe(result.y);
    expect(result.join).toBe('success');
    const either = await eventually(() => store.run('either', 'r1'), finished);
    expect(states(await store.tis('either', 'r1'))).toEqual({ p: 'failed', q: 'success', r: 'success' });
    expect(either.state).toBe('success');
  });

  it('runs every map index of a mapped task and leaves runs of paused DAGs queued', async () => {
    const store = await running([dag('mapped', [task('fan', [], { mapped: 4 }), task('sum', ['fan'])])]);
    await eventually(() => store.run('mapped', 'r1'), finished);
    const tis = await store.tis('mapped', 'r1');
    expect(tis.filter((ti) => ti.task_id === 'fan').map((ti) => [ti.map_index, ti.state])).toEqual([[0, 'success'], [1, 'success'], [2, 'success'], [3, 'success']]);
    const paused = await running([dag('resting', [task('only')])], true);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect((await paused.run('resting', 'r1')).state).toBe('queued');
    expect(await paused.tis('resting', 'r1')).toEqual([]);
  });

  it('creates the latest scheduled run that fell due, without catching up, and moves next_dagrun on', async () => {
    const hour = 3600_000;
    const thisHour = Math.floor(Date.now() / hour) * hour;
    const store = await running([{ ...dag('hourly', [task('only')]), schedule: { kind: 'cron', expression: '@hourly' } }]);
    await store.db.run('UPDATE wf_dag_runs SET state = $1 WHERE dag_id = $2', ['success', 'hourly']);
    await store.setNextDagrun('hourly', thisHour - 3 * hour);
    const runs = await eventually(() => store.runsInState(['queued', 'running', 'success']), (rows) => rows.some((row) => row.run_type === 'scheduled'));
    const scheduled = runs.filter((row) => row.run_type === 'scheduled');
    expect(scheduled.map((row) => [row.logical_date, row.interval_end])).toEqual([[thisHour - hour, thisHour]]);
    expect((await store.dag('hourly')).row.next_dagrun).toBe(thisHour);
  });

  it('seeds on first use and keeps the store across restarts: seeded once, runs survive', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'wf-restart-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const first = await workflowApp(10, dir, false);
    // Written on first use, not on start.
    expect(await first.app.services.store.all('SELECT 1 FROM wf_dags')).toEqual([]);
    const run = (await first.call('POST', '/v1/dags/example_etl/dagRuns', { dag_run_id: 'kept' })).json<{ dag_run_id: string }>();
    await first.call('PATCH', '/v1/dags/example_etl', { is_paused: true });
    await first.close();
    const second = await workflowApp(10, dir);
    cleanups.push(() => second.close());
    expect((await second.call('GET', `/v1/dags/example_etl/dagRuns/${run.dag_run_id}`)).statusCode).toBe(200);
    expect((await second.call('GET', '/v1/dags/example_etl')).json<{ is_paused: boolean }>().is_paused).toBe(true);
    expect((await second.call('GET', '/v1/dags')).json<{ total_entries: number }>().total_entries).toBe(25);
  });
});
