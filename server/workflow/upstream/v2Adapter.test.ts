// End to end but for the browser: the client's real Airflow 3 adapter, on a node axios instance,
// lists DAGs through the console's proxy from a stand-in Airflow (no real one can be installed here).
import type { AddressInfo } from 'node:net';
import axios from 'axios';
import { afterEach, expect, it } from 'vitest';
import { createWorkflowV2 } from '../../../src/sync/api/workflowV2.api';
import { V2_DAG } from '../../../src/sync/api/testing/airflowV2.fixtures';
import { closeListening, signIn, useFixture } from '../../testing/harness';
import { json, startStandIn, type StandIn } from './testing/standIn';

const fixture = useFixture();
const CONSOLE = { username: 'console', password: 'airflow-pw' };
let airflow: StandIn | null = null;
afterEach(async () => {
  await airflow?.close();
  airflow = null;
});

it('the v2 adapter lists DAGs from Airflow 3 through the console, which adds the JWT', async () => {
  airflow = (await startStandIn()).on('GET', '/api/v2/dags', (request, response) =>
    request.headers.authorization === 'Bearer jwt-1' ? json(response, 200, { dags: [V2_DAG], total_entries: 11 }) : json(response, 401, { detail: 'Not authenticated' }),
  );
  const { app } = await fixture.build({ airflow: { url: airflow.url, api: 'v2', accounts: { admin: CONSOLE, editor: CONSOLE }, timeoutMs: 5000 } });
  const { cookie } = await signIn(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const { port } = app.server.address() as AddressInfo;
    const config = (await axios.get<{ apis: { workflow: string } }>(`http://127.0.0.1:${port}/config.json`)).data;
    const http = axios.create({ baseURL: `http://127.0.0.1:${port}${config.apis.workflow}`, headers: { cookie }, adapter: 'http' });
    const page = await createWorkflowV2(http).listDags({ limit: 10, offset: 0, search: 'ord', tags: ['etl'] });
    expect(page.total).toBe(11);
    expect(page.items.map((dag) => dag.id)).toEqual(['orders_etl']);
    const [sent] = airflow.calls();
    expect(sent.url).toBe('/api/v2/dags?limit=10&offset=0&dag_id_pattern=ord&tags=etl');
    expect(sent.headers.cookie).toBeUndefined();
  } finally {
    await closeListening(app);
  }
});
