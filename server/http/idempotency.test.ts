import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ADMIN_PASSWORD, EDITOR_PASSWORD, manualClock, useFixture } from '../testing/harness';
import { notebookClient, notebookJson, type NotebookClient } from '../testing/notebooks';
import { IDEMPOTENCY_TTL_MS } from './idempotency.store';

const fixture = useFixture();
const HOUR = 60 * 60 * 1000;

const key = (value: string) => ({ 'idempotency-key': value });

async function auditCount(client: NotebookClient): Promise<number> {
  return (await client.get('/audit')).json().count;
}

/** A route that counts its runs, added before the app is ready (it gets the root hooks). */
function countingRoute(app: FastifyInstance, url: string, answer: (run: number) => { status: number; body: object }) {
  const runs = { count: 0 };
  app.post(url, async (_request, reply) => {
    runs.count += 1;
    const { status, body } = answer(runs.count);
    return reply.code(status).send(body);
  });
  return runs;
}

describe('Idempotency-Key', () => {
  it('applies a write once and replays the identical answer with Idempotent-Replayed', async () => {
    const { app } = await fixture.build();
    const client = await notebookClient(app);
    const first = await client.save('a.ipynb', notebookJson(), key('save-1'));
    const second = await client.save('a.ipynb', notebookJson(), key('save-1'));
    expect(first.statusCode).toBe(200);
    expect(first.headers).not.toHaveProperty('idempotent-replayed');
    expect(second.statusCode).toBe(200);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.body).toBe(first.body);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.headers['content-type']).toBe(first.headers['content-type']);
    expect(await auditCount(client)).toBe(1);
  });

  it('notebook writes store the answer in their own transaction, exactly as sent', async () => {
    const { app, services } = await fixture.build();
    const save = vi.spyOn(services.idempotency, 'save');
    const replace = vi.spyOn(services.idempotency, 'replace');
    const client = await notebookClient(app);
    const answers = [
      await client.post('/folders', { path: 'f' }, key('k1')),
      await client.save('f/n.ipynb', notebookJson(), key('k2')),
      await client.post('/favorite', { path: 'f/n.ipynb', isFavorite: true }, key('k3')),
    ];
    expect(save).toHaveBeenCalledTimes(3);
    for (const call of save.mock.calls) expect(call[3]).toBeDefined(); // the transaction
    expect(replace).not.toHaveBeenCalled();
    const rows = await services.store.all<{ status: number; body: string; headers: string }>(
      'SELECT status, body, CAST(headers AS VARCHAR) AS headers FROM idempotency_keys ORDER BY key',
    );
    expect(rows).toHaveLength(3);
    rows.forEach((row, index) => {
      const sent = answers[index];
      expect(row.status).toBe(sent.statusCode);
      expect(row.body).toBe(sent.body);
      expect(JSON.parse(row.headers)).toEqual({ 'content-type': sent.headers['content-type'], etag: sent.headers.etag });
    });
    // A failed write has no transaction: its 4xx answer is stored after it is sent.
    expect((await client.post('/folders', { path: 'f' }, key('k4'))).statusCode).toBe(409);
    expect(save).toHaveBeenCalledTimes(4);
    expect(save.mock.calls[3][3]).toBeUndefined();
  });

  it('replays keys stored before a restart', async () => {
    const first = await fixture.build();
    const answer = await (await notebookClient(first.app)).post('/folders', { path: 'f' }, key('before'));
    await fixture.close(first.app);
    const second = await fixture.build({ dataDir: first.services.config.dataDir });
    const replay = await (await notebookClient(second.app)).post('/folders', { path: 'f' }, key('before'));
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toBe(answer.body);
  });

  it('answers 422 when a key comes back with another body or URL, even an invalid body', async () => {
    const { app } = await fixture.build();
    const client = await notebookClient(app);
    expect((await client.folder('x')).statusCode).toBe(200);
    expect((await client.save('a.ipynb', notebookJson('1'), key('k'))).statusCode).toBe(200);
    for (const again of [
      await client.save('a.ipynb', notebookJson('2'), key('k')),
      await client.post('/folders', { path: 'a.ipynb' }, key('k')),
      await client.post('/files', { path: 42 }, key('k')),
    ]) {
      expect(again.statusCode).toBe(422);
      expect(again.json()).toEqual({ message: 'Idempotency-Key was already used for a different request' });
    }
    expect(await auditCount(client)).toBe(2);
  });

  it('scopes keys per user', async () => {
    const { app } = await fixture.build();
    const admin = await notebookClient(app, 'admin', ADMIN_PASSWORD);
    const editor = await notebookClient(app, 'editor', EDITOR_PASSWORD);
    const mine = await admin.save('a.ipynb', notebookJson(), key('shared'));
    const theirs = await editor.save('b.ipynb', notebookJson(), key('shared'));
    expect(mine.statusCode).toBe(200);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.headers).not.toHaveProperty('idempotent-replayed');
    expect(theirs.json().file.path).toBe('b.ipynb');
    expect(await admin.get('/audit').then((r) => r.json().items.map((item: { username: string }) => item.username))).toEqual(['admin', 'editor']);
  });

  it('concurrent duplicates wait for the first and apply once', async () => {
    const { app } = await fixture.build();
    const client = await notebookClient(app);
    const answers = await Promise.all(Array.from({ length: 4 }, () => client.save('race.ipynb', notebookJson(), key('race'))));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
    expect(answers.filter((answer) => answer.headers['idempotent-replayed'] === 'true')).toHaveLength(3);
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    expect(await auditCount(client)).toBe(1);

    const folders = await Promise.all([client.post('/folders', { path: 'f' }, key('f')), client.post('/folders', { path: 'f' }, key('f'))]);
    expect(folders.map((answer) => answer.statusCode)).toEqual([200, 200]);
  });

  it('works over real HTTP: racing tabs (chunked bodies, gzip answers) apply once', async () => {
    const { app } = await fixture.build();
    const client = await notebookClient(app);
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;
    const body = JSON.stringify({ path: 'http.ipynb', content: notebookJson('over the wire') });
    const send = (chunked: boolean) =>
      fetch(`http://127.0.0.1:${port}/api/notebook/files`, {
        method: 'POST',
        headers: { cookie: client.cookie, 'content-type': 'application/json', 'accept-encoding': 'gzip', ...key('wire') },
        // A stream body goes out chunked (no content-length): the hash must not depend on framing.
        body: chunked ? new Blob([body]).stream() : body,
        ...(chunked ? { duplex: 'half' } : {}),
      } as RequestInit);
    const answers = await Promise.all([send(false), send(true), send(false)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(answers.filter((answer) => answer.headers.get('idempotent-replayed') === 'true')).toHaveLength(2);
    const files = await Promise.all(answers.map((answer) => answer.json()));
    expect(new Set(files.map((file) => JSON.stringify(file))).size).toBe(1);
    expect(await auditCount(client)).toBe(1);
  });

  it('replays a stored 409 as 409 even after the conflict is gone', async () => {
    const { app } = await fixture.build();
    const client = await notebookClient(app);
    await client.folder('taken');
    const conflict = await client.post('/folders', { path: 'taken' }, key('c'));
    expect(conflict.statusCode).toBe(409);
    expect((await client.del('/delete', { path: 'taken' })).statusCode).toBe(200);
    const replay = await client.post('/folders', { path: 'taken' }, key('c'));
    expect(replay.statusCode).toBe(409);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toBe(conflict.body);
  });

  it('does not store 5xx answers: a retry runs again', async () => {
    const { app } = await fixture.build();
    const runs = countingRoute(app, '/api/notebook/flaky', (run) => {
      if (run === 1) throw new Error('disk full');
      return run === 2 ? { status: 503, body: { message: 'busy' } } : { status: 200, body: { run } };
    });
    const client = await notebookClient(app);
    expect((await client.post('/flaky', {}, key('f'))).statusCode).toBe(500);
    expect((await client.post('/flaky', {}, key('f'))).statusCode).toBe(503);
    const retry = await client.post('/flaky', {}, key('f'));
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual({ run: 3 });
    const replay = await client.post('/flaky', {}, key('f'));
    expect(replay.json()).toEqual({ run: 3 });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(runs.count).toBe(3);
  });

  it('stores the uncompressed JSON and replays it compressed or not', async () => {
    const { app, services } = await fixture.build();
    const big = { rows: Array.from({ length: 200 }, (_, index) => ({ index, text: 'some repeated text' })) };
    const runs = countingRoute(app, '/api/notebook/big', () => ({ status: 201, body: big }));
    const client = await notebookClient(app);
    const gzip = { ...key('big'), 'accept-encoding': 'gzip' };
    // From another machine: loopback clients get answers uncompressed (see compression.ts).
    const fromAfar = (headers: Record<string, string>) =>
      app.inject({ method: 'POST', url: '/api/notebook/big', payload: {}, headers: { cookie: client.cookie, ...headers }, remoteAddress: '203.0.113.7' });
    const first = await fromAfar(gzip);
    expect(first.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(first.rawPayload).toString())).toEqual(big);
    const [stored] = await services.store.all<{ status: number; body: string }>('SELECT status, body FROM idempotency_keys');
    expect(stored.status).toBe(201);
    expect(JSON.parse(stored.body)).toEqual(big);

    const compressed = await fromAfar(gzip);
    expect(compressed.statusCode).toBe(201);
    expect(JSON.parse(gunzipSync(compressed.rawPayload).toString())).toEqual(big);
    const plain = await fromAfar(key('big'));
    expect(plain.headers).not.toHaveProperty('content-encoding');
    expect(plain.json()).toEqual(big);
    expect(runs.count).toBe(1);
  });

  it('rejects malformed keys with 400 and applies nothing', async () => {
    const { app } = await fixture.build();
    const client = await notebookClient(app);
    for (const bad of ['', 'has space', 'x'.repeat(256), 'caf\u00e9', 'tab\there']) {
      const answer = await client.save('a.ipynb', notebookJson(), key(bad));
      expect(answer.statusCode, JSON.stringify(bad)).toBe(400);
      expect(answer.json().message).toMatch(/Idempotency-Key/);
    }
    expect((await client.save('a.ipynb', notebookJson(), key('x'.repeat(255)))).statusCode).toBe(200);
    expect(await auditCount(client)).toBe(1);
  });

  it('leaves reads, sign-in and requests without a key alone', async () => {
    const { app } = await fixture.build();
    const client = await notebookClient(app);
    const logins = [];
    for (let attempt = 0; attempt < 2; attempt++) {
      logins.push(await app.inject({ method: 'POST', url: '/api/v1/temp/login', payload: { username: 'admin', password: ADMIN_PASSWORD }, headers: key('login') }));
    }
    expect(logins[1].headers).not.toHaveProperty('idempotent-replayed');
    expect(logins[1].cookies[0].value).not.toBe(logins[0].cookies[0].value);
    const list = await app.inject({ method: 'GET', url: '/api/notebook/workspace', headers: { cookie: client.cookie, ...key('bad key') } });
    expect(list.statusCode).toBe(200);
    await client.save('a.ipynb');
    await client.save('a.ipynb');
    expect(await auditCount(client)).toBe(2);
  });

  it('keeps keys 24 h and purges them after 48 h, periodically and on start', async () => {
    const clock = manualClock();
    const built = await fixture.build({}, { clock: clock.now });
    let client = await notebookClient(built.app);
    await client.save('a.ipynb', notebookJson(), key('old'));

    clock.advance(IDEMPOTENCY_TTL_MS - HOUR);
    await built.services.idempotency.purgeExpired();
    client = await notebookClient(built.app);
    expect((await client.save('a.ipynb', notebookJson(), key('old'))).headers['idempotent-replayed']).toBe('true');

    clock.advance(2 * HOUR);
    await built.services.idempotency.purgeExpired();
    client = await notebookClient(built.app);
    expect((await client.save('a.ipynb', notebookJson(), key('old'))).headers).not.toHaveProperty('idempotent-replayed');

    // Stored again now; a restart after another 48 h purges it on start.
    clock.advance(IDEMPOTENCY_TTL_MS + HOUR);
    await fixture.close(built.app);
    const restarted = await fixture.build({ dataDir: built.services.config.dataDir }, { clock: clock.now });
    const rows = await restarted.services.store.all<{ key: string }>('SELECT key FROM idempotency_keys');
    expect(rows).toEqual([]);
  });
});
