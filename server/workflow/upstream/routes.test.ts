// No real Airflow can be installed here: a stand-in node:http server (testing/standIn.ts) answers
// a few v1 and v2 paths and records what the console's proxy sends it.
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { AirflowUpstream } from '../../config';
import { closeListening, EDITOR_PASSWORD, rawStatus, signIn, useFixture } from '../../testing/harness';
import { json, startStandIn, type StandIn } from './testing/standIn';

const fixture = useFixture();
const standIns: StandIn[] = [];
afterEach(async () => {
  await Promise.all(standIns.splice(0).map((standIn) => standIn.close()));
});

async function standIn(): Promise<StandIn> {
  const started = await startStandIn();
  standIns.push(started);
  return started;
}

const BASIC = `Basic ${Buffer.from('console:airflow-pw').toString('base64')}`;

const CONSOLE = { username: 'console', password: 'airflow-pw' };

async function consoleWith(airflow: Partial<AirflowUpstream> & { url: string }) {
  const { app } = await fixture.build({ airflow: { api: 'v1', accounts: { admin: CONSOLE, editor: CONSOLE }, timeoutMs: 5000, ...airflow } });
  const { cookie } = await signIn(app);
  return { app, cookie };
}

describe('Airflow 2 upstream (v1)', () => {
  it('maps /api/workflow/v1/* to /api/v1/*, passes method, query, Accept and body, and adds Basic auth instead of the browser credentials', async () => {
    const airflow = (await standIn())
      .on('GET', '/api/v1/dags', (_request, response) =>
        json(response, 200, { dags: [{ dag_id: 'a' }], total_entries: 1 }, { 'set-cookie': 'session=airflow', 'www-authenticate': 'Basic realm="x"', etag: '"e1"' }),
      )
      .on('PATCH', '/api/v1/dags/orders%20etl', (request, response) => json(response, 200, { dag_id: 'orders etl', ...JSON.parse(request.body) }));
    const { app, cookie } = await consoleWith({ url: airflow.url });

    const list = await app.inject({ method: 'GET', url: '/api/workflow/v1/dags?limit=2&tags=a&tags=b', headers: { cookie, accept: 'application/json' } });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual({ dags: [{ dag_id: 'a' }], total_entries: 1 });
    expect(list.headers.etag).toBe('"e1"');
    // Airflow's cookie and its Basic challenge (a browser password prompt) stay out of the console's origin.
    expect(list.headers['set-cookie']?.toString() ?? '').not.toContain('airflow');
    expect(list.headers['www-authenticate']).toBeUndefined();

    const patch = await app.inject({
      method: 'PATCH',
      url: '/api/workflow/v1/dags/orders%20etl?update_mask=is_paused',
      headers: { cookie, 'content-type': 'application/json', authorization: 'Basic YnJvd3NlcjpzZWNyZXQ=' },
      payload: '{"is_paused":true}',
    });
    expect(patch.statusCode).toBe(200);
    expect(patch.json()).toEqual({ dag_id: 'orders etl', is_paused: true });

    const [get, sent] = airflow.calls();
    expect(get).toMatchObject({ method: 'GET', url: '/api/v1/dags?limit=2&tags=a&tags=b' });
    // Uncompressed from Airflow: gzip on the hop between two servers costs more than it saves (the console compresses for the browser).
    expect(get.headers).toMatchObject({ authorization: BASIC, accept: 'application/json', 'accept-encoding': 'identity' });
    expect(sent).toMatchObject({ method: 'PATCH', url: '/api/v1/dags/orders%20etl?update_mask=is_paused', body: '{"is_paused":true}' });
    expect(sent.headers).toMatchObject({ authorization: BASIC, 'content-type': 'application/json' });
    for (const request of airflow.seen) expect(request.headers.cookie).toBeUndefined();
    expect(airflow.tokens).toEqual([]);
  });

  it('answers the embedded views (grid_data, graph_data) 404, so the client builds them; dot segments are refused', async () => {
    const airflow = await standIn();
    const { app, cookie } = await consoleWith({ url: airflow.url });
    for (const url of ['/api/workflow/grid_data?dag_id=a', '/api/workflow/graph_data?dag_id=a', '/api/workflow/api/v2/dags']) {
      const response = await app.inject({ method: 'GET', url, headers: { cookie } });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toMatchObject({ status: 404, title: 'Not Found' });
    }
    // Over raw HTTP: inject (like browsers and fetch) resolves dot segments, also encoded ones, before sending.
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { port } = app.server.address() as AddressInfo;
      for (const path of ['/api/workflow/v1/dags/../../../auth/token', '/api/workflow/v1/%2e%2E/config', '/api/workflow/v1/dags/.%2e/x', '/api/workflow/v1/dags/a%5C..%5C..']) {
        expect(await rawStatus(port, path, cookie), path).toBe(400);
      }
    } finally {
      await closeListening(app);
    }
    expect(airflow.seen).toEqual([]);
  });

  it('lets only signed-in console users through (both roles) and keeps the cross-site check on writes', async () => {
    const airflow = (await standIn()).on('GET', '/api/v1/dags', (_request, response) => json(response, 200, { dags: [], total_entries: 0 }));
    const { app } = await consoleWith({ url: airflow.url });
    expect((await app.inject({ method: 'GET', url: '/api/workflow/v1/dags' })).statusCode).toBe(401);
    const bad = await app.inject({ method: 'GET', url: '/api/workflow/v1/dags', headers: { authorization: 'Basic YnJvd3Nlcjpzb21ldGhpbmc=' } });
    expect(bad.statusCode).toBe(401);
    const { cookie } = await signIn(app, 'editor', EDITOR_PASSWORD);
    expect((await app.inject({ method: 'GET', url: '/api/workflow/v1/dags', headers: { cookie } })).statusCode).toBe(200);
    const crossSite = await app.inject({
      method: 'POST',
      url: '/api/workflow/v1/dags/a/dagRuns',
      headers: { cookie, origin: 'https://evil.example', 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(crossSite.statusCode).toBe(403);
    expect(airflow.calls().map((request) => request.method)).toEqual(['GET']);
  });

  it('a trigger repeated with the same Idempotency-Key reaches Airflow once and gets the stored answer', async () => {
    let runs = 0;
    const airflow = (await standIn()).on('POST', '/api/v1/dags/a/dagRuns', (_request, response) => json(response, 200, { dag_run_id: `manual__${++runs}` }));
    const { app, cookie } = await consoleWith({ url: airflow.url });
    const trigger = () =>
      app.inject({ method: 'POST', url: '/api/workflow/v1/dags/a/dagRuns', headers: { cookie, 'content-type': 'application/json', 'idempotency-key': 'k-1' }, payload: '{"conf":{}}' });
    const first = await trigger();
    const again = await trigger();
    expect(first.json()).toEqual({ dag_run_id: 'manual__1' });
    expect(again.json()).toEqual({ dag_run_id: 'manual__1' });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(airflow.calls()).toHaveLength(1);
  });

  it('answers 502 when Airflow refuses the Basic credentials (no retry), never passing its 401 on', async () => {
    const airflow = (await standIn()).on('GET', '/api/v1/dags', (_request, response) => json(response, 401, { title: 'Unauthorized' }));
    const { app, cookie } = await consoleWith({ url: airflow.url });
    const response = await app.inject({ method: 'GET', url: '/api/workflow/v1/dags', headers: { cookie } });
    expect(response.statusCode).toBe(502);
    expect(response.json().detail).toMatch(/refused the console's credentials.*CONSOLE_AIRFLOW_USERNAME/);
    expect(airflow.calls()).toHaveLength(1);
  });
});

describe('Airflow 3 upstream (v2)', () => {
  /** Accepts only the bearer token in `valid.token`. */
  function guarded(airflow: StandIn, valid: { token: string }) {
    const answer = (body: unknown) => (request: { headers: { authorization?: string } }, response: Parameters<typeof json>[0]) =>
      request.headers.authorization === `Bearer ${valid.token}` ? json(response, 200, body) : json(response, 401, { detail: 'Invalid JWT' });
    airflow.on('GET', '/api/v2/dags', answer({ dags: [], total_entries: 0 })).on('GET', '/ui/grid/structure/orders', answer([{ id: 'extract', label: 'extract' }]));
  }

  it('maps /api/v2 and /ui, fetches the JWT once, renews it once after a 401, then answers 502 when still refused', async () => {
    const airflow = await standIn();
    const valid = { token: 'jwt-1' };
    guarded(airflow, valid);
    const { app, cookie } = await consoleWith({ url: airflow.url, api: 'v2' });
    const get = (url: string) => app.inject({ method: 'GET', url: `/api/workflow${url}`, headers: { cookie } });

    expect((await get('/api/v2/dags?limit=10&tags=a&tags=b')).statusCode).toBe(200);
    expect((await get('/ui/grid/structure/orders?limit=1')).json()).toEqual([{ id: 'extract', label: 'extract' }]);
    expect(airflow.tokens).toEqual(['jwt-1']);
    const tokenRequest = airflow.seen[0];
    expect(tokenRequest).toMatchObject({ method: 'POST', url: '/auth/token' });
    expect(JSON.parse(tokenRequest.body)).toEqual({ username: 'console', password: 'airflow-pw' });
    expect(airflow.calls().map((request) => [request.url, request.headers.authorization])).toEqual([
      ['/api/v2/dags?limit=10&tags=a&tags=b', 'Bearer jwt-1'],
      ['/ui/grid/structure/orders?limit=1', 'Bearer jwt-1'],
    ]);

    valid.token = 'jwt-2'; // jwt-1 expired
    expect((await get('/api/v2/dags')).statusCode).toBe(200);
    expect(airflow.tokens).toEqual(['jwt-1', 'jwt-2']);
    expect((await get('/api/v2/dags')).statusCode).toBe(200);
    expect(airflow.tokens).toHaveLength(2);

    valid.token = 'never';
    const refused = await get('/api/v2/dags');
    expect(refused.statusCode).toBe(502);
    expect(refused.json().detail).toMatch(/refused the console's credentials/);
    expect(airflow.tokens).toEqual(['jwt-1', 'jwt-2', 'jwt-3']);
  });

  it('/config.json says v2 and drops the embedded server filters', async () => {
    const airflow = await standIn();
    const { app } = await consoleWith({ url: airflow.url, api: 'v2' });
    const config = (await app.inject({ method: 'GET', url: '/config.json' })).json();
    expect(config).toMatchObject({ workflowApiVersion: 'v2', apis: { workflow: '/api/workflow' } });
    expect(config.features.workflowFilters).toBeUndefined();
  });

  it('answers 502 when /auth/token refuses the configured user', async () => {
    const airflow = (await standIn()).on('POST', '/auth/token', (_request, response) => json(response, 401, { detail: 'Invalid credentials' }));
    const { app, cookie } = await consoleWith({ url: airflow.url, api: 'v2' });
    const response = await app.inject({ method: 'GET', url: '/api/workflow/api/v2/dags', headers: { cookie } });
    expect(response.statusCode).toBe(502);
    expect(response.json().detail).toMatch(/refused the console's credentials/);
    expect(airflow.calls()).toEqual([]);
  });
});

describe('Airflow unreachable or slow', () => {
  it('answers 502 with problem JSON when nothing listens there', async () => {
    const airflow = await standIn();
    const url = airflow.url;
    await airflow.close();
    const { app, cookie } = await consoleWith({ url });
    const response = await app.inject({ method: 'GET', url: '/api/workflow/v1/dags', headers: { cookie } });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({ status: 502, title: 'Bad Gateway', detail: expect.stringMatching(/^The Airflow server could not be reached/) });
  });

  it('answers 504 when Airflow does not begin its answer in time', async () => {
    const airflow = (await standIn()).on('GET', '/api/v1/dags', () => undefined);
    const { app, cookie } = await consoleWith({ url: airflow.url, timeoutMs: 200 });
    const response = await app.inject({ method: 'GET', url: '/api/workflow/v1/dags', headers: { cookie } });
    expect(response.statusCode).toBe(504);
    expect(response.json().detail).toMatch(/did not answer within/);
  });

  it('streams a log as Airflow writes it, not once it is whole', async () => {
    let finish = () => {};
    const airflow = (await standIn()).on('GET', '/api/v1/dags/a/dagRuns/r/taskInstances/t/logs/1', (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.write('line 1\n');
      finish = () => response.end('line 2\n');
    });
    const { app, cookie } = await consoleWith({ url: airflow.url });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { port } = app.server.address() as { port: number };
      const response = await fetch(`http://127.0.0.1:${port}/api/workflow/v1/dags/a/dagRuns/r/taskInstances/t/logs/1?full_content=false`, { headers: { cookie, accept: 'text/plain' } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/plain');
      const reader = response.body!.getReader();
      const first = await reader.read();
      expect(new TextDecoder().decode(first.value)).toBe('line 1\n');
      finish();
      let rest = '';
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) rest += new TextDecoder().decode(chunk.value);
      expect(rest).toBe('line 2\n');
    } finally {
      await closeListening(app);
    }
  });

  it('stops reading from Airflow when the browser leaves a streaming log', async () => {
    let upstreamClosed: () => void = () => {};
    const closed = new Promise<void>((resolve) => (upstreamClosed = resolve));
    const airflow = (await standIn()).on('GET', '/api/v1/dags/a/dagRuns/r/taskInstances/t/logs/1', (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.write('line 1\n');
      response.on('close', upstreamClosed);
    });
    const { app, cookie } = await consoleWith({ url: airflow.url });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { port } = app.server.address() as AddressInfo;
      const leave = new AbortController();
      const response = await fetch(`http://127.0.0.1:${port}/api/workflow/v1/dags/a/dagRuns/r/taskInstances/t/logs/1`, { headers: { cookie }, signal: leave.signal });
      await response.body!.getReader().read();
      leave.abort();
      await closed;
    } finally {
      await closeListening(app);
    }
  });

  it('drops the call to Airflow when the browser leaves before Airflow answered', async () => {
    let upstreamClosed: () => void = () => {};
    const closed = new Promise<void>((resolve) => (upstreamClosed = resolve));
    const airflow = (await standIn()).on('GET', '/api/v1/dags', (_request, response) => {
      response.on('close', upstreamClosed);
    });
    // Far longer than the test's own limit: only the browser leaving can end the call in time.
    const { app, cookie } = await consoleWith({ url: airflow.url, timeoutMs: 600_000 });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { port } = app.server.address() as AddressInfo;
      const leave = new AbortController();
      const waiting = fetch(`http://127.0.0.1:${port}/api/workflow/v1/dags`, { headers: { cookie }, signal: leave.signal });
      await expect.poll(() => airflow.calls().length).toBe(1);
      leave.abort();
      await expect(waiting).rejects.toThrow();
      await closed;
    } finally {
      await closeListening(app);
    }
  });
});
