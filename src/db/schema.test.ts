import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import { rebuildProjections } from './append';
import { ConsoleDb } from './schema';

/** The stores as versions 3 and 4 shipped them. */
const V3_STORES = {
  uiState: 'key',
  recentVisits: '[username+path], [username+visitedAt]',
  events: '++seq, &id, aggregateId, type, [aggregateId+seq]',
  workspaceChanges: 'id, seq, state, path',
  workspaceFiles: 'path, bucket',
  cacheMeta: 'key',
  outbox: '++seq, &key, state',
  sqlTabs: 'id, order, closedSeq',
  sqlResultsMeta: 'tabId, lastUsedAt',
  sqlResults: 'tabId',
  sqlLocalHistory: 'id, startedAt',
  biMetadata: 'key',
};
const V4_STORES = { ...V3_STORES, catalogEdits: 'id, seq' };

describe('ConsoleDb versions', () => {
  it('opens a version-2 database as the latest version, keeping its data and adding the SQL and catalog tables', async () => {
    const name = `schema-v2-${Math.random().toString(36).slice(2)}`;
    // The database as the console shipped it before the SQL workbench.
    const old = new Dexie(name);
    old.version(1).stores({ uiState: 'key', recentVisits: '[username+path], [username+visitedAt]' });
    old.version(2).stores({
      events: '++seq, &id, aggregateId, type, [aggregateId+seq]',
      workspaceChanges: 'id, seq, state, path',
      workspaceFiles: 'path, bucket',
      cacheMeta: 'key',
      outbox: '++seq, &key, state',
    });
    await old.table('uiState').put({ key: 'clientId', value: 'C1' });
    await old.table('events').add({ id: 'E1', type: 'WorkspaceFolderCreated', aggregateId: 'workspace', payload: { path: 'f' } });
    old.close();

    const db = new ConsoleDb(name);
    await db.open();
    expect(db.verno).toBe(10);
    expect(await db.uiState.get('clientId')).toEqual({ key: 'clientId', value: 'C1' });
    expect(await db.events.count()).toBe(1);
    for (const table of [db.sqlTabs, db.sqlResults, db.sqlResultsMeta, db.sqlLocalHistory, db.catalogEdits]) expect(await table.count()).toBe(0);
    await db.delete();
  });

  it('opens a database with BI metadata as version 10: the kept answers stay, and pending requests are indexed', async () => {
    const name = `schema-v3-meta-${Math.random().toString(36).slice(2)}`;
    const old = new Dexie(name);
    old.version(3).stores({ ...V3_STORES });
    await old.table('biMetadata').put({ key: 'schemas/1', value: ['gaming'], fetchedAt: 5 });
    old.close();

    const db = new ConsoleDb(name);
    await db.open();
    expect(db.verno).toBe(10);
    expect(await db.biMetadata.get('schemas/1')).toEqual({ key: 'schemas/1', value: ['gaming'], fetchedAt: 5 });
    await db.biMetadata.put({ key: 'databases', wantedAt: 7 });
    expect(await db.biMetadata.where('wantedAt').above(0).primaryKeys()).toEqual(['databases']);
    await db.delete();
  });

  it('opens a version-3 database as the latest version with an empty catalogEdits table keyed by node id', async () => {
    const name = `schema-v3-${Math.random().toString(36).slice(2)}`;
    const old = new Dexie(name);
    // The database as the console shipped it with the SQL workbench.
    old.version(3).stores({ ...V3_STORES });
    await old.table('sqlTabs').put({ id: 'T1', order: 1 });
    old.close();

    const db = new ConsoleDb(name);
    await db.open();
    expect(db.verno).toBe(10);
    expect(await db.sqlTabs.get('T1')).toMatchObject({ id: 'T1' });
    await db.catalogEdits.put({ id: 'lakehouse/gaming', deleted: true, seq: 3 });
    expect(await db.catalogEdits.where('seq').equals(3).primaryKeys()).toEqual(['lakehouse/gaming']);
    await db.delete();
  });

  it('opens a version-4 database as version 5: the log is the queue of saves, and nothing the outbox held is lost', async () => {
    const name = `schema-v4-${Math.random().toString(36).slice(2)}`;
    const old = new Dexie(name);
    old.version(4).stores({ ...V4_STORES });
    const event = (seq: number, id: string, type: string, payload: object) => ({ seq, id, type, aggregateId: 'workspace', at: seq, clientId: 'C1', tabId: 't', origin: 'local', v: 1, payload });
    await old.table('uiState').put({ key: 'clientId', value: 'C1' });
    await old.table('events').bulkAdd([
      event(1, 'E1', 'WorkspaceFolderCreated', { path: 'waiting' }),
      event(2, 'E1:queued', 'WorkspaceSaveQueued', { changeId: 'E1' }),
      event(3, 'E2', 'WorkspaceFolderCreated', { path: 'saved' }),
      event(4, 'E2:applied', 'WorkspaceSaveApplied', { changeId: 'E2' }),
    ]);
    const outbox = (key: string, extra: object) => ({ key, method: 'POST', url: 'http://console.test/api/bi/v1/saved_query/', headers: { 'idempotency-key': key }, body: '{"label":"q"}', label: `Save ${key}`, createdAt: 5, attempts: 0, ...extra });
    await old.table('outbox').bulkAdd([
      outbox('E1', { changeId: 'E1', state: 'queued', url: 'http://console.test/api/notebook/folders' }),
      outbox('k2', { state: 'queued' }),
      outbox('k3', { state: 'failed', status: 400, error: 'Bad label' }),
    ]);
    old.close();

    const db = new ConsoleDb(name);
    await db.open();
    expect(db.verno).toBe(10);
    expect(db.tables.map((t) => t.name)).not.toContain('outbox');
    const rows = await db.saves.orderBy('seq').toArray();
    expect(rows.map((r) => [r.id, r.state, r.label])).toEqual([
      ['E1', 'pending', 'Create folder waiting'],
      ['E2', 'applied', 'Create folder saved'],
      ['outbox:k2', 'pending', 'Save k2'],
      ['outbox:k3', 'failed', 'Save k3'],
    ]);
    expect(rows[3]).toMatchObject({ status: 400, message: 'Bad label' });
    expect((await db.events.get({ id: 'outbox:k2' }))?.payload).toEqual({ key: 'k2', method: 'POST', url: '/api/bi/v1/saved_query/', headers: { 'idempotency-key': 'k2' }, body: '{"label":"q"}', label: 'Save k2' });
    // What the upgrade wrote is in the log: a rebuild of the projections gives the same rows.
    await rebuildProjections(db);
    expect(await db.saves.orderBy('seq').toArray()).toEqual(rows);
    await db.delete();
  });

  it('opens a version-6 database as the latest version with an empty notebookDocs table, keeping the notebook cache', async () => {
    const name = `schema-v6-${Math.random().toString(36).slice(2)}`;
    const old = new Dexie(name);
    old.version(6).stores({
      ...V4_STORES,
      outbox: null,
      saves: 'id, seq, [state+seq], subject',
      savedQueries: 'id, serverId',
      savedQueryCache: 'id',
      notebookCache: 'path, readAt',
    });
    await old.table('notebookCache').put({ path: 'a.ipynb', content: '{}', readAt: 1 });
    old.close();

    const db = new ConsoleDb(name);
    await db.open();
    expect(db.verno).toBe(10);
    expect(await db.notebookCache.get('a.ipynb')).toMatchObject({ content: '{}' });
    expect(await db.notebookDocs.count()).toBe(0);
    expect(db.notebookDocs.schema.primKey.name).toBe('docId');
    expect(db.notebookDocs.schema.indexes.map((index) => index.name)).toEqual(['path']);
    await db.delete();
  });

  it('opens a version-7 database as version 8 with an empty notebookTabs table keyed by doc id, keeping the docs', async () => {
    const name = `schema-v7-${Math.random().toString(36).slice(2)}`;
    const v7 = new ConsoleDb(name);
    await v7.open();
    const stores = Object.fromEntries(v7.tables.filter((table) => table.name !== 'notebookTabs').map((table) => [table.name, [table.schema.primKey.src, ...table.schema.indexes.map((index) => index.src)].join(', ')]));
    v7.close();
    await Dexie.delete(name);
    const old = new Dexie(name);
    old.version(7).stores(stores);
    await old.table('notebookDocs').put({ docId: 'D', path: 'a.ipynb' });
    old.close();

    const db = new ConsoleDb(name);
    await db.open();
    expect(db.verno).toBe(10);
    expect(await db.notebookDocs.get('D')).toMatchObject({ path: 'a.ipynb' });
    expect(await db.notebookTabs.count()).toBe(0);
    expect(db.notebookTabs.schema.primKey.name).toBe('id');
    expect(db.notebookTabs.schema.indexes.map((index) => index.name)).toEqual(['order']);
    await db.delete();
  });
});
