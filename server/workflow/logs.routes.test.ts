import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { V1DagRun, V1Log } from '../../contracts/airflowV1';
import { decodeToken, encodeToken, LOG_CHUNK_BYTES } from './logs';
import { loadAirflowContract } from './testing/contract';
import { eventually, workflowApp, type WorkflowApp } from './testing/app';

const contract = await loadAirflowContract();
const LOG_SPEC = '/dags/{dag_id}/dagRuns/{dag_run_id}/taskInstances/{task_id}/logs/{task_try_number}';
let wf: WorkflowApp;

beforeAll(async () => {
  // Slow enough tasks that a running try's log is read while it grows.
  wf = await workflowApp(1500);
});
afterAll(() => wf.close());

async function log(url: string): Promise<V1Log> {
  const response = await wf.call('GET', url);
  expect(response.statusCode, response.body).toBe(200);
  contract.expectResponse(LOG_SPEC, 'get', 200, response.json());
  return response.json<V1Log>();
}

describe('task logs', () => {
  it('pages a 100,000-line log by at most 1 MB, in whole lines, until end_of_log', async () => {
    const [row] = await wf.app.services.store.all<{ run_id: string; task_id: string; try_number: number }>(
      "SELECT run_id, task_id, try_number FROM wf_task_instances WHERE dag_id = 'warehouse_nightly_rebuild' AND task_id = 'extract_postgres_orders' AND state = 'success' LIMIT 1",
    );
    const url = `/v1/dags/warehouse_nightly_rebuild/dagRuns/${encodeURIComponent(row.run_id)}/taskInstances/${row.task_id}/logs/${row.try_number}`;
    const full = await log(`${url}?full_content=true`);
    expect(full.content.split('\n').length).toBeGreaterThan(100_000);
    expect(Buffer.byteLength(full.content)).toBeGreaterThan(LOG_CHUNK_BYTES);
    expect(decodeToken(full.continuation_token).end_of_log).toBe(true);
    let joined = '';
    let page = await log(url);
    for (let pages = 1; ; pages++) {
      expect(Buffer.byteLength(page.content)).toBeLessThanOrEqual(LOG_CHUNK_BYTES);
      expect(page.content.endsWith('\n')).toBe(true);
      joined += page.content;
      if (decodeToken(page.continuation_token).end_of_log) {
        expect(pages).toBeGreaterThan(1);
        break;
      }
      page = await log(`${url}?token=${page.continuation_token}`);
    }
    expect(joined).toBe(full.content);
    const text = await wf.call('GET', `${url}?full_content=true`, undefined, { accept: 'text/plain' });
    expect(text.headers['content-type']).toMatch(/^text\/plain/);
    expect(text.body).toBe(full.content);
  });

  it('pages the 100,000-line log by lines from a cursor, to its last line, and refuses a bad cursor', async () => {
    const [row] = await wf.app.services.store.all<{ run_id: string; task_id: string; try_number: number }>(
      "SELECT run_id, task_id, try_number FROM wf_task_instances WHERE dag_id = 'warehouse_nightly_rebuild' AND task_id = 'extract_postgres_orders' AND state = 'success' LIMIT 1",
    );
    const url = `/v1/dags/warehouse_nightly_rebuild/dagRuns/${encodeURIComponent(row.run_id)}/taskInstances/${row.task_id}/logs/${row.try_number}`;
    const lines = (await log(`${url}?full_content=true`)).content.replace(/\n$/, '').split('\n');
    const lineUrl = `${url}/lines`;
    const first = (await wf.call('GET', `${lineUrl}?limit=1000`)).json<{ lines: string[]; next: number | null }>();
    expect(first.lines).toEqual(lines.slice(0, 1000));
    expect(first.next).toBe(1000);
    const middle = (await wf.call('GET', `${lineUrl}?cursor=50000&limit=7`)).json<{ lines: string[] }>();
    expect(middle.lines).toEqual(lines.slice(50_000, 50_007));
    const last = (await wf.call('GET', `${lineUrl}?cursor=${lines.length - 3}&limit=20000`)).json<{ lines: string[]; next: number | null }>();
    expect(last).toMatchObject({ lines: lines.slice(-3), next: null });
    const file = await wf.call('GET', `${url}/download?map_index=-1`);
    expect(file.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="warehouse_nightly_rebuild__.*__extract_postgres_orders__try-\d+\.log"/);
    expect(file.body.replace(/\n$/, '').split('\n')).toEqual(lines);
    for (const query of ['cursor=-5', 'cursor=x', 'limit=0', 'limit=100000']) {
      const bad = await wf.call('GET', `${lineUrl}?${query}`);
      expect(bad.statusCode, query).toBe(400);
      expect(bad.json()).toMatchObject({ status: 400, detail: expect.stringMatching(/^Bad (cursor|limit)/) });
    }
  });

  it('shows a failed try with an ERROR line and a traceback', async () => {
    const [row] = await wf.app.services.store.all<{ dag_id: string; run_id: string; task_id: string; try_number: number }>(
      "SELECT dag_id, run_id, task_id, try_number FROM wf_task_instances WHERE state = 'failed' AND map_index = -1 LIMIT 1",
    );
    const { content } = await log(`/v1/dags/${row.dag_id}/dagRuns/${encodeURIComponent(row.run_id)}/taskInstances/${row.task_id}/logs/${row.try_number}`);
    expect(content).toMatch(/ERROR - Task failed with exception\nTraceback \(most recent call last\):/);
    expect(content).toContain('Marking task as FAILED');
  });

  it('follows a running try as its log grows, and refuses forged tokens', async () => {
    const run = (await wf.call('POST', '/v1/dags/example_etl/dagRuns', {})).json<V1DagRun>();
    const url = `/v1/dags/example_etl/dagRuns/${encodeURIComponent(run.dag_run_id)}/taskInstances/extract_orders/logs/1`;
    const first = await eventually(() => log(url), (page) => page.content.length > 0);
    expect(decodeToken(first.continuation_token).end_of_log).toBe(false);
    const next = await eventually(() => log(`${url}?token=${first.continuation_token}`), (page) => page.content.length > 0);
    expect(next.content.startsWith('[')).toBe(true);
    const whole = await eventually(() => log(`${url}?full_content=true`), (page) => decodeToken(page.continuation_token).end_of_log);
    expect(whole.content.startsWith(first.content + next.content)).toBe(true);
    expect(whole.content).toContain('Marking task as SUCCESS');

    for (const token of ['garbage!', encodeToken({ log_pos: 10 ** 9, end_of_log: false }), Buffer.from('{"log_pos":-1,"end_of_log":false}').toString('base64url'), Buffer.from('[1]').toString('base64url')]) {
      const response = await wf.call('GET', `${url}?token=${encodeURIComponent(token)}`);
      expect(response.statusCode, token).toBe(400);
      expect(response.json()).toMatchObject({ status: 400, title: 'Bad Request' });
    }
    expect((await wf.call('GET', `${url.replace('/logs/1', '/logs/7')}`)).statusCode).toBe(404);
    expect((await wf.call('GET', `${url.replace('/logs/1', '/logs/x')}`)).statusCode).toBe(400);
  }, 30_000);
});
