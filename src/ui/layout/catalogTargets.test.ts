import { describe, expect, it } from 'vitest';
import type { CatalogCache } from '../../model/catalog/types';
import { catalogTargets, savedQueryTargets, tableHitTargets } from './catalogTargets';

const cache: CatalogCache = {
  databases: [{ id: 1, database_name: 'lakehouse' } as never],
  schemas: new Map([[1, ['gaming', 'odd/schema']]]),
  tables: new Map([
    ['1/gaming', [{ value: 'bet_report', type: 'table' }, { value: 'members', type: 'table' }] as never],
    ['1/odd%2Fschema', [{ value: 'Bets_Archive', type: 'table' }] as never],
    ['9/ghost', [{ value: 'bet_ghost', type: 'table' }] as never],
  ]),
  tableMetadata: new Map([['1/gaming/bet_report', { columns: [{ name: 'bet_amt', type: 'DECIMAL(18,2)', comment: null }, { name: 'stake', type: 'INTEGER', comment: null }] } as never]]),
};

describe('catalogTargets', () => {
  it('finds cached tables and columns case-insensitively, linking to their catalog node', () => {
    const found = catalogTargets(cache, 'BET');
    expect(found.map((t) => [t.group, t.label, t.to])).toEqual([
      ['Tables', 'bet_report', '/admin/catalog/lakehouse/gaming/bet_report'],
      ['Tables', 'Bets_Archive', '/admin/catalog/lakehouse/odd%2Fschema/Bets_Archive'],
      ['Columns', 'bet_amt', '/admin/catalog/lakehouse/gaming/bet_report/bet_amt'],
    ]);
    expect(found[2]?.hint).toBe('lakehouse.gaming.bet_report · DECIMAL(18,2)');
  });

  it('skips tables of unknown databases, short queries, and stops at the limit', () => {
    expect(catalogTargets(cache, 'ghost')).toEqual([]);
    expect(catalogTargets(cache, 'b')).toEqual([]);
    expect(catalogTargets(cache, 'e', 1).filter((t) => t.group === 'Tables')).toHaveLength(0);
    expect(catalogTargets(cache, 'be', 1).map((t) => t.label)).toEqual(['bet_report', 'bet_amt']);
  });
});

describe('tableHitTargets', () => {
  const hit = { database_id: 1, database_name: 'lakehouse', catalog: 'lakehouse', schema: 'raw', value: 'member_signups', type: 'table' as const, extra: {} };

  it('opens a server hit at its catalog node, with the same id a cached table would have', () => {
    const [found] = tableHitTargets([hit], 'signups');
    expect(found).toMatchObject({ group: 'Tables', label: 'member_signups', hint: 'lakehouse.raw', to: '/admin/catalog/lakehouse/raw/member_signups', id: 'Tables:lakehouse/raw/member_signups' });
    // The server matched it: the typed text keeps it through the dialog's own filter.
    expect(found.keywords).toContain('signups');
  });

  it('names the catalog as the tree does (the database name when it has no catalog) and encodes names', () => {
    const [found] = tableHitTargets([{ ...hit, catalog: '', schema: 'odd/schema' }], 'x');
    expect(found.to).toBe('/admin/catalog/lakehouse/odd%2Fschema/member_signups');
  });
});

describe('savedQueryTargets', () => {
  it('lists saved queries by name, described, opening the SQL editor', () => {
    const saved = { id: 'server:7', label: 'Bets per currency', description: 'How many bets each currency has', schema: 'gaming', databaseName: 'lakehouse' } as never;
    expect(savedQueryTargets([saved], 'currency')).toEqual([
      { id: 'saved-query:server:7', group: 'Saved queries', label: 'Bets per currency', hint: 'How many bets each currency has', icon: 'search', to: '/admin/sql', keywords: ['How many bets each currency has', 'currency'] },
    ]);
  });

  it('hints the schema, then the database, when there is no description', () => {
    const bare = { id: 'local-1', label: 'Draft', description: null, schema: null, databaseName: 'lakehouse' } as never;
    expect(savedQueryTargets([bare], 'dr')[0]?.hint).toBe('lakehouse');
  });
});
