import { describe, expect, it } from 'vitest';
import type { AuditPage } from '../../contracts/workspace';
import { useFixture } from '../testing/harness';
import { notebookClient, notebookJson, type NotebookClient } from '../testing/notebooks';

const fixture = useFixture();


async function audit(client: NotebookClient, query = ''): Promise<AuditPage> {
  return (await client.get(`/audit${query}`)).json();
}

/** A queue of saves as the service worker would replay it, each with its own key. */
function queuedWrites(client: NotebookClient) {
  return [
    () => client.post('/folders', { path: 'q' }, { 'idempotency-key': 'w1' }),
    () => client.save('q/a.ipynb', notebookJson('1'), { 'idempotency-key': 'w2' }),
    () => client.save('q/a.ipynb', notebookJson('2'), { 'idempotency-key': 'w3' }),
    () => client.post('/rename', { oldPath: 'q/a.ipynb', newPath: 'q/b.ipynb' }, { 'idempotency-key': 'w4' }),
    () => client.post('/favorite', { path: 'q/b.ipynb', isFavorite: true }, { 'idempotency-key': 'w5' }),
    () => client.del('/delete', { path: 'q/b.ipynb' }, { 'idempotency-key': 'w6' }),
    () => client.post('/restore', { path: 'q/b.ipynb' }, { 'idempotency-key': 'w7' }),
  ];
}

describe('GET /audit', () => {
  it('lists applied writes once, in the order they were applied; replays add nothing', async () => {
    const { app } = await fixture.build();
    const client = await notebookClient(app);
    const writes = queuedWrites(client);
    for (const write of writes) expect((await write()).statusCode).toBe(200);
    // The whole queue replayed again (say the answers were lost): nothing applies twice.
    for (const write of writes) expect((await write()).headers['idempotent-replayed']).toBe('true');

    const { items, count } = await audit(client);
    expect(count).toBe(7);
    expect(items.map((item) => [item.key, item.method, item.route, item.path])).toEqual([
      ['w1', 'POST', '/api/notebook/folders', 'q'],
      ['w2', 'POST', '/api/notebook/files', 'q/a.ipynb'],
      ['w3', 'POST', '/api/notebook/files', 'q/a.ipynb'],
      ['w4', 'POST', '/api/notebook/rename', 'q/b.ipynb'],
      ['w5', 'POST', '/api/notebook/favorite', 'q/b.ipynb'],
      ['w6', 'DELETE', '/api/notebook/delete', 'q/b.ipynb'],
      ['w7', 'POST', '/api/notebook/restore', 'q/b.ipynb'],
    ]);
    expect(items.map((item) => item.seq)).toEqual([...items.map((item) => item.seq)].sort((a, b) => a - b));
    expect(items[0]).toEqual({ seq: items[0].seq, key: 'w1', method: 'POST', route: '/api/notebook/folders', path: 'q', status: 200, username: 'admin', at: expect.any(String) });
  });

  it('records concurrent writes once each and failed writes not at all', async () => {
    const { app } = await fixture.build();
    const client = await notebookClient(app);
    const saves = Array.from({ length: 12 }, (_, index) => client.save(`n${index}.ipynb`, notebookJson(String(index)), { 'idempotency-key': `c${index}` }));
    const duplicates = Array.from({ length: 12 }, (_, index) => client.save(`n${index}.ipynb`, notebookJson(String(index)), { 'idempotency-key': `c${index}` }));
    await Promise.all([...saves, ...duplicates]);
    expect((await client.folder('missing/child')).statusCode).toBe(404);
    expect((await client.save('n0.ipynb', notebookJson(), { 'if-none-match': '*' })).statusCode).toBe(409);
    const { items, count } = await audit(client);
    expect(count).toBe(12);
    expect(items.map((item) => item.key).sort()).toEqual(Array.from({ length: 12 }, (_, index) => `c${index}`).sort());
  });

  it('pages with limit and offset and validates them', async () => {
    const { app } = await fixture.build();
    const client = await notebookClient(app);
    for (const name of ['a', 'b', 'c', 'd']) await client.folder(name);
    const page = await audit(client, '?limit=2&offset=1');
    expect(page.count).toBe(4);
    expect(page.items.map((item) => item.path)).toEqual(['b', 'c']);
    for (const query of ['?limit=0', '?limit=abc', '?offset=-1', '?limit=10001']) {
      expect((await client.get(`/audit${query}`)).statusCode, query).toBe(400);
    }
  });
});
