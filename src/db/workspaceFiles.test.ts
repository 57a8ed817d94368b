import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { ConsoleDb } from './schema';
import { serverFile } from '../sync/testing/serverFile';
import { SERVER_UNREACHABLE } from '../model/cacheRows';
import { createReads } from './reads';
import { applySavedFile, recordWorkspaceError, workspaceMetaKey, writeWorkspaceListing } from './workspaceFiles';

let n = 0;
const dbs: ConsoleDb[] = [];
function freshDb() {
  const db = new ConsoleDb(`cache-test-${n++}`);
  dbs.push(db);
  return db;
}
afterEach(async () => {
  await Promise.all(dbs.splice(0).map((db) => db.delete()));
});

describe('workspace cache', () => {
  it('stores a listing with its bucket and fetchedAt, and when it was fetched', async () => {
    const db = freshDb();
    await writeWorkspaceListing(db, 'workspace', [serverFile('reports'), serverFile('reports/q1.ipynb', { version: '7' })], 1000);
    const rows = await db.workspaceFiles.where('bucket').equals('workspace').sortBy('path');
    expect(rows).toEqual([
      expect.objectContaining({ path: 'reports', type: 'folder', bucket: 'workspace', fetchedAt: 1000 }),
      expect.objectContaining({ path: 'reports/q1.ipynb', version: '7', bucket: 'workspace', fetchedAt: 1000 }),
    ]);
    expect(await db.cacheMeta.get(workspaceMetaKey('workspace'))).toEqual({ key: 'workspace:workspace', fetchedAt: 1000 });
  });

  it('replaces the bucket: items gone from the server go from the cache; other buckets stay', async () => {
    const db = freshDb();
    await writeWorkspaceListing(db, 'workspace', [serverFile('a.ipynb'), serverFile('b.ipynb')], 1000);
    await writeWorkspaceListing(db, 'archive', [serverFile('old.ipynb')], 1000);
    await writeWorkspaceListing(db, 'workspace', [serverFile('b.ipynb', { version: '2' }), serverFile('c.ipynb')], 2000);
    const rows = await db.workspaceFiles.orderBy('path').toArray();
    expect(rows.map((r) => [r.path, r.bucket, r.fetchedAt, r.version])).toEqual([
      ['b.ipynb', 'workspace', 2000, '2'],
      ['c.ipynb', 'workspace', 2000, '1'],
      ['old.ipynb', 'archive', 1000, '1'],
    ]);
  });

  it('an error is noted beside the last good listing, which stays', async () => {
    const db = freshDb();
    await writeWorkspaceListing(db, 'workspace', [serverFile('a.ipynb')], 1000);
    await recordWorkspaceError(db, 'workspace', 'Server error');
    expect(await db.cacheMeta.get('workspace:workspace')).toEqual({ key: 'workspace:workspace', fetchedAt: 1000, error: 'Server error' });
    expect(await db.workspaceFiles.count()).toBe(1);
    await writeWorkspaceListing(db, 'workspace', [], 2000);
    expect(await db.cacheMeta.get('workspace:workspace')).toEqual({ key: 'workspace:workspace', fetchedAt: 2000 });
  });

  it('keeps one row per path: the live item over a deleted one, else the newest deleted', async () => {
    const db = freshDb();
    const deletedOld = serverFile('a.ipynb', { id: 'old', isDeleted: true, updatedAt: '2025-01-01T00:00:00Z' });
    const deletedNew = serverFile('a.ipynb', { id: 'new', isDeleted: true, updatedAt: '2025-02-01T00:00:00Z' });
    const live = serverFile('a.ipynb', { id: 'live' });
    await writeWorkspaceListing(db, 'workspace', [live, deletedOld, deletedNew], 1000);
    expect((await db.workspaceFiles.toArray()).map((r) => r.id)).toEqual(['live']);
    await writeWorkspaceListing(db, 'workspace', [deletedOld, deletedNew], 2000);
    expect((await db.workspaceFiles.toArray()).map((r) => r.id)).toEqual(['new']);
  });

  it('says the server is unreachable while the last listing failed for want of an answer, and not after an answer', async () => {
    const db = freshDb();
    const reads = createReads(db);
    await writeWorkspaceListing(db, 'workspace', [serverFile('a.ipynb')], 1000);
    expect(await reads.serverUnreachable()).toBe(false);
    await recordWorkspaceError(db, 'workspace', SERVER_UNREACHABLE);
    expect(await reads.serverUnreachable()).toBe(true);
    await recordWorkspaceError(db, 'workspace', 'Server error'); // it answered, with an error
    expect(await reads.serverUnreachable()).toBe(false);
    await recordWorkspaceError(db, 'workspace', SERVER_UNREACHABLE);
    await writeWorkspaceListing(db, 'workspace', [], 2000);
    expect(await reads.serverUnreachable()).toBe(false);
  });

  it('an error before any listing writes no fetchedAt', async () => {
    const db = freshDb();
    await recordWorkspaceError(db, 'workspace', 'Server error');
    expect(await db.cacheMeta.count()).toBe(0);
  });
});

describe('a save’s answer applied to the cache', () => {
  const paths = async (db: ConsoleDb) => (await db.workspaceFiles.orderBy('path').toArray()).map((r) => `${r.path}${r.isDeleted ? ' (deleted)' : ''}`);

  it('a created item is added with what the server says of it', async () => {
    const db = freshDb();
    await writeWorkspaceListing(db, 'workspace', [serverFile('a.ipynb')], 1000);
    await applySavedFile(db, 'workspace', { kind: 'created', path: 'b.ipynb' }, serverFile('b.ipynb', { version: '1' }), 2000);
    expect(await db.workspaceFiles.get('b.ipynb')).toMatchObject({ path: 'b.ipynb', version: '1', bucket: 'workspace', fetchedAt: 2000 });
    expect(await paths(db)).toEqual(['a.ipynb', 'b.ipynb']);
  });

  it('a renamed folder moves with everything under it; a sibling with the same prefix stays', async () => {
    const db = freshDb();
    await writeWorkspaceListing(db, 'workspace', [serverFile('r'), serverFile('r/q1.ipynb'), serverFile('r/sub'), serverFile('r/sub/x.ipynb'), serverFile('r2.ipynb')], 1000);
    await applySavedFile(db, 'workspace', { kind: 'renamed', path: 'r' }, serverFile('reports'), 2000);
    expect(await paths(db)).toEqual(['r2.ipynb', 'reports', 'reports/q1.ipynb', 'reports/sub', 'reports/sub/x.ipynb']);
    expect(await db.workspaceFiles.get('reports/sub/x.ipynb')).toMatchObject({ name: 'x.ipynb' });
  });

  it('a delete marks the item and what is under it; a restore brings them back', async () => {
    const db = freshDb();
    await writeWorkspaceListing(db, 'workspace', [serverFile('r'), serverFile('r/q1.ipynb'), serverFile('other.ipynb')], 1000);
    await applySavedFile(db, 'workspace', { kind: 'deleted', path: 'r' }, serverFile('r', { isDeleted: true }), 2000);
    expect(await paths(db)).toEqual(['other.ipynb', 'r (deleted)', 'r/q1.ipynb (deleted)']);
    await applySavedFile(db, 'workspace', { kind: 'restored', path: 'r' }, serverFile('r'), 3000);
    expect(await paths(db)).toEqual(['other.ipynb', 'r', 'r/q1.ipynb']);
  });

  it('a favourite updates the item alone, in place', async () => {
    const db = freshDb();
    await writeWorkspaceListing(db, 'workspace', [serverFile('r'), serverFile('r/q1.ipynb')], 1000);
    await applySavedFile(db, 'workspace', { kind: 'updated', path: 'r' }, serverFile('r', { isFavorite: true, version: '2' }), 2000);
    expect((await db.workspaceFiles.orderBy('path').toArray()).map((row) => [row.path, row.isFavorite, row.version])).toEqual([
      ['r', true, '2'],
      ['r/q1.ipynb', false, '1'],
    ]);
  });

  it('a purge removes the trashed item and what it held, and nothing live', async () => {
    const db = freshDb();
    const trashed = { isDeleted: true };
    await writeWorkspaceListing(db, 'workspace', [serverFile('r', trashed), serverFile('r/q1.ipynb', trashed), serverFile('r2.ipynb'), serverFile('live.ipynb')], 1000);
    await applySavedFile(db, 'workspace', { kind: 'purged', path: 'r' }, serverFile('r', trashed), 2000);
    expect(await paths(db)).toEqual(['live.ipynb', 'r2.ipynb']);
    // A live item made at the purged path since, or another trashed copy there, stays.
    await applySavedFile(db, 'workspace', { kind: 'purged', path: 'live.ipynb' }, serverFile('live.ipynb', { ...trashed, id: 'old' }), 3000);
    expect(await paths(db)).toEqual(['live.ipynb', 'r2.ipynb']);
  });
});
