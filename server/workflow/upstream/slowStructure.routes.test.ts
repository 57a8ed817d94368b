// A structure call slower than the proxy's timeout (airflow#56554) and the NDJSON grid stream, through
// the proxy to a stand-in Airflow: a real Airflow cannot be made slow on demand.
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { closeListening, signIn, useFixture } from '../../testing/harness';
import { json, startStandIn, type StandIn } from './testing/standIn';

const fixture = useFixture();
let airflow: StandIn | null = null;
afterEach(async () => {
  await airflow?.close();
  airflow = null;
});

const ACCOUNT = { username: 'console', password: 'airflow-pw' };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function consoleWith(url: string, timeoutMs: number) {
  const { app } = await fixture.build({ airflow: { url, api: 'v2', accounts: { admin: ACCOUNT, editor: ACCOUNT }, timeoutMs } });
  const { cookie } = await signIn(app);
  return { app, cookie };
}

describe('a structure call slower than the proxy timeout', () => {
  it('runs once in Airflow: each ask gets a 504 with Retry-After while it runs, then the answer, never a new call', async () => {
    const structure = [{ id: 'a', label: 'a' }];
    airflow = (await startStandIn()).on('GET', '/ui/grid/structure/big', async (_request, response) => {
      await sleep(2500);
      json(response, 200, structure);
    });
    const { app, cookie } = await consoleWith(airflow.url, 1000);
    const ask = () => app.inject({ method: 'GET', url: '/api/workflow/ui/grid/structure/big?limit=25', headers: { cookie } });
    const first = await Promise.all([ask(), ask(), ask()]);
    for (const response of first) {
      expect(response.statusCode).toBe(504);
      expect(response.headers['retry-after']).toBe('1');
      expect(response.json().detail).toMatch(/^Airflow is still reading the DAG's structure \(1 s so far/);
    }
    const again = await ask();
    expect(again.statusCode).toBe(504);
    await sleep(600);
    const answered = await ask();
    expect(answered.statusCode).toBe(200);
    expect(answered.json()).toEqual(structure);
    expect(answered.headers['content-type']).toMatch(/^application\/json/);
    expect(airflow.calls().map((request) => request.url)).toEqual(['/ui/grid/structure/big?limit=25']);
  }, 20_000);

  it('a structure answer within the timeout is not kept: the next ask reads Airflow again', async () => {
    airflow = (await startStandIn()).on('GET', '/ui/structure/structure_data', (_request, response) => json(response, 200, { nodes: [], edges: [] }));
    const { app, cookie } = await consoleWith(airflow.url, 1000);
    for (let i = 0; i < 2; i += 1) expect((await app.inject({ method: 'GET', url: '/api/workflow/ui/structure/structure_data?dag_id=a', headers: { cookie } })).statusCode).toBe(200);
    expect(airflow.calls()).toHaveLength(2);
  });
});

describe('the NDJSON grid summaries', () => {
  it('stream through line by line with their content type', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    airflow = (await startStandIn()).on('GET', '/ui/grid/ti_summaries/a', async (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/x-ndjson' });
      response.write('{"run_id":"r1","dag_id":"a","task_instances":[]}\n');
      await held;
      response.end('{"run_id":"r2","dag_id":"a","task_instances":[]}\n');
    });
    const { app, cookie } = await consoleWith(airflow.url, 5000);
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { port } = app.server.address() as AddressInfo;
      const lines = await new Promise<{ type: string | undefined; first: string; all: string }>((resolve, reject) => {
        const sent = httpRequest({ host: '127.0.0.1', port, path: '/api/workflow/ui/grid/ti_summaries/a?run_ids=r1&run_ids=r2', headers: { cookie } }, (response) => {
          let all = '';
          let first = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => {
            // The first line arrives while Airflow still holds the second: nothing buffers the stream.
            if (!first) {
              first = chunk;
              release();
            }
            all += chunk;
          });
          response.on('end', () => resolve({ type: response.headers['content-type'], first, all }));
        });
        sent.on('error', reject);
        sent.end();
      });
      expect(lines.type).toBe('application/x-ndjson');
      expect(lines.first).toBe('{"run_id":"r1","dag_id":"a","task_instances":[]}\n');
      expect(lines.all.trim().split('\n')).toHaveLength(2);
    } finally {
      await closeListening(app);
    }
    expect(airflow.calls().map((request) => request.url)).toEqual(['/ui/grid/ti_summaries/a?run_ids=r1&run_ids=r2']);
  });
});
