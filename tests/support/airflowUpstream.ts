import { airflow3 } from '../../upstreams/airflow3';
import type { UpstreamDefinition } from '../../upstreams/definition';
import { basePython, cacheRoot } from '../../upstreams/paths';
import { airflowClient, type AirflowClient } from '../../upstreams/testing/airflowClient';
import { whyNotHere, type Running } from '../../upstreams/lifecycle';
import { attachOrStart, type Attached } from '../../upstreams/testing/attach';
import { retryingLocked, setPaused, triggerOwnRun, waitForEnd, type ArrangedRun } from '../../upstreams/testing/dagRuns';
import { startRelay, type Relay } from '../../upstreams/testing/relay';
import { airflowSettings } from '../../upstreams/testing/consoleInFront';
import { ConsoleServer } from './consoleServer';

/** Why the real Airflow 3 cannot be had on this machine (no venv and none can be built, no PostgreSQL), or null. */
export async function whyNoAirflow(definition: UpstreamDefinition = airflow3): Promise<string | null> {
  return whyNotHere(definition, { cache: cacheRoot(), basePython: basePython() });
}

/** A real Airflow with the console (as `npm start` runs it) in front of it, and Airflow's own API to arrange runs. */
export interface AirflowBehindConsole {
  attached: Attached;
  server: ConsoleServer;
  /** Between the console and Airflow: stop it and Airflow is unreachable to the console, as if stopped. */
  relay: Relay;
  airflow: AirflowClient;
  dispose(): Promise<void>;
}

/** The environment `npm run upstreams -- up` tells a user to start the console with (`url`: another way to the same Airflow). */
export function consoleEnv(running: Running, url = running.url): Record<string, string> {
  const { accounts, api } = airflowSettings(running, { url });
  return { CONSOLE_AIRFLOW_URL: url, CONSOLE_AIRFLOW_API: api, CONSOLE_AIRFLOW_ACCOUNTS: JSON.stringify(accounts) };
}

export async function startAirflowBehindConsole(definition: UpstreamDefinition = airflow3): Promise<AirflowBehindConsole> {
  const attached = await attachOrStart(definition);
  const relay = await startRelay(attached.running.url);
  const server = await ConsoleServer.start(consoleEnv(attached.running, relay.url));
  return {
    attached,
    server,
    relay,
    airflow: await airflowClient(attached.running),
    async dispose() {
      await server.dispose();
      await relay.close();
      await attached.release();
    },
  };
}

/** Unpauses `dagId`, triggers a run of its own as Airflow's admin and waits (bounded) until it ends. */
export async function finishedRun(airflow: AirflowClient, api: 'v1' | 'v2', dagId: string, timeoutMs = 150_000): Promise<ArrangedRun> {
  await setPaused(airflow, api, dagId, false);
  return waitForEnd(airflow, dagId, await triggerOwnRun(airflow, api, dagId), timeoutMs);
}

/**
 * A successful run of `dagId` that only reads need (an earlier suite's own run on the same Airflow:
 * the 100 MB log's run costs a minute), else a run of our own as finishedRun makes.
 */
export async function aSucceededRun(airflow: AirflowClient, api: 'v1' | 'v2', dagId: string, timeoutMs = 150_000): Promise<ArrangedRun> {
  const found = (await retryingLocked(() => airflow.get(`/dags/${dagId}/dagRuns?state=success&limit=20`))) as { dag_runs: { dag_run_id: string }[] };
  const ours = found.dag_runs.find((run) => run.dag_run_id.startsWith(`console_test_${dagId}_`));
  return ours ? { runId: ours.dag_run_id, state: 'success' } : finishedRun(airflow, api, dagId, timeoutMs);
}
