// The allowlist is exactly the client's calls: every method of the real v1 and v2 adapters goes
// through the console's proxy to a stand-in Airflow (no real one can be installed here), none is
// refused, and together they use every entry of the allowlist.
import type { AddressInfo } from 'node:net';
import axios from 'axios';
import { afterEach, describe, expect, it } from 'vitest';
import type { MarkRequest, WorkflowService } from '../../../contracts/workflow';
import { v1Run } from '../../../src/sync/api/testing/airflowV1.fixtures';
import { v2Run } from '../../../src/sync/api/testing/airflowV2.fixtures';
import { createWorkflowV1 } from '../../../src/sync/api/workflowV1.api';
import { createWorkflowV2 } from '../../../src/sync/api/workflowV2.api';
import type { AirflowUpstream } from '../../config';
import { closeListening, EDITOR_PASSWORD, signIn, useFixture } from '../../testing/harness';
import { allowedCalls, createAllowlist } from './allowlist';
import { json, startStandIn, type StandIn } from './testing/standIn';

const fixture = useFixture();
let airflow: StandIn | null = null;
afterEach(async () => {
  await airflow?.close();
  airflow = null;
});

const RUN = 'manual__2025-11-26T02:30:00+00:00';
const ACCOUNT = { username: 'airflow-op', password: 'op-pw' };

const mark = (taskId: string, mapIndex: number, state: 'success' | 'failed', downstream: boolean): MarkRequest => ({
  runId: RUN,
  taskId,
  mapIndex,
  state,
  includeUpstream: false,
  includeDownstream: downstream,
  includePast: false,
  includeFuture: false,
});

/** Every method, with the arguments that take each branch that calls Airflow differently. */
async function callEverything(service: WorkflowService, refusals: string[]): Promise<void> {
  const calls: Array<() => Promise<unknown>> = [
    () => service.listDags({ limit: 10, offset: 0, search: 'ord', tags: ['etl'], paused: false, orderBy: '-dag_id' }),
    () => service.listDags({ limit: 10, offset: 0, owners: ['data-eng'], ...(service.version === 'v2' ? { lastRunState: 'failed' as const } : {}) }),
    () => service.getDag('orders_etl'),
    () => service.setPaused('orders_etl', true),
    () => service.listTasks('orders_etl'),
    () => service.listRuns('orders_etl', { limit: 5, offset: 0, state: ['failed'] }),
    () => service.getRun('orders_etl', RUN),
    () => service.triggerRun('orders_etl', { logicalDate: null, conf: {}, note: 'why' }),
    () => service.setRunState('orders_etl', RUN, 'failed'),
    () => service.listTaskInstances('orders_etl', RUN),
    () => service.listTries('orders_etl', RUN, 'extract.orders', -1),
    () => service.listTries('orders_etl', RUN, 'load', 2),
    () => service.setTaskState('orders_etl', mark('load', -1, 'success', true)),
    () => service.setTaskState('orders_etl', mark('square', 7, 'failed', false)),
    () => service.previewMark('orders_etl', mark('load', -1, 'success', true)),
    () => service.previewMark('orders_etl', mark('square', 7, 'failed', false)),
    () => service.clearTasks('orders_etl', { runId: RUN, taskIds: ['load'], includeUpstream: false, includeDownstream: true, includePast: false, includeFuture: false, onlyFailed: false }),
    () => service.previewClear('orders_etl', { runId: RUN, taskIds: ['load'], includeUpstream: false, includeDownstream: true, includePast: true, includeFuture: false, onlyFailed: false }),
    () => service.listXComs('orders_etl', RUN, 'load', 7),
    () => service.getXCom('orders_etl', RUN, 'load', 7, 'return_value'),
    () => service.getLog('orders_etl', RUN, 'load', 7, 1, 'tok'),
    () => service.getSource({ id: 'orders_etl', sourceKey: 'abc.def' }),
    () => service.listEventLogs('orders_etl', { limit: 20, offset: 0 }),
    () => service.dagStats(['orders_etl', 'other']),
    () => service.grid('orders_etl', { numRuns: 25, baseDate: '2025-11-27T00:00:00Z' }),
    () => service.graph('orders_etl'),
  ];
  for (const call of calls) {
    // Answers the stand-in gives may not map; only the console's own refusals count here.
    await call().catch((error: unknown) => {
      if (error instanceof Error && /does not forward|may not hold/.test(error.message)) refusals.push(error.message);
    });
  }
}

async function throughConsole(api: AirflowUpstream['api'], stand: StandIn) {
  const { app } = await fixture.build({ airflow: { url: stand.url, api, accounts: { admin: ACCOUNT, editor: ACCOUNT }, timeoutMs: 5000 } });
  const { cookie } = await signIn(app, 'editor', EDITOR_PASSWORD);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const http = () => axios.create({ baseURL: `http://127.0.0.1:${port}/api/workflow`, headers: { cookie }, adapter: 'http' });
  // A second v2 client asks the release again (each keeps its answer).
  return { app, service: api === 'v1' ? createWorkflowV1(http()) : createWorkflowV2(http()), another: () => createWorkflowV2(http()) };
}

/** The allowlist entries the stand-in's requests fall under. */
function callsSeen(api: AirflowUpstream['api'], stand: StandIn): Set<string> {
  const allowlist = createAllowlist(api);
  const seen = new Set<string>();
  for (const request of stand.calls()) {
    const [path, query = ''] = request.url.split('?');
    const verdict = allowlist(request.method, path, query);
    seen.add(verdict.kind === 'forward' ? verdict.call : `not allowed: ${request.method} ${request.url}`);
  }
  return seen;
}

describe('the allowlist against the client', () => {
  it('Airflow 2: every call of the v1 adapter is forwarded, and they use every entry', async () => {
    const body = { dags: [], tasks: [], dag_runs: [v1Run(RUN, '2025-11-26T02:30:00Z')], task_instances: [], xcom_entries: [], event_logs: [], total_entries: 1, content: '' };
    airflow = (await startStandIn()).otherwise((_request, response) => json(response, 200, body));
    const { app, service } = await throughConsole('v1', airflow);
    const refusals: string[] = [];
    try {
      await callEverything(service, refusals);
      // Airflow 2.10's /details fails for a DAG deleted from its database: the plain entry says why.
      airflow.on('GET', '/api/v1/dags/orders_etl/details', (_request, response) => json(response, 500, { title: 'Internal Server Error' }));
      await service.getDag('orders_etl').catch(() => undefined);
    } finally {
      await closeListening(app);
    }
    expect(refusals).toEqual([]);
    expect([...callsSeen('v1', airflow)].sort()).toEqual(allowedCalls('v1').sort());
  });

  it('Airflow 3: every call of the v2 adapter is forwarded, /ui grid (before and from 3.2) and its fallback alike, and they use every entry', async () => {
    const body = { dags: [], tasks: [], dag_runs: [v2Run(RUN, '2025-11-26T02:30:00Z')], task_instances: [], xcom_entries: [], event_logs: [], total_entries: 1, content: [] };
    airflow = (await startStandIn())
      .otherwise((_request, response) => json(response, 200, body))
      .on('GET', '/ui/grid/runs/orders_etl', (_request, response) => json(response, 200, [{ dag_id: 'orders_etl', run_id: RUN, run_after: '2025-11-26T02:30:00Z', state: 'success', run_type: 'manual' }]))
      .on('GET', '/ui/grid/structure/orders_etl', (_request, response) => json(response, 200, []));
    const { app, service, another } = await throughConsole('v2', airflow);
    const refusals: string[] = [];
    try {
      // Before 3.2 (this stand-in's /version names none): one ti_summaries call per run.
      await callEverything(service, refusals);
      // From 3.2: one NDJSON call for all the runs.
      airflow
        .on('GET', '/api/v2/version', (_request, response) => json(response, 200, { version: '3.3.2', git_version: null }))
        .on('GET', '/ui/grid/ti_summaries/orders_etl', (_request, response) => {
          response.writeHead(200, { 'content-type': 'application/x-ndjson' });
          response.end(`${JSON.stringify({ run_id: RUN, dag_id: 'orders_etl', task_instances: [] })}\n`);
        });
      expect((await another().grid('orders_etl', { numRuns: 25, baseDate: null })).runs.map((run) => run.runId)).toEqual([RUN]);
      // Where Airflow has no /ui calls, the grid and graph come from the public API.
      for (const path of ['/ui/grid/runs/orders_etl', '/ui/grid/structure/orders_etl', '/ui/structure/structure_data']) {
        airflow.on('GET', path, (_request, response) => json(response, 404, { detail: 'Not Found' }));
      }
      await service.grid('orders_etl', { numRuns: 25, baseDate: null });
      await service.graph('orders_etl');
    } finally {
      await closeListening(app);
    }
    expect(refusals).toEqual([]);
    expect([...callsSeen('v2', airflow)].sort()).toEqual(allowedCalls('v2').sort());
  });
});
