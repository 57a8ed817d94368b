import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { EDITOR_PASSWORD, useFixture } from '../testing/harness';
import { notebookClient, notebookJson } from '../testing/notebooks';
import { BATCH_PATH, type BatchAnswer, type BatchEntry } from './batch';

const fixture = useFixture();

const folder = (path: string, key?: string): BatchEntry => ({
  method: 'POST',
  url: '/api/notebook/folders',
  headers: { 'content-type': 'application/json', ...(key ? { 'idempotency-key': key } : {}) },
  body: JSON.stringify({ path }),
});

function batch(app: FastifyInstance, cookie: string | undefined, requests: unknown) {
  return app.inject({ method: 'POST', url: BATCH_PATH, headers: cookie ? { cookie } : {}, payload: { requests } });
}

const answers = (response: { json(): unknown }) => (response.json() as { responses: BatchAnswer[] }).responses;

describe('POST /api/batch', () => {
  it('runs the requests in order through the idempotency store, replaying a repeated key', async () => {
    const { app } = await fixture.build();
    const client = await notebookClient(app);
    const response = await batch(app, client.cookie, [
      folder('q', 'b1'),
      { method: 'POST', url: '/api/notebook/files', headers: { 'content-type': 'application/json', 'idempotency-key': 'b2' }, body: JSON.stringify({ path: 'q/a.ipynb', content: notebookJson() }) },
      folder('q', 'b3'), // already there: its own 409, and the batch goes on
      folder('q', 'b1'), // the same key again: the first answer, replayed
      { method: 'DELETE', url: '/api/notebook/delete', headers: { 'content-type': 'application/json', 'idempotency-key': 'b5' }, body: JSON.stringify({ path: 'q/a.ipynb' }) },
    ]);
    expect(response.statusCode).toBe(200);
    const responses = answers(response);
    expect(responses.map((r) => r.status)).toEqual([200, 200, 409, 200, 200]);
    expect(responses[0].headers).toEqual({ 'content-type': expect.stringContaining('application/json'), etag: expect.any(String) });
    expect(responses[3]).toEqual({ ...responses[0], headers: { ...responses[0].headers, 'idempotent-replayed': 'true' } });
    expect(JSON.parse(responses[1].body)).toMatchObject({ file: { path: 'q/a.ipynb' } });

    const audit = (await client.get('/audit')).json() as { items: { key: string; route: string }[] };
    expect(audit.items.map((item) => [item.key, item.route])).toEqual([
      ['b1', '/api/notebook/folders'],
      ['b2', '/api/notebook/files'],
      ['b5', '/api/notebook/delete'],
    ]);
    // The whole batch again (the answer was lost): every write answers its first answer.
    const again = await batch(app, client.cookie, [folder('q', 'b1'), folder('q', 'b3')]);
    expect(answers(again).map((r) => [r.status, r.headers['idempotent-replayed']])).toEqual([[200, 'true'], [409, 'true']]);
    expect(((await client.get('/audit')).json() as { count: number }).count).toBe(3);
  });

  it('needs a session itself', async () => {
    const { app } = await fixture.build();
    const response = await batch(app, undefined, [folder('x')]);
    expect(response.statusCode).toBe(401);
  });

  it('gives each sub-request its own 403 or 401 and stops after a 401', async () => {
    const { app } = await fixture.build();
    const editor = await notebookClient(app, 'editor', EDITOR_PASSWORD);
    const response = await batch(app, editor.cookie, [
      folder('e1'),
      // Only admins get BI tokens: the editor's own credentials are checked, not the batch's.
      { method: 'POST', url: '/api/bi/v1/security/login', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'editor', password: EDITOR_PASSWORD, provider: 'db' }) },
      folder('e2'),
      // No refresh token of its own: 401, the batch stops here.
      { method: 'POST', url: '/api/bi/v1/security/refresh', headers: { authorization: 'Bearer forged' } },
      folder('e3'),
    ]);
    expect(response.statusCode).toBe(200);
    expect(answers(response).map((r) => r.status)).toEqual([200, 403, 200, 401]);
    const audit = (await editor.get('/audit')).json() as { items: { path: string }[] };
    expect(audit.items.map((item) => item.path)).toEqual(['e1', 'e2']);
  });

  it.each([500, 503, 429, 408])('stops after a %i (included) and runs nothing after it', async (status) => {
    const { app } = await fixture.build();
    app.post('/api/test/busy', async (_request, reply) => reply.code(status).send({ message: 'busy' }));
    const client = await notebookClient(app);
    const response = await batch(app, client.cookie, [
      folder('s1'),
      { method: 'POST', url: '/api/notebook/folders', headers: { 'content-type': 'application/json' }, body: '{"path":' }, // 400: goes on
      { method: 'POST', url: '/api/test/busy' },
      folder('s2'),
    ]);
    expect(response.statusCode).toBe(200);
    expect(answers(response).map((r) => r.status)).toEqual([200, 400, status]);
    const audit = (await client.get('/audit')).json() as { items: { path: string }[] };
    expect(audit.items.map((item) => item.path)).toEqual(['s1']);
  });

  it.each([
    ['no requests', []],
    ['too many', Array.from({ length: 101 }, (_, i) => folder(`f${i}`))],
    ['a GET', [{ method: 'GET', url: '/api/notebook/audit' }]],
    ['another origin', [{ method: 'POST', url: 'http://elsewhere.test/api/notebook/folders' }]],
    ['a path outside /api/', [{ method: 'POST', url: '/index.html' }]],
    ['a path that climbs out of /api/', [{ method: 'POST', url: '/api/../index.html' }]],
    ['the batch itself', [{ method: 'POST', url: '/api/batch', body: '{"requests":[]}' }]],
    ['the batch spelled otherwise', [{ method: 'POST', url: '/api/%62atch' }]],
    ['a body that is not a string', [{ method: 'POST', url: '/api/notebook/folders', body: { path: 'x' } }]],
    ['a header that is not a string', [{ method: 'POST', url: '/api/notebook/folders', headers: { 'if-match': 1 } }]],
  ])('answers 400 for %s, running nothing', async (_name, requests) => {
    const { app } = await fixture.build();
    const client = await notebookClient(app);
    const response = await batch(app, client.cookie, requests);
    expect(response.statusCode).toBe(400);
    expect(((await client.get('/audit')).json() as { count: number }).count).toBe(0);
  });

  it('refuses an Idempotency-Key on the batch itself (its requests carry their own)', async () => {
    const { app } = await fixture.build();
    const client = await notebookClient(app);
    const response = await app.inject({
      method: 'POST',
      url: BATCH_PATH,
      headers: { cookie: client.cookie, 'idempotency-key': 'k' },
      payload: { requests: [folder('x', 'k')] },
    });
    expect(response.statusCode).toBe(400);
    expect(((await client.get('/audit')).json() as { count: number }).count).toBe(0);
  });

  it('passes only the listed headers; credentials come from the batch request', async () => {
    const { app } = await fixture.build();
    const client = await notebookClient(app);
    const response = await batch(app, undefined, [
      { ...folder('x'), headers: { 'content-type': 'application/json', cookie: client.cookie } },
    ]);
    expect(response.statusCode).toBe(401); // the batch itself has no session
    const inside = await batch(app, client.cookie, [
      { ...folder('y'), headers: { 'content-type': 'application/json', cookie: 'session=forged', 'x-console-batch-entry': '' } },
    ]);
    expect(answers(inside).map((r) => r.status)).toEqual([200]);
  });
});
