import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { append, rebuildProjections } from './append';
import { WORKSPACE_AGGREGATE, type ConsoleEvent } from '../model/events';
import { newEvent, type Identity } from './identity';
import { PROJECTIONS, type AnyProjection } from '../model/projections';
import { freshDbs } from './testing/db';

const freshDb = freshDbs('append');
const me: Identity = { clientId: 'client', tabId: 'tab' };

function folderCreated(path: string, id?: string): ConsoleEvent {
  return newEvent(me, { id, type: 'WorkspaceFolderCreated', aggregateId: WORKSPACE_AGGREGATE, payload: { path } });
}
function saveEvent(type: string, changeId: string, extra: object = {}): ConsoleEvent {
  return newEvent(me, { type, aggregateId: WORKSPACE_AGGREGATE, payload: { changeId, ...extra } });
}

const failingProjection: AnyProjection = {
  table: 'workspaceChanges',
  keyOf: (event) => event.id,
  apply: () => {
    throw new Error('projection bug');
  },
};

describe('append', () => {
  it('stores events with increasing seqs and returns them with their seq', async () => {
    const db = freshDb();
    const first = await append(db, [folderCreated('a'), folderCreated('b')]);
    const second = await append(db, [folderCreated('c')]);
    const seqs = [...first, ...second].map((e) => e.seq);
    expect(seqs).toEqual([1, 2, 3]);
    expect((await db.events.orderBy('seq').toArray()).map((e) => e.seq)).toEqual(seqs);
  });

  it('does not modify the events it is given', async () => {
    const db = freshDb();
    const event = folderCreated('a');
    await append(db, [event]);
    expect(event.seq).toBeUndefined();
  });

  it('writes the projection rows in the same call', async () => {
    const db = freshDb();
    const [change] = await append(db, [folderCreated('a')]);
    await append(db, [saveEvent('WorkspaceSaveQueued', change.id)]);
    expect(await db.workspaceChanges.get(change.id)).toMatchObject({ path: 'a', seq: change.seq, state: 'queued' });
  });

  it('applies several events to one row in order within a batch', async () => {
    const db = freshDb();
    const change = folderCreated('a');
    await append(db, [change, saveEvent('WorkspaceSaveQueued', change.id), saveEvent('WorkspaceSaveApplied', change.id)]);
    expect(await db.workspaceChanges.get(change.id)).toMatchObject({ state: 'applied' });
  });

  it('stores no event and no row when a projection throws', async () => {
    const db = freshDb();
    await expect(append(db, [folderCreated('a')], [...PROJECTIONS, failingProjection])).rejects.toThrow('projection bug');
    expect(await db.events.count()).toBe(0);
    expect(await db.workspaceChanges.count()).toBe(0);
  });

  it('refuses an id already in the log with a ConstraintError naming it, storing nothing of the batch', async () => {
    const db = freshDb();
    await append(db, [folderCreated('a', 'E1')]);
    const attempt = append(db, [folderCreated('b'), folderCreated('c', 'E1')]);
    await expect(attempt).rejects.toMatchObject({ name: 'ConstraintError', message: expect.stringContaining('E1') });
    expect((await db.events.toArray()).map((e) => e.id)).toEqual(['E1']);
    expect(await db.workspaceChanges.count()).toBe(1);
  });

  it('refuses a duplicate id within one batch', async () => {
    const db = freshDb();
    await expect(append(db, [folderCreated('a', 'E1'), folderCreated('b', 'E1')])).rejects.toMatchObject({ name: 'ConstraintError' });
    expect(await db.events.count()).toBe(0);
  });
});

describe('rebuildProjections', () => {
  it('reproduces the same rows from the log, across chunks', async () => {
    const db = freshDb();
    const changes = Array.from({ length: 7 }, (_, i) => folderCreated(`f${i}`));
    await append(db, changes);
    await append(db, [saveEvent('WorkspaceSaveQueued', changes[0].id), saveEvent('WorkspaceSaveApplied', changes[1].id)]);
    await append(db, [saveEvent('WorkspaceSaveFailed', changes[0].id, { status: 409, message: 'conflict' })]);
    await append(db, [saveEvent('WorkspaceSaveDiscarded', changes[2].id), saveEvent('WorkspaceSaveQueued', changes[1].id)]);
    const before = await db.workspaceChanges.orderBy('seq').toArray();

    await db.workspaceChanges.put({ ...before[0], state: 'applied' }); // a row gone wrong
    expect(await rebuildProjections(db, PROJECTIONS, 3)).toBe(12);
    expect(await db.workspaceChanges.orderBy('seq').toArray()).toEqual(before);
  });

  it('empties the tables of an empty log', async () => {
    const db = freshDb();
    await append(db, [folderCreated('a')]);
    await db.events.clear();
    expect(await rebuildProjections(db)).toBe(0);
    expect(await db.workspaceChanges.count()).toBe(0);
  });
});
