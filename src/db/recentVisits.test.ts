import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { listRecentVisits, recordVisit } from './recentVisits';
import { ConsoleDb } from './schema';

let n = 0;
const dbs: ConsoleDb[] = [];
function freshDb() {
  const db = new ConsoleDb(`test-${n++}`);
  dbs.push(db);
  return db;
}
afterEach(async () => {
  await Promise.all(dbs.splice(0).map((db) => db.delete()));
});

describe('recent visits', () => {
  it('lists a user’s visits newest first', async () => {
    const db = freshDb();
    await recordVisit(db, { username: 'admin', path: '/admin/sql', title: 'SQL Editor', visitedAt: 1 });
    await recordVisit(db, { username: 'admin', path: '/admin/catalog', title: 'Catalog', visitedAt: 2 });
    expect((await listRecentVisits(db, 'admin')).map((v) => v.path)).toEqual(['/admin/catalog', '/admin/sql']);
  });

  it('a revisit moves the page to the top instead of duplicating it', async () => {
    const db = freshDb();
    await recordVisit(db, { username: 'admin', path: '/a', title: 'A', visitedAt: 1 });
    await recordVisit(db, { username: 'admin', path: '/b', title: 'B', visitedAt: 2 });
    await recordVisit(db, { username: 'admin', path: '/a', title: 'A', visitedAt: 3 });
    expect((await listRecentVisits(db, 'admin')).map((v) => v.path)).toEqual(['/a', '/b']);
  });

  it('keeps users apart', async () => {
    const db = freshDb();
    await recordVisit(db, { username: 'admin', path: '/a', title: 'A', visitedAt: 1 });
    await recordVisit(db, { username: 'editor', path: '/b', title: 'B', visitedAt: 2 });
    expect((await listRecentVisits(db, 'editor')).map((v) => v.path)).toEqual(['/b']);
  });

  it('keeps only the newest N per user', async () => {
    const db = freshDb();
    for (let i = 0; i < 5; i++) await recordVisit(db, { username: 'u', path: `/p${i}`, title: `P${i}`, visitedAt: i }, 3);
    await recordVisit(db, { username: 'other', path: '/x', title: 'X', visitedAt: 0 }, 3);
    expect((await listRecentVisits(db, 'u', 10)).map((v) => v.path)).toEqual(['/p4', '/p3', '/p2']);
    expect(await db.recentVisits.count()).toBe(4);
  });
});
