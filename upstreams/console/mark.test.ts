import { afterAll, beforeAll, expect, it } from 'vitest';
import type { MarkRequest } from '../../contracts/workflow';
import { forEachAirflow } from '../testing/airflowSuite';
import { retryingLocked, setPaused, tiState, triggerOwnRun, waitForEnd } from '../testing/dagRuns';

// Mark through the console's client on console_smoke (make → double → check): `double` failed
// alone, then `make` success with Downstream, which Airflow's dry run lists as `double` only
// (instances already in the state are left out).

const DAG = 'console_smoke';
const TASKS = ['make', 'double', 'check'];

await forEachAirflow('Mark with Downstream through the console: dry run, then apply', (context) => {
  let runId = '';
  let wasPaused = false;

  beforeAll(async () => {
    const { airflow, attached } = context();
    wasPaused = ((await retryingLocked(() => airflow.get(`/dags/${DAG}`))) as { is_paused: boolean }).is_paused;
    await setPaused(airflow, attached.running.api, DAG, false);
    runId = await triggerOwnRun(airflow, attached.running.api, DAG);
    await waitForEnd(airflow, DAG, runId, 180_000);
  }, 240_000);
  afterAll(async () => {
    const { airflow, attached } = context();
    // Left as it was: other suites share this DAG.
    await setPaused(airflow, attached.running.api, DAG, wasPaused);
  }, 60_000);

  it('lists what marking make success with Downstream changes, changes nothing, then applies exactly that', async () => {
    const { airflow, console } = context();
    const { service } = await console.workflow('editor');
    const states = async () => Object.fromEntries(await Promise.all(TASKS.map(async (task) => [task, await tiState(airflow, DAG, runId, task)] as const)));
    expect(await states()).toEqual({ make: 'success', double: 'success', check: 'success' });
    const request: MarkRequest = { runId, taskId: 'double', mapIndex: -1, state: 'failed', includeUpstream: false, includeDownstream: false, includePast: false, includeFuture: false };
    // double alone is listed and marked (Airflow then clears only failed downstream instances: check stays).
    expect((await service.previewMark(DAG, request)).map((ti) => [ti.taskId, ti.runId, ti.state])).toEqual([['double', runId, 'success']]);
    await service.setTaskState(DAG, request);
    const failed = await states();
    expect(failed).toEqual({ make: 'success', double: 'failed', check: 'success' });
    // make success with Downstream: Airflow leaves out what is already success, so double alone.
    const widened: MarkRequest = { ...request, taskId: 'make', state: 'success', includeDownstream: true };
    expect((await service.previewMark(DAG, widened)).map((ti) => [ti.taskId, ti.runId, ti.state])).toEqual([['double', runId, 'failed']]);
    expect((await service.previewMark(DAG, { ...widened, includeDownstream: false }))).toEqual([]);
    expect(await states()).toEqual(failed);
    await service.setTaskState(DAG, widened);
    expect(await states()).toEqual({ make: 'success', double: 'success', check: 'success' });
    expect(await service.previewMark(DAG, widened)).toEqual([]);
  }, 120_000);
});
