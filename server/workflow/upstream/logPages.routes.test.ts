// The console's pages of a log in front of a stand-in Airflow (testing/standIn.ts) that streams it
// as Airflow does; the real Airflows are in upstreams/console/.
import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import type { AirflowUpstream } from '../../config';
import { signIn, useFixture } from '../../testing/harness';
import { json, startStandIn, type StandIn } from './testing/standIn';

const fixture = useFixture();
const standIns: StandIn[] = [];
afterEach(async () => {
  await Promise.all(standIns.splice(0).map((standIn) => standIn.close()));
});

const ACCOUNT = { username: 'console', password: 'airflow-pw' };
const V2_LOG = '/api/v2/dags/etl/dagRuns/r%3A1/taskInstances/load/logs/2';
const V1_LOG = '/api/v1/dags/etl/dagRuns/r%3A1/taskInstances/load/logs/2';

async function consoleBefore(api: AirflowUpstream['api'], log: string, handler: (response: ServerResponse, closed: Promise<void>) => void, timeoutMs = 5000) {
  const airflow = await startStandIn();
  standIns.push(airflow);
  airflow.on('GET', log, (_request, response) => handler(response, new Promise((resolve) => response.on('close', resolve))));
  const { app } = await fixture.build({ airflow: { url: airflow.url, api, accounts: { admin: ACCOUNT, editor: ACCOUNT }, timeoutMs } });
  const { cookie } = await signIn(app);
  const get = (url: string) => app.inject({ method: 'GET', url, headers: { cookie } });
  return { airflow, get };
}

/** An Airflow 3 log stream that never ends on its own, writing as fast as it is read; `written` counts its records. */
function endlessRecords(response: ServerResponse, written: { count: number }) {
  response.writeHead(200, { 'content-type': 'application/x-ndjson' });
  const write = () => {
    if (response.destroyed) return;
    let batch = '';
    for (let i = 0; i < 1000; i += 1, written.count += 1) batch += `${JSON.stringify({ timestamp: 't', level: 'info', event: `line ${written.count}` })}\n`;
    if (response.write(batch)) setImmediate(write);
    else response.once('drain', write);
  };
  write();
}

describe('log pages through the proxy', () => {
  it("pages Airflow 3's ndjson stream from a cursor, and reads it no further than the page once it is full", async () => {
    const written = { count: 0 };
    const { airflow, get } = await consoleBefore('v2', V2_LOG, (response) => endlessRecords(response, written));
    const page = await get(`/api/workflow/api/v2/dags/etl/dagRuns/r%3A1/taskInstances/load/logs/2/lines?map_index=3&cursor=5000&limit=3`);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toEqual({ lines: ['[t] INFO - line 5000', '[t] INFO - line 5001', '[t] INFO - line 5002'], cursor: 5000, next: 5003 });
    const [call] = airflow.calls();
    expect(call.headers.accept).toBe('application/x-ndjson');
    // Only the map index reaches Airflow: cursor and limit are the console's.
    expect(call.url).toBe(`${V2_LOG}?map_index=3`);
    // The stream waits for the next page (held back by flow control), it does not run on.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const after = written.count;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(written.count).toBe(after);
    expect(after).toBeLessThan(200_000);
  });

  it('goes on with the next page on the stream the last page stopped on: paging a log reads it from Airflow once', async () => {
    const { airflow, get } = await consoleBefore('v2', V2_LOG, (response) => {
      response.writeHead(200, { 'content-type': 'application/x-ndjson' });
      let text = '';
      for (let i = 0; i < 10_000; i += 1) text += `${JSON.stringify({ event: `line ${i}` })}\n`;
      response.end(text);
    });
    const lines = '/api/workflow/api/v2/dags/etl/dagRuns/r%3A1/taskInstances/load/logs/2/lines';
    const pages = [];
    for (let cursor: number | null = 0; cursor !== null; cursor = pages.at(-1)!.next) pages.push((await get(`${lines}?cursor=${cursor}&limit=4000`)).json<{ lines: string[]; next: number | null }>());
    expect(pages.map((page) => [page.lines[0], page.lines.length, page.next])).toEqual([['line 0', 4000, 4000], ['line 4000', 4000, 8000], ['line 8000', 2000, null]]);
    expect(airflow.calls()).toHaveLength(1);
    // A page elsewhere (another tab, a reader scrolled back) asks Airflow again.
    expect((await get(`${lines}?cursor=100&limit=1`)).json()).toEqual({ lines: ['line 100'], cursor: 100, next: 101 });
    expect(airflow.calls()).toHaveLength(2);
  });

  it("keeps a log call whose stream Airflow has not begun within the timeout going, answers 504 'still reading', and gives it to the next ask", async () => {
    const { airflow, get } = await consoleBefore('v2', V2_LOG, (response) => {
      // Airflow parses the whole log before its first byte.
      setTimeout(() => {
        response.writeHead(200, { 'content-type': 'application/x-ndjson' });
        response.end(`${JSON.stringify({ event: 'first' })}\n${JSON.stringify({ event: 'second' })}\n`);
      }, 900);
    }, 300);
    const lines = '/api/workflow/api/v2/dags/etl/dagRuns/r%3A1/taskInstances/load/logs/2/lines';
    const waiting = await get(lines);
    expect(waiting.statusCode).toBe(504);
    expect(waiting.headers['retry-after']).toBe('1');
    expect(waiting.json().detail).toMatch(/^Airflow is still reading the log \(longer than the console's 1 s timeout\)/);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect((await get(lines)).json()).toEqual({ lines: ['first', 'second'], cursor: 0, next: null });
    expect(airflow.calls()).toHaveLength(1);
  });

  it('gives two asks waiting on the same slow log each a whole page (two tabs opening it at once)', async () => {
    const { airflow, get } = await consoleBefore('v2', V2_LOG, (response) => {
      setTimeout(() => {
        response.writeHead(200, { 'content-type': 'application/x-ndjson' });
        response.end(`${JSON.stringify({ event: 'first' })}\n${JSON.stringify({ event: 'second' })}\n`);
      }, 300);
    });
    const lines = '/api/workflow/api/v2/dags/etl/dagRuns/r%3A1/taskInstances/load/logs/2/lines';
    const [a, b] = await Promise.all([get(`${lines}?limit=1`), get(`${lines}?cursor=1&limit=1`)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json()).toEqual({ lines: ['first'], cursor: 0, next: 1 });
    expect(b.json()).toEqual({ lines: ['second'], cursor: 1, next: null });
    expect(airflow.calls()).toHaveLength(2);
  });

  it("gives Airflow 2's text stream as a file without its host line, named as the viewer names it", async () => {
    const { airflow, get } = await consoleBefore('v1', V1_LOG, (response) => {
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.end('worker-7\n*** Found local files:\nline a\nline b\n\n');
    });
    const file = await get(`/api/workflow/v1/dags/etl/dagRuns/r%3A1/taskInstances/load/logs/2/download`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(file.headers['content-disposition']).toContain(`filename*=UTF-8''etl__r%3A1__load__try-2.log`);
    expect(file.body).toBe('*** Found local files:\nline a\nline b\n');
    expect(airflow.calls()[0]!.headers.accept).toBe('text/plain');
  });

  it("says Airflow's refusal and Airflow's not-found as they came, and a bad cursor without asking Airflow", async () => {
    let status = 403;
    const { airflow, get } = await consoleBefore('v2', V2_LOG, (response) => json(response, status, { detail: status === 403 ? 'No access to logs' : 'TaskInstance not found' }));
    const lines = `/api/workflow/api/v2/dags/etl/dagRuns/r%3A1/taskInstances/load/logs/2/lines`;
    const refused = await get(lines);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toMatch(/^Airflow refused: No access to logs/);
    status = 404;
    const missing = await get(lines);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().detail).toBe('TaskInstance not found');
    const calls = airflow.calls().length;
    const bad = await get(`${lines}?cursor=-1`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toMatch(/^Bad cursor/);
    expect(airflow.calls()).toHaveLength(calls);
  });

  it('refuses a page of a path that is no log read', async () => {
    const { airflow, get } = await consoleBefore('v2', V2_LOG, (response) => json(response, 200, {}));
    const response = await get('/api/workflow/api/v2/dags/etl/dagRuns/r%3A1/taskInstances/load/xcomEntries/2/lines');
    expect(response.statusCode).toBe(403);
    expect(airflow.calls()).toHaveLength(0);
  });
});
