import { describe, expect, it } from 'vitest';
import type { CatalogCache } from '../../catalog/types';
import { catalogTargets } from './catalogTargets';

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
