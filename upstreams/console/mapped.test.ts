import { afterAll, beforeAll, expect, it } from 'vitest';
import type { MarkRequest } from '../../contracts/workflow';
import { EMPTY_LOG, readLogOn } from '../../src/model/workflow/logReads';
import { forEachAirflow } from '../testing/airflowSuite';
import { setPaused, tiState, triggerOwnRun, waitForEnd } from '../testing/dagRuns';

// One map index of a mapped task through the console's client: console_showcase's `square` is
// expanded over 24 values (0..23) and returns value * value, so index 7's XCom is 49.

const DAG = 'console_showcase';
const TASK = 'square';
const INDEX = 7;
const MAP_SIZE = 24;

const markOne = (runId: string, state: 'success' | 'failed'): MarkRequest => ({
  runId,
  taskId: TASK,
  mapIndex: INDEX,
  state,
  includeUpstream: false,
  includeDownstream: false,
  includePast: false,
  includeFuture: false,
});

await forEachAirflow('A mapped task by its map index through the console', (context) => {
  let runId = '';

  beforeAll(async () => {
    const { airflow, attached } = context();
    await setPaused(airflow, attached.running.api, DAG, false);
    runId = await triggerOwnRun(airflow, attached.running.api, DAG);
    await waitForEnd(airflow, DAG, runId, 240_000);
  }, 300_000);
  afterAll(async () => {
    const { airflow, attached } = context();
    await setPaused(airflow, attached.running.api, DAG, true);
  }, 60_000);

  it("reads one map index's tries, XCom and log, not another index's", async () => {
    const { service } = await context().console.workflow('editor');
    const instances = (await service.listTaskInstances(DAG, runId)).filter((ti) => ti.taskId === TASK);
    expect(instances.map((ti) => ti.mapIndex).sort((a, b) => a - b)).toEqual(Array.from({ length: MAP_SIZE }, (_, i) => i));
    const tries = await service.listTries(DAG, runId, TASK, INDEX);
    expect(tries.length).toBeGreaterThan(0);
    expect(tries.every((t) => t.mapIndex === INDEX && t.taskId === TASK)).toBe(true);
    const xcoms = await service.listXComs(DAG, runId, TASK, INDEX);
    expect(xcoms.map((x) => [x.key, x.mapIndex])).toEqual([['return_value', INDEX]]);
    expect(String((await service.getXCom(DAG, runId, TASK, INDEX, 'return_value')).value)).toBe(String(INDEX * INDEX));
    expect(String((await service.getXCom(DAG, runId, TASK, 3, 'return_value')).value)).toBe('9');
    const log = await readLogOn(service, { dagId: DAG, runId, taskId: TASK, mapIndex: INDEX, tryNumber: tries.at(-1)!.tryNumber }, EMPTY_LOG, { running: false });
    expect(log.endOfLog).toBe(true);
    expect(log.content).toContain(`map_index=${INDEX}`);
    expect(log.content).toContain(`Returned value was: ${INDEX * INDEX}`);
    expect(log.content).not.toContain(`map_index=${INDEX + 1}`);
  }, 120_000);

  it('marks one map index failed, then success: only that instance changes in Airflow', async () => {
    const { airflow, console } = context();
    const { service } = await console.workflow('editor');
    const statesInAirflow = async () => Promise.all(Array.from({ length: MAP_SIZE }, (_, i) => tiState(airflow, DAG, runId, TASK, i)));
    const before = await statesInAirflow();
    expect(before.every((state) => state === 'success')).toBe(true);
    // The dry run lists that one instance and changes nothing.
    expect((await service.previewMark(DAG, markOne(runId, 'failed'))).map((ti) => [ti.taskId, ti.mapIndex])).toEqual([[TASK, INDEX]]);
    expect(await statesInAirflow()).toEqual(before);
    await service.setTaskState(DAG, markOne(runId, 'failed'));
    expect(await statesInAirflow()).toEqual(before.map((state, i) => (i === INDEX ? 'failed' : state)));
    await service.setTaskState(DAG, markOne(runId, 'success'));
    expect(await statesInAirflow()).toEqual(before);
  }, 120_000);
});
