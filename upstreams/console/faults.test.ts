import { expect, it } from 'vitest';
import { WorkflowApiError } from '../../src/sync/api/workflowHttp';
import { sleep } from '../processes';
import { airflow3 } from '../airflow3';
import { forEachAirflow } from '../testing/airflowSuite';

const failure = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => error as WorkflowApiError);

// What goes wrong on the first day in front of a real Airflow: big confs, DAGs that vanish.
await forEachAirflow('Faults through the console', (context) => {
  it('a 1 MB conf is triggered and kept whole; one over the console\'s limit is refused with a clear error', async () => {
    const { service } = await context().console.workflow('editor');
    const blob = 'x'.repeat(1_000_000);
    const run = await service.triggerRun('console_smoke', { logicalDate: null, conf: { blob }, note: '' });
    const stored = (await context().airflow.get(`/dags/console_smoke/dagRuns/${encodeURIComponent(run.runId)}`)) as { conf: { blob: string } };
    expect(stored.conf.blob).toHaveLength(1_000_000);
    const tooBig = await failure(service.triggerRun('console_smoke', { logicalDate: null, conf: { blob: blob.repeat(3) }, note: '' }));
    expect(tooBig).toBeInstanceOf(WorkflowApiError);
    expect(tooBig?.status).toBe(413);
    expect(tooBig?.message).toMatch(/too large/i);
  }, 120_000);
});

// Airflow 3 only: Airflow 2's scheduler parses the file back within a second or two and its
// webserver answers /details of a just-deleted DAG from its cache or with a 500 page, whichever
// comes first (the proxy says such a page as Airflow's failure; routes tests cover it).
await forEachAirflow('A DAG deleted while open', (context) => {
  it('a DAG deleted in Airflow while open answers "not found" on the next read, and is back once Airflow parses its file again', async () => {
    const { service } = await context().console.workflow('admin');
    expect((await service.getDag('console_sensors')).id).toBe('console_sensors');
    await context().airflow.send('DELETE', '/dags/console_sensors');
    const gone = await failure(service.getDag('console_sensors'));
    expect(gone?.status).toBe(404);
    expect(gone?.message).toMatch(/console_sensors/);
    const deadline = Date.now() + 90_000;
    let back = false;
    while (!back && Date.now() < deadline) {
      await sleep(2000);
      back = (await failure(service.getDag('console_sensors'))) === null;
    }
    expect(back).toBe(true);
  }, 120_000);
}, [airflow3]);
