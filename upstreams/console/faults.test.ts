import path from 'node:path';
import { expect, it } from 'vitest';
import type { AxiosError } from 'axios';
import { isNetworkError } from '../../src/sync/api/http';
import { WorkflowApiError } from '../../src/sync/api/workflowHttp';
import { sleep } from '../processes';
import { airflow3 } from '../airflow3';
import { restartService } from '../lifecycle';
import { basePython, cacheRoot } from '../paths';
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

// A real fault: Airflow's API server (webserver on Airflow 2) stopped behind the console's back and
// started again on the same port, with the scheduler and the rest running on. The console in
// front of it, never restarted, answers that Airflow cannot be reached, then serves again without
// signing in again (Airflow 3's JWT is signed with the same secret; Airflow 2 takes Basic auth).
await forEachAirflow("Airflow's API server stopped mid-session", (context) => {
  it('answers 502 "could not be reached" while it is down, and serves again once it is back', async () => {
    const { definition, attached } = context();
    const { service } = await context().console.workflow('editor');
    expect((await service.getDag('console_smoke')).id).toBe('console_smoke');
    const where = { cache: cacheRoot(), stateRoot: path.dirname(attached.running.stateDir), basePython: basePython(), say: () => {} };
    let whileDown: unknown = null;
    await restartService(definition, where, attached.running.api === 'v2' ? 'api-server' : 'webserver', async () => {
      whileDown = await service.getDag('console_smoke').then(() => null, (error: unknown) => error);
    });
    // A gateway's 502 is a network failure to the client (its offline cache answers), with the console's reason.
    expect(isNetworkError(whileDown)).toBe(true);
    const { response } = whileDown as AxiosError<{ detail?: string }>;
    expect(response?.status).toBe(502);
    expect(response?.data.detail).toMatch(/^The Airflow server could not be reached/);
    expect((await service.getDag('console_smoke')).id).toBe('console_smoke');
  }, 300_000);
});
