import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { freshDbs } from '../db/testDb';
import { handleSave, type SaveHandlerDeps } from './outbox';
import type { RecordOutcome } from './outcomes';
import { fakeNetwork, json, outboxRow, saveRequest } from './testing/fakeNetwork';

const freshDb = freshDbs('sw-outbox');

function setup(answer?: Parameters<typeof fakeNetwork>[0]) {
  const db = freshDb();
  const network = fakeNetwork(answer);
  const record = vi.fn<RecordOutcome>(async () => {});
  const onQueued = vi.fn<(behindBacklog: boolean) => void>();
  const deps: SaveHandlerDeps = { db, fetch: network.fetch, record, onQueued, now: () => 1000, newKey: () => 'generated-key' };
  return { db, network, record, onQueued, deps };
}

const rename = (headers: Record<string, string> = {}) =>
  saveRequest('/api/notebook/rename', { headers, body: { oldPath: 'a.ipynb', newPath: 'b.ipynb' } });

describe('handleSave online', () => {
  it.each([200, 201, 400, 403, 409, 500, 503])('passes a %i answer back untouched', async (status) => {
    const answer = json(status, { message: `answer ${status}` }, 'Status');
    const { db, network, deps, onQueued } = setup(() => answer);
    const response = await handleSave(rename({ 'Idempotency-Key': 'k1' }), deps);
    expect(response).toBe(answer);
    expect(network.seen).toMatchObject([{ method: 'POST', path: '/api/notebook/rename', key: 'k1' }]);
    expect(JSON.parse(network.seen[0].body)).toEqual({ oldPath: 'a.ipynb', newPath: 'b.ipynb' });
    expect(await db.outbox.count()).toBe(0);
    expect(onQueued).not.toHaveBeenCalled();
  });
});

describe('handleSave offline', () => {
  it('queues the save and answers 202 with X-Queued', async () => {
    const { db, deps, record, onQueued } = setup(() => 'offline');
    const request = rename({ 'Idempotency-Key': 'k1', 'X-Console-Label': encodeURIComponent('Rename a.ipynb to b — ü.ipynb'), 'X-Console-Change': 'change-1', 'If-Match': 'v3' });
    const response = await handleSave(request, deps);

    expect(response.status).toBe(202);
    expect(response.headers.get('X-Queued')).toBe('1');
    expect(response.headers.get('Content-Type')).toBe('application/json');
    expect(await response.json()).toEqual({ queued: true, key: 'k1' });
    expect(await db.outbox.toArray()).toEqual([
      {
        seq: 1,
        key: 'k1',
        method: 'POST',
        url: 'http://console.test/api/notebook/rename',
        headers: {
          'content-type': 'application/json',
          'idempotency-key': 'k1',
          'if-match': 'v3',
          'x-console-change': 'change-1',
          'x-console-label': encodeURIComponent('Rename a.ipynb to b — ü.ipynb'),
        },
        body: JSON.stringify({ oldPath: 'a.ipynb', newPath: 'b.ipynb' }),
        label: 'Rename a.ipynb to b — ü.ipynb',
        changeId: 'change-1',
        createdAt: 1000,
        attempts: 0,
        state: 'queued',
      },
    ]);
    expect(record).toHaveBeenCalledWith('change-1', { kind: 'queued' });
    expect(onQueued).toHaveBeenCalledWith(false);
  });

  it('adds an Idempotency-Key when the page sent none, and names the save by method and path', async () => {
    const { db, deps, record } = setup(() => 'offline');
    const response = await handleSave(saveRequest('/api/bi/v1/saved_query/7', { method: 'PUT', body: { label: 'q' } }), deps);
    expect(await response.json()).toEqual({ queued: true, key: 'generated-key' });
    const [row] = await db.outbox.toArray();
    expect(row).toMatchObject({ key: 'generated-key', label: 'PUT /api/bi/v1/saved_query/7', method: 'PUT' });
    expect(row.headers['idempotency-key']).toBe('generated-key');
    expect(row.changeId).toBeUndefined();
    expect(record).not.toHaveBeenCalled();
  });

  it('never stores credentials', async () => {
    const { db, deps } = setup(() => 'offline');
    await handleSave(rename({ Authorization: 'Bearer secret', 'Idempotency-Key': 'k1' }), deps);
    expect(JSON.stringify(await db.outbox.toArray())).not.toContain('secret');
  });

  it('stores a key once, however often the page sends it', async () => {
    const { db, deps } = setup(() => 'offline');
    await handleSave(rename({ 'Idempotency-Key': 'k1' }), deps);
    const again = await handleSave(rename({ 'Idempotency-Key': 'k1' }), deps);
    expect(await again.json()).toEqual({ queued: true, key: 'k1' });
    expect(await db.outbox.count()).toBe(1);
  });
});

describe('handleSave behind older queued saves', () => {
  it('queues without calling the network, so order holds across tabs', async () => {
    const { db, network, deps, onQueued } = setup();
    await db.outbox.add(outboxRow(1));
    const response = await handleSave(rename({ 'Idempotency-Key': 'k2' }), deps);
    expect(response.status).toBe(202);
    expect(network.seen).toEqual([]);
    expect((await db.outbox.orderBy('seq').toArray()).map((r) => r.key)).toEqual(['key-1', 'k2']);
    expect(onQueued).toHaveBeenCalledWith(true);
  });

  it('goes to the network when only failed saves wait (they wait for the user, not the queue)', async () => {
    const { db, network, deps } = setup();
    await db.outbox.add(outboxRow(1, { state: 'failed', status: 409 }));
    const response = await handleSave(rename({ 'Idempotency-Key': 'k2' }), deps);
    expect(response.status).toBe(200);
    expect(network.seen).toHaveLength(1);
  });
});
