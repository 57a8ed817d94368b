import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { append } from '../../db/append';
import { WORKSPACE_AGGREGATE, type ConsoleEvent } from '../../model/events';
import { newEvent, type Identity } from '../../db/identity';
import type { ConsoleDb } from '../../db/schema';
import { freshDbs } from '../../db/testing/db';
import { networkError } from '../api/testing/httpErrors';
import type { SaveAnswer, SaveRequest, SavesApi } from '../api/saves.api';
import { createFakeLockManager } from '../testing/fakeLockManager';
import { answerMessage, createSender, roundKey, UNSENDABLE_MESSAGE, type Sender, type SaveRoute } from './sender';

const freshDb = freshDbs('sender');
const me: Identity = { clientId: 'client', tabId: 'tab' };

/**
 * A route that saves folders as `POST /folders {path}`; a path starting with "wait" waits, "never" is
 * refused here, "after-<path>" waits until the save of <path> is applied.
 */
const folders = (applied: string[] = []): SaveRoute => ({
  types: ['WorkspaceFolderCreated'],
  request(change, round) {
    const { path } = change.payload as { path: string };
    if (path.startsWith('wait')) return { wait: true };
    if (path.startsWith('never')) return { refuse: 'Not here.' };
    if (path.startsWith('after-') && !applied.includes(path.slice('after-'.length))) return { wait: true };
    return { method: 'POST', url: '/api/notebook/folders', headers: { 'Idempotency-Key': round.key, 'X-Label': round.label }, body: { path, overwrite: round.overwrite } };
  },
  answer: (_change, body) => ({ echoed: (body as { path?: string } | null)?.path }),
  async apply(change) {
    applied.push((change.payload as { path: string }).path);
  },
});

/** The server: answers each request with `answer(request)` (after `delayMs`); 'offline' rejects the whole send as the network would. */
function fakeServer(answer: (request: SaveRequest) => SaveAnswer | 'offline' = (r) => ({ status: 201, body: r.body }), delayMs = 0) {
  const sent: SaveRequest[][] = [];
  const api: SavesApi = {
    send: vi.fn(async (requests: readonly SaveRequest[]) => {
      sent.push([...requests]);
      if (delayMs > 0) await new Promise((done) => setTimeout(done, delayMs));
      const answers: SaveAnswer[] = [];
      for (const request of requests) {
        const a = answer(request);
        if (a === 'offline') throw networkError();
        answers.push(a);
        if (a.status >= 500 || a.status === 401) break;
      }
      return answers;
    }),
  };
  return { api, sent, paths: () => sent.flat().map((r) => (r.body as { path: string }).path) };
}

const senders: Sender[] = [];
afterEach(() => senders.splice(0).forEach((sender) => sender.stop()));

function setup(options: { db?: ConsoleDb; server?: ReturnType<typeof fakeServer>; up?: () => Promise<boolean>; locks?: ReturnType<typeof createFakeLockManager> } = {}) {
  const db = options.db ?? freshDb();
  const server = options.server ?? fakeServer();
  const applied: string[] = [];
  const timers: (() => void)[] = [];
  const sender = createSender({
    db,
    identity: me,
    api: server.api,
    routes: [folders(applied)],
    locks: options.locks,
    isServerUp: options.up ?? (async () => true),
    probe: { setTimer: (run) => timers.push(run), clearTimer: () => {} },
  });
  senders.push(sender);
  const change = async (path: string): Promise<ConsoleEvent> =>
    (await append(db, [newEvent(me, { type: 'WorkspaceFolderCreated', aggregateId: WORKSPACE_AGGREGATE, payload: { path } })]))[0];
  const fireProbe = () => timers.splice(0).forEach((run) => run());
  return { db, server, sender, applied, change, fireProbe };
}

describe('the sender', () => {
  it('sends a change under its event id as the key and records the outcome with what the answer adds', async () => {
    const { db, server, sender, change, applied } = setup();
    const folder = await change('reports');
    expect(await sender.settled(folder.id)).toEqual({ kind: 'applied' });
    expect(server.sent).toEqual([[{ method: 'POST', url: '/api/notebook/folders', headers: { 'Idempotency-Key': folder.id, 'X-Label': 'Create folder reports' }, body: { path: 'reports', overwrite: false } }]]);
    expect(await db.saves.get(folder.id)).toMatchObject({ state: 'applied' });
    expect(await db.events.get({ id: `${folder.id}:applied` })).toMatchObject({ type: 'SaveApplied', aggregateId: WORKSPACE_AGGREGATE, payload: { changeId: folder.id, answer: { echoed: 'reports' } } });
    expect(applied).toEqual(['reports']);
  });

  it('sends what waits in seq order, as one batch, and each once', async () => {
    const { server, sender, change } = setup();
    const made = [await change('a'), await change('b'), await change('c')];
    sender.wake();
    await sender.settled(made[2].id);
    expect(server.sent.map((batch) => batch.map((r) => (r.body as { path: string }).path))).toEqual([['a', 'b', 'c']]);
    sender.wake();
    await sender.settled(made[0].id);
    expect(server.paths()).toEqual(['a', 'b', 'c']);
  });

  it('more than a batch: each goes once, in order; one waiting for an answer still being recorded goes once it is, not refused', async () => {
    // A slow server: the next batch is planned while this one is on its way, before its answers.
    const { db, server, sender, change } = setup({ server: fakeServer(undefined, 50) });
    const made = [];
    for (let i = 0; i < 120; i++) made.push(await change(`p${i}`));
    const after = await change('after-p119');
    expect(await sender.settled(after.id)).toEqual({ kind: 'applied' });
    expect(server.paths()).toEqual([...made.map((_, i) => `p${i}`), 'after-p119']);
    expect(server.sent.length).toBeGreaterThan(2);
    expect((await db.saves.bulkGet([...made, after].map((e) => e.id))).every((row) => row?.state === 'applied')).toBe(true);
  });

  it('a refusal is recorded with the server’s words and the others go on', async () => {
    const { db, sender, change } = setup({ server: fakeServer((r) => ((r.body as { path: string }).path === 'b' ? { status: 409, body: { message: 'Already there' } } : { status: 201, body: {} })) });
    const [a, b, c] = [await change('a'), await change('b'), await change('c')];
    expect(await sender.settled(b.id)).toEqual({ kind: 'failed', status: 409, message: 'Already there' });
    expect((await db.saves.bulkGet([a.id, b.id, c.id])).map((row) => row?.state)).toEqual(['applied', 'failed', 'applied']);
  });

  it('a save over the server limit (413) is refused with its size and what to do, not the server’s bare words', async () => {
    const tooLarge = { status: 413, body: { statusCode: 413, error: 'Payload Too Large', message: 'Request body is too large' } };
    const { db, sender, change } = setup({ server: fakeServer((r) => ((r.body as { path: string }).path.startsWith('big') ? tooLarge : { status: 201, body: {} })) });
    const [big, small] = [await change(`big-${'x'.repeat(3 * 2 ** 20)}`), await change('small')];
    const verdict = await sender.settled(big.id);
    expect(verdict).toMatchObject({ kind: 'failed', status: 413 });
    expect(verdict.kind === 'failed' && verdict.message).toMatch(/^Too large to save \(3\.0 MB, over the server's limit\)\. Make it smaller \(clear large outputs, or split the notebook\)/);
    expect((await db.saves.bulkGet([big.id, small.id])).map((row) => row?.state)).toEqual(['failed', 'applied']);
  });

  it('offline: nothing is recorded, the saves wait, and the probe sends them once the server answers', async () => {
    let online = false;
    const server = fakeServer((r) => (online ? { status: 201, body: r.body } : 'offline'));
    let up = false;
    const { db, sender, change, fireProbe } = setup({ server, up: async () => up });
    const a = await change('a');
    expect(await sender.settled(a.id)).toEqual({ kind: 'waiting' });
    expect(await db.saves.get(a.id)).toMatchObject({ state: 'pending' });
    expect(await db.events.count()).toBe(1);
    const b = await change('b');
    expect(await sender.settled(b.id)).toEqual({ kind: 'waiting' });

    fireProbe(); // still away: the probe backs off
    await vi.waitFor(() => expect(server.sent).toHaveLength(2));
    online = true;
    up = true;
    fireProbe();
    await vi.waitFor(async () => expect((await db.saves.bulkGet([a.id, b.id])).map((row) => row?.state)).toEqual(['applied', 'applied']));
    expect(server.sent.at(-1)?.map((r) => r.headers['Idempotency-Key'])).toEqual([a.id, b.id]);
  });

  it('a busy server (5xx) or an ended session (401) stops the pass without an outcome; the rest waits', async () => {
    const { db, server, sender, change } = setup({ server: fakeServer((r) => ((r.body as { path: string }).path === 'b' ? { status: 503, body: {} } : { status: 201, body: {} })) });
    const [a, b, c] = [await change('a'), await change('b'), await change('c')];
    expect(await sender.settled(c.id)).toEqual({ kind: 'waiting' });
    expect((await db.saves.bulkGet([a.id, b.id, c.id])).map((row) => row?.state)).toEqual(['applied', 'pending', 'pending']);
    expect(server.sent).toHaveLength(1); // one batch; the server stopped at b
  });

  it('a change that waits for an earlier answer goes in the next batch; one that can never go is refused here', async () => {
    const { db, server, sender, change } = setup();
    const [a, , never] = [await change('a'), await change('wait-x'), await change('never-y')];
    sender.wake();
    await vi.waitFor(async () => expect(await db.saves.get(a.id)).toMatchObject({ state: 'applied' }));
    // The waiting one is first now: it cannot wait for anything pending, so it is refused.
    await vi.waitFor(async () => expect(await db.saves.get(never.id)).toMatchObject({ state: 'failed', status: 0, message: 'Not here.' }));
    expect(server.paths()).toEqual(['a']);
  });

  it('a change of a kind no route knows is refused, not sent', async () => {
    const { db, sender } = setup();
    const [odd] = await append(db, [newEvent(me, { type: 'SavedQueryCreated', aggregateId: 'saved-queries', payload: { id: 'q', query: { label: 'x' } } })]);
    expect(await sender.settled(odd.id)).toEqual({ kind: 'failed', status: 0, message: UNSENDABLE_MESSAGE });
  });

  it('a retried round goes under a new key, without the version check when it overwrites', async () => {
    const { db, server, sender, change } = setup({ server: fakeServer(() => ({ status: 409, body: { message: 'Changed' } })) });
    const a = await change('a');
    await sender.settled(a.id);
    await append(db, [newEvent(me, { id: `${a.id}:retried:1`, type: 'SaveRetried', aggregateId: WORKSPACE_AGGREGATE, payload: { changeId: a.id, attempt: 1, overwrite: true } })]);
    await sender.settled(a.id);
    expect(server.sent.flat().map((r) => [r.headers['Idempotency-Key'], (r.body as { overwrite: boolean }).overwrite])).toEqual([
      [a.id, false],
      [roundKey(a.id, 1), true],
    ]);
  });

  it('two tabs (one database, one lock) never send the same save twice', async () => {
    const locks = createFakeLockManager();
    const server = fakeServer();
    const first = setup({ server, locks });
    const second = setup({ db: first.db, server, locks });
    const made = await Promise.all(['a', 'b', 'c', 'd'].map((path) => first.change(path)));
    first.sender.wake();
    second.sender.wake();
    await Promise.all([first.sender.settled(made[3].id), second.sender.settled(made[3].id)]);
    expect(server.paths()).toEqual(['a', 'b', 'c', 'd']);
  });

  it('after stop, it sends nothing and tells waiters their saves wait', async () => {
    const { sender, server, change } = setup();
    sender.stop();
    const a = await change('a');
    expect(await sender.settled(a.id)).toEqual({ kind: 'waiting' });
    expect(server.sent).toEqual([]);
  });
});

describe('answerMessage', () => {
  it.each([
    [{ status: 409, body: { message: 'Changed on the server' } }, 'Changed on the server'],
    [{ status: 422, body: { errors: [{ message: 'Superset says no' }] } }, 'Superset says no'],
    [{ status: 400, body: { error: 'Bad path' } }, 'Bad path'],
    [{ status: 404, body: '<html>' }, 'The server refused this save (HTTP 404).'],
  ])('%j → %s', (answer, message) => expect(answerMessage(answer)).toBe(message));
});
