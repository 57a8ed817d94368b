import type { AirflowClient } from './airflowClient';

/**
 * Runs of our own DAGs arranged through Airflow's admin API for a suite: unpaused while the
 * suite's run goes, each run under its own id (several helpers and CI share one Airflow), waited
 * for with a deadline. Both Airflows keep their metadata in SQLite, so an arranging call that meets
 * "database is locked" (Airflow 3 says "Database error") is tried again.
 */

const FINISHED = new Set(['success', 'failed']);

export interface ArrangedRun {
  runId: string;
  state: string;
}

export async function retryingLocked<T>(call: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await call();
    } catch (error) {
      const locked = error instanceof Error && /database is locked|Database error/i.test(error.message);
      if (!locked || attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
    }
  }
}

/** Pauses or unpauses a DAG as the admin (v1 needs its update_mask). */
export function setPaused(airflow: AirflowClient, api: 'v1' | 'v2', dagId: string, paused: boolean): Promise<unknown> {
  const path = api === 'v1' ? `/dags/${dagId}?update_mask=is_paused` : `/dags/${dagId}`;
  return retryingLocked(() => airflow.send('PATCH', path, { is_paused: paused }));
}

/** Triggers a run with its own id (v2 wants logical_date, null included); returns the id. */
export async function triggerOwnRun(airflow: AirflowClient, api: 'v1' | 'v2', dagId: string): Promise<string> {
  const runId = `console_test_${dagId}_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
  const body = api === 'v1' ? { dag_run_id: runId, conf: {} } : { dag_run_id: runId, logical_date: null, conf: {} };
  await retryingLocked(() => airflow.send('POST', `/dags/${dagId}/dagRuns`, body));
  return runId;
}

/** Polls a run until it has finished, or throws at the deadline. */
export async function waitForEnd(airflow: AirflowClient, dagId: string, runId: string, deadlineMs: number): Promise<ArrangedRun> {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    const run = (await retryingLocked(() => airflow.get(`/dags/${dagId}/dagRuns/${encodeURIComponent(runId)}`))) as { state: string };
    if (FINISHED.has(run.state)) return { runId, state: run.state };
    if (Date.now() > deadline) throw new Error(`${dagId} run ${runId} did not finish in ${deadlineMs / 1000} s (still ${run.state})`);
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
}

/** A task instance's state as Airflow has it (a mapped one's by its index). */
export async function tiState(airflow: AirflowClient, dagId: string, runId: string, taskId: string, mapIndex = -1): Promise<string | null> {
  const path = `/dags/${dagId}/dagRuns/${encodeURIComponent(runId)}/taskInstances/${taskId}${mapIndex >= 0 ? `/${mapIndex}` : ''}`;
  return ((await retryingLocked(() => airflow.get(path))) as { state: string | null }).state;
}
