import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SavedQuery } from '../../../contracts/biSqlLab';
import type { Identity } from '../../db/identity';
import { readSavedQueries, writeSavedQueryCache } from '../../db/savedQueryCache';
import type { SavedQueryItem } from '../../model/savedQuery/view';
import { freshDbs } from '../../db/testing/db';
import type { BiApi } from '../../sync/api/bi.api';
import type { SaveAnswer, SaveRequest } from '../../sync/api/saves.api';
import { fakeBiApi } from '../../sync/api/testing/fakeBiApi';
import { networkError } from '../../sync/api/testing/httpErrors';
import type { Notice } from '../core';
import {
  createSavedQueryCommands,
  NEVER_SAVED_MESSAGE,
  SAVE_FAILED_MESSAGE,
  SAVE_SUCCESS_MESSAGE,
  SAVE_WAITING_MESSAGE,
  savedQueryRoute,
} from './savedQueries';
import { createSender, type Sender } from '../../sync/outbox/sender';

const freshDb = freshDbs('saved-queries');
const me: Identity = { clientId: 'client', tabId: 'tab' };
const draft = { label: 'Top bets', sql: 'select 1', description: null, dbId: 1, catalog: null, schema: 'gaming' };

/** The BI API's saved queries as a little server: ids from 10 on; `online` false answers nothing. */
function fakeServer() {
  const state = { online: true, nextId: 10, seen: [] as SaveRequest[] };
  const answer = (request: SaveRequest): SaveAnswer => {
    state.seen.push(request);
    if (request.method === 'POST' && request.url.endsWith('/saved_query/')) return { status: 201, body: { id: state.nextId++, result: request.body } };
    if (request.url.includes('/999')) return { status: 404, body: { message: 'Not found' } };
    return { status: 200, body: { message: 'OK' } };
  };
  const send = vi.fn(async (requests: readonly SaveRequest[]) => {
    if (!state.online) throw networkError();
    return requests.map(answer);
  });
  return { state, api: { send } };
}

const senders: Sender[] = [];
afterEach(() => senders.splice(0).forEach((s) => s.stop()));

function setup(api: Partial<BiApi> = {}) {
  const db = freshDb();
  const server = fakeServer();
  const notices: Notice[] = [];
  const sender = createSender({ db, identity: me, api: server.api, routes: [savedQueryRoute({ db, mount: '/api/bi' })], isServerUp: async () => server.state.online, probe: { setTimer: () => 0, clearTimer: () => {} } });
  senders.push(sender);
  let n = 0;
  const commands = createSavedQueryCommands({ db, identity: me, notify: (x) => notices.push(x), sender, api: async () => fakeBiApi(api), newId: () => `Q${++n}` });
  const items = async () => (await readSavedQueries(db)).items;
  const item = async (id: string) => (await items()).find((q) => q.id === id) as SavedQueryItem;
  return { db, server, notices, sender, commands, items, item };
}

describe('saved queries as events', () => {
  it('saving a query is an event with a local id; its create’s answer gives it its server id, kept beside it', async () => {
    const { db, server, notices, commands, item } = setup();
    expect(await commands.create(draft)).toEqual({ kind: 'applied' });
    expect(notices).toEqual([{ kind: 'success', message: SAVE_SUCCESS_MESSAGE }]);
    expect(server.state.seen).toMatchObject([{ method: 'POST', url: '/api/bi/v1/saved_query/', body: { db_id: 1, label: 'Top bets', sql: 'select 1', schema: 'gaming' }, csrf: true }]);
    expect(await db.savedQueries.get('Q1')).toMatchObject({ id: 'Q1', serverId: 10, created: true });
    expect(await item('Q1')).toMatchObject({ label: 'Top bets', serverId: 10, pending: false, databaseName: 'Database 1' });
  });

  it('offline: created, edited, favourited and deleted in order, each waiting; sent once, in order, when the server is back', async () => {
    const { server, notices, sender, commands, item, items } = setup();
    server.state.online = false;
    expect(await commands.create(draft)).toEqual({ kind: 'waiting' });
    expect(notices).toEqual([{ kind: 'info', message: SAVE_WAITING_MESSAGE, id: expect.any(String) }]);
    await commands.edit(await item('Q1'), { label: 'Top bets 2', sql: 'select 2' });
    await commands.setFavorite(await item('Q1'), true);
    await commands.create({ ...draft, label: 'Doomed' });
    await commands.remove(await item('Q2'));
    expect(await item('Q1')).toMatchObject({ label: 'Top bets 2', sql: 'select 2', isFavorite: true, pending: true, serverId: null });
    expect((await items()).map((q) => q.id)).toEqual(['Q1']);

    server.state.online = true;
    sender.wake();
    await vi.waitFor(async () => expect(await item('Q1')).toMatchObject({ pending: false, serverId: 10 }));
    // Q1's saves may be answered before Q2's delete is sent (another round of the sender): wait for all.
    await vi.waitFor(() =>
      expect(server.state.seen.map((r) => `${r.method} ${r.url.replace('/api/bi/v1/saved_query/', '')}`)).toEqual(['POST ', 'PUT 10', 'POST 10/favorites/', 'POST ', 'DELETE 11']),
    );
    expect(server.state.seen[1].body).toEqual({ label: 'Top bets 2', sql: 'select 2' });
  });

  it('a change of a query whose create was refused is refused too, with a reason', async () => {
    const { server, db, commands, item } = setup();
    server.api.send.mockImplementationOnce(async (requests) => requests.map(() => ({ status: 400, body: { message: 'Bad SQL' } })));
    expect(await commands.create(draft)).toEqual({ kind: 'failed', status: 400, message: 'Bad SQL' });
    await commands.setFavorite(await item('Q1'), true);
    const saves = await db.saves.orderBy('seq').toArray();
    expect(saves.map((s) => [s.type, s.state, s.message])).toEqual([
      ['SavedQueryCreated', 'failed', 'Bad SQL'],
      ['SavedQueryFavorited', 'failed', NEVER_SAVED_MESSAGE],
    ]);
  });

  it('without a database nothing is written and the user is told', async () => {
    const { db, commands, notices } = setup();
    expect(await commands.create({ ...draft, dbId: null })).toBeNull();
    expect(await db.events.count()).toBe(0);
    expect(notices).toEqual([{ kind: 'error', message: SAVE_FAILED_MESSAGE }]);
  });

  it('delete says so with an Undo; undo brings the query back as a new one on the server', async () => {
    const { server, notices, commands, item, items } = setup();
    await commands.create(draft);
    await commands.remove(await item('Q1'));
    expect(await items()).toEqual([]);
    const deleted = notices.find((n) => n.action);
    expect(deleted).toMatchObject({ message: 'Deleted “Top bets”.', action: { label: 'Undo' } });
    deleted?.action?.onClick();
    await vi.waitFor(async () => expect(await item('Q1')).toMatchObject({ label: 'Top bets', serverId: 11, pending: false }));
    expect(server.state.seen.map((r) => r.method)).toEqual(['POST', 'DELETE', 'POST']);
    await commands.redo();
    await vi.waitFor(async () => expect(await items()).toEqual([]));
  });

  it('a query from the server’s list is named `server:<id>` and changed by its server id', async () => {
    const { db, server, commands, item } = setup();
    const listed = { id: 7, ...draft, db_id: 1, description: null, database: { id: 1, database_name: 'lakehouse' }, changed_on: '2025-01-01T00:00:00Z' } as unknown as SavedQuery;
    await writeSavedQueryCache(db, [listed], new Map([[7, false]]), Date.now());
    const fromServer = await item('server:7');
    expect(fromServer).toMatchObject({ serverId: 7, databaseName: 'lakehouse', isFavorite: false });
    await commands.setFavorite(fromServer, true);
    expect(server.state.seen.map((r) => `${r.method} ${r.url}`)).toEqual(['POST /api/bi/v1/saved_query/7/favorites/']);
    expect(await item('server:7')).toMatchObject({ isFavorite: true });
  });

  it('refresh keeps every page of the server’s list with the favourites; offline it notes why and keeps the list', async () => {
    const ids = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => ({ ...draft, id: from + i, db_id: 1, database: { id: 1, database_name: 'lakehouse' }, changed_on: '2025-01-01T00:00:00Z' }));
    const page = (p: number) => ({ count: 101, ids: [], result: p === 0 ? ids(1, 100) : ids(101, 101) }) as never;
    const savedQueries = vi.fn(async (args: { page?: number }) => page(args.page ?? 0));
    const favoriteStatus = vi.fn(async () => new Map([[2, true]]));
    const { db, commands } = setup({ savedQueries, favoriteStatus });
    await commands.refresh();
    expect(savedQueries.mock.calls.map(([args]) => [args.page, (args as { page_size?: number }).page_size])).toEqual([
      [0, 100],
      [1, 100],
    ]);
    const cached = await db.savedQueryCache.toArray();
    expect(cached).toHaveLength(101);
    expect(cached.filter((q) => q.isFavorite).map((q) => q.id)).toEqual([2]);
    savedQueries.mockRejectedValueOnce(networkError());
    await commands.refresh();
    expect(await db.savedQueryCache.count()).toBe(101);
    expect((await readSavedQueries(db)).error).toBe('the server could not be reached');
  });
});
