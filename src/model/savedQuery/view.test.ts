import { describe, expect, it, vi } from 'vitest';
import type { SaveRow } from '../saves/projection';
import type { SavedQueryCacheRow } from '../cacheRows';
import type { SavedQueryRow } from '../rows';
import { parseSupersetTime, savedQueryView, type SavedQueryViewInput } from './view';

const query = { label: 'Top', sql: 'select 1', description: null, dbId: 1, catalog: null, schema: 'gaming' };
const listed = (id: number, extra: Partial<SavedQueryCacheRow> = {}): SavedQueryCacheRow =>
  ({ id, label: `Q${id}`, sql: 'select 9', description: null, db_id: 1, catalog: null, schema: null, database: { id: 1, database_name: 'lakehouse' }, changed_on: '2025-01-01T00:00:00Z', isFavorite: false, fetchedAt: 100, ...extra }) as SavedQueryCacheRow;
const local = (id: string, extra: Partial<SavedQueryRow> = {}): SavedQueryRow => ({ id, serverId: null, query, created: true, isDeleted: false, seq: 1, at: 200, ...extra });
const save = (subject: string, state: SaveRow['state'], message?: string): SaveRow => ({ id: `s-${subject}`, seq: 1, at: 1, aggregateId: 'saved-queries', type: 'SavedQueryCreated', label: '', subject, state, attempt: 0, overwrite: false, message });
const view = (input: Partial<SavedQueryViewInput>) => savedQueryView({ cache: [], overlay: [], saves: [], fetchedAt: undefined, databases: new Map([[1, 'lakehouse']]), ...input });

describe('savedQueryView', () => {
  it('the server’s list alone, newest first, named server:<id>', () => {
    const items = view({ cache: [listed(1), listed(2, { changed_on: '2025-02-01T00:00:00Z', isFavorite: true })], fetchedAt: 100 });
    expect(items.map((q) => [q.id, q.serverId, q.label, q.isFavorite, q.databaseName])).toEqual([
      ['server:2', 2, 'Q2', true, 'lakehouse'],
      ['server:1', 1, 'Q1', false, 'lakehouse'],
    ]);
  });

  it('a query saved here but not listed yet shows, marked while its save waits or was refused', () => {
    expect(view({ overlay: [local('A')], saves: [save('A', 'pending')] })).toMatchObject([{ id: 'A', label: 'Top', databaseName: 'lakehouse', pending: true, failure: null, changedOn: 200 }]);
    expect(view({ overlay: [local('A')], saves: [save('A', 'failed', 'Bad SQL')] })).toMatchObject([{ id: 'A', pending: false, failure: 'Bad SQL' }]);
  });

  it('changes made here lay over the listed query until a listing fetched after them; then the list is the truth', () => {
    const edited = local('server:1', { serverId: 1, query: { label: 'Renamed' }, created: false, isFavorite: true, at: 200 });
    expect(view({ cache: [listed(1)], overlay: [edited], fetchedAt: 100 })).toMatchObject([{ id: 'server:1', label: 'Renamed', sql: 'select 9', isFavorite: true }]);
    expect(view({ cache: [listed(1, { label: 'Elsewhere' })], overlay: [edited], fetchedAt: 300 })).toMatchObject([{ id: 'server:1', label: 'Elsewhere', isFavorite: false }]);
  });

  it('a query created here keeps its local id once the server lists it (no double)', () => {
    const items = view({ cache: [listed(5, { label: 'Top' })], overlay: [local('A', { serverId: 5 })], fetchedAt: 300 });
    expect(items.map((q) => [q.id, q.serverId])).toEqual([['A', 5]]);
  });

  it('a deleted query is gone (unless its delete was refused); a change of one no longer listed is not shown', () => {
    expect(view({ cache: [listed(1)], overlay: [local('server:1', { serverId: 1, created: false, isDeleted: true })], fetchedAt: 100 })).toEqual([]);
    expect(view({ cache: [listed(1)], overlay: [local('server:1', { serverId: 1, created: false, isDeleted: true })], saves: [save('server:1', 'failed', 'No')], fetchedAt: 100 })).toHaveLength(1);
    expect(view({ overlay: [local('server:9', { serverId: 9, created: false, query: { label: 'x' } })] })).toEqual([]);
  });

  it('two rows for one server id (two tabs at once): the latest counts', () => {
    const items = view({ cache: [listed(1)], overlay: [local('A', { serverId: 1, seq: 1, query: { ...query, label: 'Old' } }), local('server:1', { serverId: 1, seq: 2, created: false, query: { label: 'New' } })], fetchedAt: 100 });
    expect(items.map((q) => [q.id, q.label])).toEqual([['server:1', 'New']]);
  });
});

describe('parseSupersetTime', () => {
  it('reads Superset’s zone-less times as UTC whatever the browser’s zone, and a zoned time as it says', () => {
    vi.stubEnv('TZ', 'Europe/Warsaw');
    try {
      expect(parseSupersetTime('2026-11-29T07:57:39.174801')).toBe(Date.UTC(2026, 10, 29, 7, 57, 39, 174));
      expect(parseSupersetTime('2026-11-29T07:57:39Z')).toBe(Date.UTC(2026, 10, 29, 7, 57, 39));
      expect(parseSupersetTime('2026-11-29T07:57:39+01:00')).toBe(Date.UTC(2026, 10, 29, 6, 57, 39));
    } finally {
      vi.unstubAllEnvs();
    }
  });
});
