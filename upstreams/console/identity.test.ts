import { expect, it } from 'vitest';
import { WorkflowApiError } from '../../src/sync/api/workflowHttp';
import { forEachAirflow } from '../testing/airflowSuite';

const DAG = 'console_smoke';

// Who the console acts as in Airflow: each role its own account, Airflow's refusals said as such,
// and the console user named on the runs they trigger.
await forEachAirflow('Identity and rights through the console', (context) => {
  it('an editor mapped to a read-only Airflow account reads, and is refused a write with Airflow\'s words', async () => {
    const { running } = context().attached;
    const viewer = running.accounts.find((account) => account.username === 'viewer');
    if (!viewer) throw new Error('the upstream has no viewer account');
    const front = await context().consoleWith({ accounts: { admin: null, editor: { username: viewer.username, password: viewer.password } } });
    const { service } = await front.workflow('editor');
    expect((await service.getDag(DAG)).id).toBe(DAG);
    const refused = await service.setPaused(DAG, false).then(() => null, (error: unknown) => error);
    expect(refused).toBeInstanceOf(WorkflowApiError);
    expect((refused as WorkflowApiError).status).toBe(403);
    expect((refused as WorkflowApiError).message).toMatch(/^Airflow refused: .+ \(the console's editors act as Airflow user "viewer"\)$/);
  }, 120_000);

  it('a trigger names the console user in the run\'s note, after the note asked for', async () => {
    const { service } = await context().console.workflow('editor');
    const run = await service.triggerRun(DAG, { logicalDate: null, conf: {}, note: 'checking the proxy' });
    const path = `/dags/${DAG}/dagRuns/${encodeURIComponent(run.runId)}`;
    const stored = (await context().airflow.get(path)) as { note: string | null };
    expect(stored.note).toBe('checking the proxy\n\nTriggered in the console by editor.');
    expect((await service.getRun(DAG, run.runId)).note).toBe(stored.note);
  }, 120_000);
});
