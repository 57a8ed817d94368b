// The catalog search's bounds, on the stand-in Superset with limits small enough to reach.
import { describe, expect, it } from 'vitest';
import { manualClock } from '../../testing/harness';
import { createSupersetCall } from './call';
import { CATALOG_SEARCH_LIMITS, createCatalogSearch, type CatalogSearchLimits } from './catalogSearch';
import { createSessions } from './session';
import { serveCatalog } from './testing/catalogStandIn';
import { json, upstreamOf, useSupersetStandIns } from './testing/standIn';

const standIn = useSupersetStandIns();
const editor = { username: 'editor', role: 'editor' as const };
const admin = { username: 'admin', role: 'admin' as const };

async function searchOn(tableCount: number, limits: Partial<CatalogSearchLimits>) {
  const superset = await standIn();
  const tables = Object.fromEntries(Array.from({ length: tableCount }, (_, index) => [`t${String(index).padStart(2, '0')}`, ['amount']]));
  const calls = serveCatalog(superset, [{ id: 1, name: 'warehouse', schemas: { sales: tables } }], 1);
  const upstream = upstreamOf(superset);
  const clock = manualClock();
  const search = createCatalogSearch(createSupersetCall(upstream, createSessions(upstream)), clock.now, { ...CATALOG_SEARCH_LIMITS, ...limits });
  return { search, calls, clock };
}

describe('catalog search bounds', () => {
  it('keeps at most `tables` tables per user and says the search is partial past them', async () => {
    const { search } = await searchOn(10, { tables: 4 });
    const answer = await search.searchTables(editor, 't', 50);
    expect(answer.result.map((hit) => hit.value)).toEqual(['t00', 't01', 't02', 't03']);
    expect(answer.partial).toBe('Superset did not list every table (only the first 4 of 10 tables are searched)');
  });

  it('reads at most `columnCallsPerSearch` tables’ columns per search: partial first, complete after enough searches', async () => {
    const { search, calls } = await searchOn(10, { columnCallsPerSearch: 4 });
    const first = await search.searchColumns(editor, 'amount', 50);
    expect(first.count).toBe(4);
    expect(first.partial).toBe('the columns of 6 tables are not read yet; search again for more');
    expect(calls.count('table_metadata')).toBe(4);
    await search.searchColumns(editor, 'amount', 50);
    const third = await search.searchColumns(editor, 'amount', 50);
    expect(third.count).toBe(10);
    expect(third.partial).toBeUndefined();
    expect(calls.count('table_metadata')).toBe(10);
  });

  it('starts no table_metadata/ call past `columnBudgetMs`: the columns wait for the next search', async () => {
    const { search, calls } = await searchOn(3, { columnBudgetMs: 0 });
    expect(await search.searchColumns(editor, 'amount', 50)).toEqual({ count: 0, result: [], partial: 'the columns of 3 tables are not read yet; search again for more' });
    expect(calls.count('table_metadata')).toBe(0);
  });

  it('keeps the snapshots of at most `users` users: the least recently searching one fans out again', async () => {
    const { search, calls } = await searchOn(2, { users: 1 });
    await search.searchTables(editor, 't', 50);
    await search.searchTables(editor, 't', 50);
    expect(calls.count('tables')).toBe(1);
    await search.searchTables(admin, 't', 50);
    await search.searchTables(editor, 't', 50);
    expect(calls.count('tables')).toBe(3);
  });

  it('keeps a user’s snapshot per console role: a changed role fans out again', async () => {
    const { search, calls } = await searchOn(2, {});
    await search.searchTables(editor, 't', 50);
    await search.searchTables({ ...editor, role: 'admin' }, 't', 50);
    expect(calls.count('tables')).toBe(2);
  });

  it('does not keep a failed fan-out: the next search asks Superset again', async () => {
    const superset = await standIn();
    let failures = 1;
    superset.on('GET', '/api/v1/database/', (_request, response) => (failures-- > 0 ? json(response, 500, { message: 'busy' }) : json(response, 200, { count: 0, result: [] })));
    const upstream = upstreamOf(superset);
    const search = createCatalogSearch(createSupersetCall(upstream, createSessions(upstream)), Date.now);
    await expect(search.searchTables(editor, 't', 50)).rejects.toThrow('Superset did not list the databases (500): busy');
    expect(await search.searchTables(editor, 't', 50)).toEqual({ count: 0, result: [] });
  });
});
