// Each console role's calls go to Airflow with that role's Airflow account (issue 28, probe 8),
// against a stand-in Airflow (testing/standIn.ts): no real one can be installed here.
import { describe, expect, it } from 'vitest';
import type { AirflowUpstream } from '../../config';
import { useFixture } from '../../testing/harness';
import { ADMIN_ACCOUNT, EDITOR_ACCOUNT, consoleWith as proxied, useStandIns } from './testing/proxied';
import { json } from './testing/standIn';

const fixture = useFixture();
const standIn = useStandIns();
const consoleWith = (airflow: Partial<AirflowUpstream> & { url: string }) => proxied(fixture, airflow);
const basic = ({ username, password }: { username: string; password: string }) => `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;

describe('Airflow accounts per console role', () => {
  it('an editor\'s call goes with the editors\' account and an admin\'s with the admin\'s (Basic auth, Airflow 2)', async () => {
    const airflow = (await standIn()).on('GET', '/api/v1/dags', (_request, response) => json(response, 200, { dags: [], total_entries: 0 }));
    const { app, admin, editor } = await consoleWith({ url: airflow.url });
    expect((await app.inject({ method: 'GET', url: '/api/workflow/v1/dags', headers: { cookie: editor } })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/workflow/v1/dags', headers: { cookie: admin } })).statusCode).toBe(200);
    expect(airflow.calls().map((request) => request.headers.authorization)).toEqual([basic(EDITOR_ACCOUNT), basic(ADMIN_ACCOUNT)]);
  });

  it('each role gets and keeps its own JWT (Airflow 3)', async () => {
    const airflow = (await standIn()).on('GET', '/api/v2/dags', (_request, response) => json(response, 200, { dags: [], total_entries: 0 }));
    const { app, admin, editor } = await consoleWith({ url: airflow.url, api: 'v2' });
    for (const cookie of [editor, admin, editor, admin]) {
      expect((await app.inject({ method: 'GET', url: '/api/workflow/api/v2/dags', headers: { cookie } })).statusCode).toBe(200);
    }
    const tokenRequests = airflow.seen.filter((request) => request.url === '/auth/token').map((request) => JSON.parse(request.body));
    expect(tokenRequests).toEqual([EDITOR_ACCOUNT, ADMIN_ACCOUNT]);
    expect(airflow.calls().map((request) => request.headers.authorization)).toEqual(['Bearer jwt-1', 'Bearer jwt-2', 'Bearer jwt-1', 'Bearer jwt-2']);
  });

  it('with one account both roles share it (and its JWT), still held to the allowlist', async () => {
    const airflow = (await standIn()).on('GET', '/api/v2/dags', (_request, response) => json(response, 200, { dags: [], total_entries: 0 }));
    const { app, admin, editor } = await consoleWith({ url: airflow.url, api: 'v2', accounts: { admin: ADMIN_ACCOUNT, editor: ADMIN_ACCOUNT } });
    for (const cookie of [editor, admin]) expect((await app.inject({ method: 'GET', url: '/api/workflow/api/v2/dags', headers: { cookie } })).statusCode).toBe(200);
    expect(airflow.tokens).toEqual(['jwt-1']);
    expect((await app.inject({ method: 'GET', url: '/api/workflow/api/v2/connections', headers: { cookie: editor } })).statusCode).toBe(403);
    expect(airflow.calls()).toHaveLength(2);
  });

  it('passes Airflow\'s own 403 on as its refusal, and a 401 names the role whose account was refused', async () => {
    const airflow = (await standIn())
      .on('POST', '/api/v1/dags/a/dagRuns', (_request, response) => json(response, 403, { title: 'Forbidden', status: 403, detail: 'The user may not trigger a.' }))
      .on('GET', '/api/v1/dags', (_request, response) => json(response, 401, { title: 'Unauthorized' }));
    const { app, editor } = await consoleWith({ url: airflow.url });
    const trigger = await app.inject({ method: 'POST', url: '/api/workflow/v1/dags/a/dagRuns', headers: { cookie: editor, 'content-type': 'application/json' }, payload: '{"conf":{}}' });
    expect(trigger.statusCode).toBe(403);
    expect(trigger.json()).toMatchObject({ title: 'Forbidden', status: 403, detail: expect.stringMatching(/^Airflow refused: The user may not trigger a\. \(the console's editors act as Airflow user "[^"]+"\)$/) });
    const list = await app.inject({ method: 'GET', url: '/api/workflow/v1/dags', headers: { cookie: editor } });
    expect(list.statusCode).toBe(502);
    expect(list.json().detail).toMatch(/refused the console's credentials \(GET \/api\/v1\/dags answered 401 to the editors' account\)/);
  });

  it('an Airflow error page (5xx HTML) is said as Airflow\'s failure, not passed on as a page', async () => {
    const airflow = (await standIn()).on('GET', '/api/v1/dags/a/details', (_request, response) => {
      response.writeHead(500, { 'content-type': 'text/html; charset=utf-8' });
      response.end('<!DOCTYPE html><h1>Ooops!</h1>');
    });
    const { app, editor } = await consoleWith({ url: airflow.url });
    const answer = await app.inject({ method: 'GET', url: '/api/workflow/v1/dags/a/details', headers: { cookie: editor } });
    expect(answer.statusCode).toBe(502);
    expect(answer.json().detail).toBe('The Airflow server failed on GET /api/v1/dags/a/details (500); its own log says why');
  });
});
