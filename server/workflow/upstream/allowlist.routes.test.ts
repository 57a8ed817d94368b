// The proxy forwards only the calls the console's client makes (issue 28, probe 8). No real
// Airflow can be installed here: a stand-in node:http server (testing/standIn.ts) records what
// reaches it.
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { AirflowUpstream } from '../../config';
import { closeListening, useFixture } from '../../testing/harness';
import { consoleWith as proxied, useStandIns } from './testing/proxied';
import { json } from './testing/standIn';

const fixture = useFixture();
const standIn = useStandIns();
const consoleWith = (airflow: Partial<AirflowUpstream> & { url: string }) => proxied(fixture, airflow);

/** A request whose path is sent exactly as written (inject and fetch resolve dot segments first). */
function rawStatus(port: number, method: string, path: string, cookie: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const sent = httpRequest({ host: '127.0.0.1', port, method, path, headers: { cookie } }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    sent.on('error', reject);
    sent.end();
  });
}

const REFUSED = /^The console does not forward this Airflow call/;

describe('calls the console does not make', () => {
  const v1Calls: Array<[method: string, url: string]> = [
    ['GET', '/v1/users'],
    ['GET', '/v1/connections'],
    ['GET', '/v1/connections/warehouse_db'],
    ['GET', '/v1/variables'],
    ['GET', '/v1/config'],
    ['GET', '/v1/pools'],
    ['POST', '/v1/users'],
    ['DELETE', '/v1/dags/x'],
    ['PATCH', '/v1/dags?dag_id_pattern=%25'],
    ['POST', '/v1/variables'],
    ['GET', '/v1/dags/a/dagRuns/r/taskInstances/t/xcomEntries/k?deserialize=true'],
    ['GET', '/v1/dags/a/dagRuns/r/taskInstances/t/logs/one'],
    ['GET', '/v1/dags/~/dagRuns'],
  ];

  it('answer an editor 403 from the console (Airflow 2), and nothing reaches Airflow', async () => {
    const airflow = (await standIn()).otherwise((_request, response) => json(response, 200, { secret: 'leaked' }));
    const { app, editor } = await consoleWith({ url: airflow.url });
    for (const [method, url] of v1Calls) {
      const response = await app.inject({ method: method as 'GET', url: `/api/workflow${url}`, headers: { cookie: editor, 'content-type': 'application/json' }, payload: method === 'GET' ? undefined : '{"username":"mallory","role":"Admin"}' });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json(), `${method} ${url}`).toMatchObject({ status: 403, title: 'Forbidden', detail: expect.stringMatching(REFUSED) });
    }
    expect(airflow.seen).toEqual([]);
  });

  it('answer an admin 403 too: the console never administers Airflow', async () => {
    const airflow = await standIn();
    const { app, admin } = await consoleWith({ url: airflow.url });
    for (const [method, url] of [['GET', '/v1/connections'], ['POST', '/v1/users'], ['DELETE', '/v1/dags/x']] as const) {
      const response = await app.inject({ method, url: `/api/workflow${url}`, headers: { cookie: admin, 'content-type': 'application/json' }, payload: method === 'GET' ? undefined : '{}' });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
    expect(airflow.seen).toEqual([]);
  });

  it('answer 403 on Airflow 3 (v2 and /ui), before any token is fetched', async () => {
    const airflow = await standIn();
    const { app, editor } = await consoleWith({ url: airflow.url, api: 'v2' });
    const calls: Array<[method: 'GET' | 'POST' | 'DELETE' | 'PATCH', url: string]> = [
      ['GET', '/api/v2/connections'],
      ['GET', '/api/v2/variables'],
      ['GET', '/api/v2/config'],
      ['DELETE', '/api/v2/dags/x'],
      ['POST', '/api/v2/backfills'],
      ['PATCH', '/api/v2/dags'],
      ['GET', '/ui/config'],
      ['GET', '/ui/grid/structure/a?include_upstream=true'],
    ];
    for (const [method, url] of calls) {
      const response = await app.inject({ method, url: `/api/workflow${url}`, headers: { cookie: editor, 'content-type': 'application/json' }, payload: method === 'GET' ? undefined : '{}' });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json().detail).toMatch(REFUSED);
    }
    expect(airflow.seen).toEqual([]);
  });

  it('refuses encoded slashes and dot segments before sending anything (over raw HTTP)', async () => {
    const airflow = (await standIn()).otherwise((_request, response) => json(response, 200, { secret: 'leaked' }));
    const { app, editor } = await consoleWith({ url: airflow.url });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { port } = app.server.address() as AddressInfo;
      const paths = [
        '/api/workflow/v1/dags/..%2F..%2Fconfig',
        '/api/workflow/v1/dags/..%2F..%2Fconnections/details',
        '/api/workflow/v1/dags/a%2F..%2F..%2Fusers/dagRuns',
        '/api/workflow/v1/dags/%2e%2e/%2e%2e/config',
        '/api/workflow/v1/dags/%2E%2E%2Fvariables/tasks',
        '/api/workflow/v1/dags/a%5Cb/tasks',
        '/api/workflow/v1/dags//tasks',
        '/api/workflow/v1/dags/a%00/tasks',
        '/api/workflow/v1/dags/a/tasks/',
      ];
      for (const path of paths) expect(await rawStatus(port, 'GET', path, editor), path).toBe(400);
    } finally {
      await closeListening(app);
    }
    expect(airflow.seen).toEqual([]);
  });
});
