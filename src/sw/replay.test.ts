import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { freshDbs } from '../db/testDb';
import type { ConsoleDb, OutboxRow } from '../db/schema';
import { createOutcomeRecorder, createOutcomesRecorder, type RecordOutcome, type RecordOutcomes } from './outcomes';
import { BATCH_SIZE, errorMessage, replayPass, verdictFor } from './replay';
import { fakeNetwork, json, ORIGIN, outboxRow, type Answer, type SeenRequest } from './testing/fakeNetwork';

const freshDb = freshDbs('sw-replay');

async function queue(db: ConsoleDb, count: number, fields = (n: number): Partial<OutboxRow> => ({ changeId: `change-${n}` })) {
  await db.outbox.bulkAdd(Array.from({ length: count }, (_, i) => outboxRow(i + 1, fields(i + 1))));
}

/** one-by-one: no origin (batching off); no-route: /api/batch answers 404; batched: the batch route. */
type Mode = 'one-by-one' | 'no-route' | 'batched';

function setup(answer?: (seen: SeenRequest, index: number) => Answer | Promise<Answer>, mode: Mode = 'batched') {
  const db = freshDb();
  const network = fakeNetwork(answer, { batch: mode === 'no-route' ? 'missing' : 'route' });
  const record = vi.fn<RecordOutcome>(async () => {});
  const recordAll = vi.fn<RecordOutcomes>(async () => {});
  /** Every outcome recorded, one at a time or in batches, in order. */
  const recorded = () => [
    ...record.mock.calls.map(([changeId, outcome]) => ({ changeId, outcome })),
    ...recordAll.mock.calls.flatMap(([outcomes]) => outcomes),
  ];
  const deps = mode === 'one-by-one' ? { db, fetch: network.fetch, record } : { db, fetch: network.fetch, record, recordAll, origin: ORIGIN };
  return { db, network, record, recordAll, recorded, pass: () => replayPass(deps) };
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

describe.each<Mode>(['one-by-one', 'no-route', 'batched'])('replayPass (%s)', (mode) => {
  it('sends the queued saves in seq order, exactly as stored, and removes them', async () => {
    const { db, network, recorded, pass } = setup(undefined, mode);
    await queue(db, 3);
    await db.outbox.update(2, { headers: { ...outboxRow(2).headers, 'if-match': 'v7' } });

    expect(await pass()).toEqual({ applied: 3, failed: 0, remaining: 0 });
    expect(network.seen.map((s) => [s.method, s.path, s.key, s.body])).toEqual([1, 2, 3].map((n) => ['POST', '/api/notebook/folders', `key-${n}`, `{"path":"folder-${n}"}`]));
    expect(network.seen[1].headers['if-match']).toBe('v7');
    expect(await db.outbox.count()).toBe(0);
    expect(recorded()).toEqual([1, 2, 3].map((n) => ({ changeId: `change-${n}`, outcome: { kind: 'applied' } })));
  });

  it('stops at a network error and keeps that save and everything after it', async () => {
    const { db, network, recorded, pass } = setup(answerFor({ 2: 'offline' }), mode);
    await queue(db, 4);
    // A batch's answer is lost as a whole: all of it stays queued (the keys make sending it again safe).
    const applied = mode === 'batched' ? 0 : 1;
    expect(await pass()).toEqual({ applied, failed: 0, remaining: 4 - applied, stopped: 'network' });
    expect(network.seen).toHaveLength(2);
    expect((await db.outbox.toArray()).map((r) => [r.key, r.state, r.attempts])).toEqual(
      [1, 2, 3, 4].slice(applied).map((n) => [`key-${n}`, 'queued', 0]),
    );
    expect(recorded()).toHaveLength(applied);
  });

  it('marks a 409 failed with the server message, records it, and goes on', async () => {
    const { db, recorded, pass } = setup(answerFor({ 2: json(409, { message: 'b.ipynb changed on the server' }, 'Conflict') }), mode);
    await queue(db, 3);
    expect(await pass()).toEqual({ applied: 2, failed: 1, remaining: 0 });
    expect(await db.outbox.toArray()).toMatchObject([{ seq: 2, key: 'key-2', state: 'failed', status: 409, error: 'b.ipynb changed on the server' }]);
    expect(recorded()).toContainEqual({ changeId: 'change-2', outcome: { kind: 'failed', status: 409, message: 'b.ipynb changed on the server', attempt: 0 } });
  });

  it('keeps failed saves out of later passes and lets newer ones through', async () => {
    const { db, network, pass } = setup(undefined, mode);
    await queue(db, 3);
    await db.outbox.update(1, { state: 'failed', status: 403, error: 'Forbidden' });
    expect(await pass()).toEqual({ applied: 2, failed: 0, remaining: 0 });
    expect(network.seen.map((s) => s.key)).toEqual(['key-2', 'key-3']);
    expect(await db.outbox.count()).toBe(1);
  });

  it('stops at a 401 and keeps everything queued for after the sign-in', async () => {
    const { db, network, recorded, pass } = setup(() => json(401, { message: 'Not authenticated' }), mode);
    await queue(db, 3);
    expect(await pass()).toEqual({ applied: 0, failed: 0, remaining: 3, stopped: 'unauthorized' });
    expect(network.seen).toHaveLength(1);
    expect((await db.outbox.toArray()).every((r) => r.state === 'queued' && r.attempts === 0)).toBe(true);
    expect(recorded()).toEqual([]);
  });

  it.each([500, 503, 429, 408])('counts an attempt at a %i and stops, to try again later', async (status) => {
    const { db, network, pass } = setup(() => json(status, {}), mode);
    await queue(db, 2);
    expect(await pass()).toEqual({ applied: 0, failed: 0, remaining: 2, stopped: 'server' });
    expect(network.seen).toHaveLength(1);
    expect((await db.outbox.toArray()).map((r) => [r.state, r.attempts])).toEqual([['queued', 1], ['queued', 0]]);
  });

  it('takes saves queued while the pass runs', async () => {
    const { db, network, pass } = setup(async (_seen, index) => {
      if (index === 0) await db.outbox.add(outboxRow(9));
      return json(200, {});
    }, mode);
    await queue(db, 1);
    expect(await pass()).toEqual({ applied: 2, failed: 0, remaining: 0 });
    expect(network.seen.map((s) => s.key)).toEqual(['key-1', 'key-9']);
  });

  it('replays 1,000 queued saves with none lost and none twice', async () => {
    const { db, network, pass } = setup(undefined, mode);
    await queue(db, 1000, () => ({}));
    expect(await pass()).toEqual({ applied: 1000, failed: 0, remaining: 0 });
    const keys = network.seen.map((s) => s.key);
    expect(new Set(keys).size).toBe(1000);
    expect(keys).toEqual(Array.from({ length: 1000 }, (_, i) => `key-${i + 1}`));
    expect(await db.outbox.count()).toBe(0);
    if (mode !== 'one-by-one') expect(network.batches.map((b) => b.size)).toEqual(mode === 'batched' ? Array(1000 / BATCH_SIZE).fill(BATCH_SIZE) : [BATCH_SIZE]);
  });
});

describe('replayPass in batches', () => {
  it('books a batch of mixed answers (200, 409, 200) in one transaction', async () => {
    const { db, network, record, recordAll, pass } = setup(answerFor({ 2: json(409, { message: 'changed on the server' }) }));
    await queue(db, 3);
    const transactions = vi.spyOn(db, 'transaction');
    expect(await pass()).toEqual({ applied: 2, failed: 1, remaining: 0 });
    expect(network.batches).toEqual([{ size: 3, answered: 3 }]);
    expect(transactions).toHaveBeenCalledTimes(1);
    expect(record).not.toHaveBeenCalled();
    expect(recordAll.mock.calls).toEqual([[[
      { changeId: 'change-1', outcome: { kind: 'applied' } },
      { changeId: 'change-2', outcome: { kind: 'failed', status: 409, message: 'changed on the server', attempt: 0 } },
      { changeId: 'change-3', outcome: { kind: 'applied' } },
    ]]]);
    expect(await db.outbox.toArray()).toMatchObject([{ seq: 2, state: 'failed', status: 409, error: 'changed on the server' }]);
  });

  it('stops at a 5xx in the middle and keeps it and the rest queued', async () => {
    const { db, network, recorded, pass } = setup(answerFor({ 2: json(503, {}) }));
    await queue(db, 4);
    expect(await pass()).toEqual({ applied: 1, failed: 0, remaining: 3, stopped: 'server' });
    expect(network.batches).toEqual([{ size: 4, answered: 2 }]);
    expect((await db.outbox.toArray()).map((r) => [r.key, r.state, r.attempts])).toEqual([
      ['key-2', 'queued', 1], ['key-3', 'queued', 0], ['key-4', 'queued', 0],
    ]);
    expect(recorded()).toEqual([{ changeId: 'change-1', outcome: { kind: 'applied' } }]);
  });

  it('keeps everything queued when the batch request itself fails', async () => {
    const db = freshDb();
    const fetch = vi.fn(async (_request: Request): Promise<Response> => {
      throw new TypeError('Failed to fetch');
    });
    await queue(db, 3);
    expect(await replayPass({ db, fetch, record: async () => {}, recordAll: async () => {}, origin: ORIGIN })).toEqual({ applied: 0, failed: 0, remaining: 3, stopped: 'network' });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(new URL(fetch.mock.calls[0][0].url).pathname).toBe('/api/batch');
    expect((await db.outbox.toArray()).every((r) => r.state === 'queued' && r.attempts === 0)).toBe(true);
  });

  it('falls back to one request per save when the server has no /api/batch (404)', async () => {
    const { db, network, pass } = setup(undefined, 'no-route');
    await queue(db, 3);
    expect(await pass()).toEqual({ applied: 3, failed: 0, remaining: 0 });
    expect(network.batches).toEqual([{ size: 3, answered: 0 }]);
    expect(network.seen.map((s) => s.key)).toEqual(['key-1', 'key-2', 'key-3']);
  });

  it('sends saves of other origins or outside /api/ on their own, in order', async () => {
    const { db, network, pass } = setup();
    await queue(db, 4);
    await db.outbox.update(3, { url: 'http://elsewhere.test/api/notebook/folders' });
    expect(await pass()).toEqual({ applied: 4, failed: 0, remaining: 0 });
    expect(network.batches.map((b) => b.size)).toEqual([2, 1]);
    expect(network.seen.map((s) => s.key)).toEqual(['key-1', 'key-2', 'key-3', 'key-4']);
  });

  it('a worker killed before the bookkeeping sends the batch again; the server answers the first answer', async () => {
    const applied = new Map<string, number>();
    const { db, network, pass } = setup((seen) => {
      const key = seen.key as string;
      const replayed = applied.has(key);
      applied.set(key, (applied.get(key) ?? 0) + 1);
      return new Response('{}', { status: 200, headers: replayed ? { 'idempotent-replayed': 'true' } : {} });
    });
    await queue(db, 3);
    const transaction = vi.spyOn(db, 'transaction');
    const killed = () => {
      throw new Error('killed');
    };
    transaction.mockImplementationOnce(killed).mockImplementationOnce(killed);
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    await expect(pass()).rejects.toThrow('killed');
    expect(await db.outbox.count()).toBe(3);
    transaction.mockRestore();
    expect(await pass()).toEqual({ applied: 3, failed: 0, remaining: 0 });
    expect(network.batches.map((b) => b.size)).toEqual([3, 3]);
    expect([...applied.values()]).toEqual([2, 2, 2]); // sent twice, answered from the store the second time
  });

  it('still books the rows when recording the outcomes fails', async () => {
    const { db, recordAll, pass } = setup(answerFor({ 2: json(409, { message: 'no' }) }));
    recordAll.mockRejectedValue(new Error('log broken'));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await queue(db, 3);
    expect(await pass()).toEqual({ applied: 2, failed: 1, remaining: 0 });
    expect(await db.outbox.toArray()).toMatchObject([{ seq: 2, state: 'failed' }]);
    expect(warn).toHaveBeenCalled();
  });
});

describe('replayPass with the worker\'s recorders', () => {
  it('records a batch\'s outcomes in the event log once, however often the batch is booked', async () => {
    const db = freshDb();
    const network = fakeNetwork(answerFor({ 2: json(409, { message: 'changed' }) }));
    const deps = { db, fetch: network.fetch, record: createOutcomeRecorder(db), recordAll: createOutcomesRecorder(db), origin: ORIGIN };
    await queue(db, 3);
    expect(await replayPass(deps)).toEqual({ applied: 2, failed: 1, remaining: 0 });
    const ids = (await db.events.toArray()).map((event) => event.id);
    expect(ids).toEqual(['change-1:applied', 'change-2:failed:409:0', 'change-3:applied']);
    // The same saves queued again (say the bookkeeping was lost): nothing is recorded twice.
    await db.outbox.clear();
    await queue(db, 3);
    await replayPass(deps);
    expect((await db.events.toArray()).map((event) => event.id)).toEqual(ids);
    expect(await db.uiState.count()).toBe(1); // the worker's clientId, made inside the bookkeeping transaction
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
