import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { freshDbs } from '../db/testDb';
import type { ConsoleDb, OutboxRow } from '../db/schema';
import type { RecordOutcome } from './outcomes';
import { errorMessage, replayPass, verdictFor } from './replay';
import { fakeNetwork, json, outboxRow, type Answer, type SeenRequest } from './testing/fakeNetwork';

const freshDb = freshDbs('sw-replay');

async function queue(db: ConsoleDb, count: number, fields = (n: number): Partial<OutboxRow> => ({ changeId: `change-${n}` })) {
  await db.outbox.bulkAdd(Array.from({ length: count }, (_, i) => outboxRow(i + 1, fields(i + 1))));
}

function setup(answer?: (seen: SeenRequest, index: number) => Answer | Promise<Answer>) {
  const db = freshDb();
  const network = fakeNetwork(answer);
  const record = vi.fn<RecordOutcome>(async () => {});
  return { db, network, record, pass: () => replayPass({ db, fetch: network.fetch, record }) };
}

/** Answers by the n in the request's "folder-n" body; 200 for the others. */
const answerFor = (answers: Record<number, Answer>) => (seen: SeenRequest) => {
  const n = Number((JSON.parse(seen.body) as { path: string }).path.replace('folder-', ''));
  return answers[n] ?? json(200, {});
};

describe('verdictFor', () => {
  const cases: [number, string][] = [
    [200, 'applied'], [201, 'applied'], [204, 'applied'],
    [400, 'failed'], [403, 'failed'], [404, 'failed'], [409, 'failed'], [412, 'failed'], [422, 'failed'],
    [401, 'unauthorized'],
    [408, 'server'], [429, 'server'], [500, 'server'], [502, 'server'], [503, 'server'], [304, 'server'],
  ];
  it.each(cases)('%i → %s', (status, verdict) => expect(verdictFor(status)).toBe(verdict));
});

describe('replayPass', () => {
  it('sends the queued saves in seq order, exactly as stored, and removes them', async () => {
    const { db, network, record, pass } = setup();
    await queue(db, 3);
    await db.outbox.update(2, { headers: { ...outboxRow(2).headers, 'if-match': 'v7' } });

    expect(await pass()).toEqual({ applied: 3, failed: 0, remaining: 0 });
    expect(network.seen.map((s) => [s.method, s.path, s.key, s.body])).toEqual([1, 2, 3].map((n) => ['POST', '/api/notebook/folders', `key-${n}`, `{"path":"folder-${n}"}`]));
    expect(network.seen[1].headers['if-match']).toBe('v7');
    expect(await db.outbox.count()).toBe(0);
    expect(record.mock.calls).toEqual([1, 2, 3].map((n) => [`change-${n}`, { kind: 'applied' }]));
  });

  it('stops at a network error and keeps that save and everything after it', async () => {
    const { db, network, record, pass } = setup(answerFor({ 2: 'offline' }));
    await queue(db, 4);
    expect(await pass()).toEqual({ applied: 1, failed: 0, remaining: 3, stopped: 'network' });
    expect(network.seen).toHaveLength(2);
    expect((await db.outbox.toArray()).map((r) => [r.key, r.state, r.attempts])).toEqual([
      ['key-2', 'queued', 0], ['key-3', 'queued', 0], ['key-4', 'queued', 0],
    ]);
    expect(record).toHaveBeenCalledTimes(1);
  });

  it('marks a 409 failed with the server message, records it, and goes on', async () => {
    const { db, record, pass } = setup(answerFor({ 2: json(409, { message: 'b.ipynb changed on the server' }, 'Conflict') }));
    await queue(db, 3);
    expect(await pass()).toEqual({ applied: 2, failed: 1, remaining: 0 });
    expect(await db.outbox.toArray()).toMatchObject([{ seq: 2, key: 'key-2', state: 'failed', status: 409, error: 'b.ipynb changed on the server' }]);
    expect(record).toHaveBeenCalledWith('change-2', { kind: 'failed', status: 409, message: 'b.ipynb changed on the server', attempt: 0 });
  });

  it('keeps failed saves out of later passes and lets newer ones through', async () => {
    const { db, network, pass } = setup();
    await queue(db, 3);
    await db.outbox.update(1, { state: 'failed', status: 403, error: 'Forbidden' });
    expect(await pass()).toEqual({ applied: 2, failed: 0, remaining: 0 });
    expect(network.seen.map((s) => s.key)).toEqual(['key-2', 'key-3']);
    expect(await db.outbox.count()).toBe(1);
  });

  it('stops at a 401 and keeps everything queued for after the sign-in', async () => {
    const { db, network, record, pass } = setup(() => json(401, { message: 'Not authenticated' }));
    await queue(db, 3);
    expect(await pass()).toEqual({ applied: 0, failed: 0, remaining: 3, stopped: 'unauthorized' });
    expect(network.seen).toHaveLength(1);
    expect((await db.outbox.toArray()).every((r) => r.state === 'queued' && r.attempts === 0)).toBe(true);
    expect(record).not.toHaveBeenCalled();
  });

  it.each([500, 503, 429, 408])('counts an attempt at a %i and stops, to try again later', async (status) => {
    const { db, network, pass } = setup(() => json(status, {}));
    await queue(db, 2);
    expect(await pass()).toEqual({ applied: 0, failed: 0, remaining: 2, stopped: 'server' });
    expect(network.seen).toHaveLength(1);
    expect((await db.outbox.toArray()).map((r) => [r.state, r.attempts])).toEqual([['queued', 1], ['queued', 0]]);
  });

  it('takes saves queued while the pass runs', async () => {
    const db = freshDb();
    const network = fakeNetwork(async (_seen, index) => {
      if (index === 0) await db.outbox.add(outboxRow(9));
      return json(200, {});
    });
    await queue(db, 1);
    expect(await replayPass({ db, fetch: network.fetch, record: async () => {} })).toEqual({ applied: 2, failed: 0, remaining: 0 });
    expect(network.seen.map((s) => s.key)).toEqual(['key-1', 'key-9']);
  });

  it('replays 1,000 queued saves with none lost and none twice', async () => {
    const { db, network, pass } = setup();
    await queue(db, 1000, () => ({}));
    expect(await pass()).toEqual({ applied: 1000, failed: 0, remaining: 0 });
    const keys = network.seen.map((s) => s.key);
    expect(new Set(keys).size).toBe(1000);
    expect(keys).toEqual(Array.from({ length: 1000 }, (_, i) => `key-${i + 1}`));
    expect(await db.outbox.count()).toBe(0);
  });
});

describe('errorMessage', () => {
  it('takes the JSON message, then Superset errors, then the status text', async () => {
    expect(await errorMessage(json(409, { message: 'changed' }, 'Conflict'))).toBe('changed');
    expect(await errorMessage(json(422, { errors: [{ message: 'bad sql' }] }, 'Unprocessable'))).toBe('bad sql');
    expect(await errorMessage(new Response('<html>', { status: 403, statusText: 'Forbidden' }))).toBe('Forbidden');
    expect(await errorMessage(new Response(null, { status: 404 }))).toBe('HTTP 404');
  });
});
