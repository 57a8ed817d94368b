import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import { ConsoleDb } from './schema';

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
    expect(db.verno).toBe(4);
    expect(await db.uiState.get('clientId')).toEqual({ key: 'clientId', value: 'C1' });
    expect(await db.events.count()).toBe(1);
    for (const table of [db.sqlTabs, db.sqlResults, db.sqlResultsMeta, db.sqlLocalHistory, db.catalogEdits]) expect(await table.count()).toBe(0);
    await db.delete();
  });

  it('opens a version-3 database as version 4 with an empty catalogEdits table keyed by node id', async () => {
    const name = `schema-v3-${Math.random().toString(36).slice(2)}`;
    const old = new Dexie(name);
    // The database as the console shipped it with the SQL workbench.
    old.version(3).stores({
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
    });
    await old.table('sqlTabs').put({ id: 'T1', order: 1 });
    old.close();

    const db = new ConsoleDb(name);
    await db.open();
    expect(db.verno).toBe(4);
    expect(await db.sqlTabs.get('T1')).toMatchObject({ id: 'T1' });
    await db.catalogEdits.put({ id: 'lakehouse/gaming', deleted: true, seq: 3 });
    expect(await db.catalogEdits.where('seq').equals(3).primaryKeys()).toEqual(['lakehouse/gaming']);
    await db.delete();
  });
});
