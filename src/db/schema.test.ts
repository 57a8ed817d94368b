import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import { ConsoleDb } from './schema';

describe('ConsoleDb versions', () => {
  it('opens a version-2 database as version 3, keeping its data and adding the SQL tables', async () => {
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
    expect(db.verno).toBe(3);
    expect(await db.uiState.get('clientId')).toEqual({ key: 'clientId', value: 'C1' });
    expect(await db.events.count()).toBe(1);
    for (const table of [db.sqlTabs, db.sqlResults, db.sqlResultsMeta, db.sqlLocalHistory]) expect(await table.count()).toBe(0);
    await db.delete();
  });
});
