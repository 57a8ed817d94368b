import { describe, expect, it } from 'vitest';
import { quoteIdentifier, suggestionsFor, tablesIn, type CompletionCatalog } from './completions';

const catalog: CompletionCatalog = {
  catalogs: ['lakehouse', 'finance'],
  schemas: ['gaming', 'staging'],
  tables: [
    { schema: 'gaming', name: 'bet_reports' },
    { schema: 'gaming', name: 'players' },
  ],
  columns: [
    { table: 'bet_reports', name: 'bet_amt', type: 'DECIMAL(18,2)' },
    { table: 'players', name: 'balance', type: 'DOUBLE' },
    { table: 'players', name: 'bet_limit', type: 'DOUBLE' },
  ],
};

describe('tablesIn', () => {
  it.each([
    ['SELECT * FROM bet_reports', ['bet_reports']],
    ['select 1 from gaming.players p join "Odd Name" o on 1=1', ['players', 'odd name']],
    ['SELECT 1', []],
  ])('%s', (sql, tables) => {
    expect([...tablesIn(sql)]).toEqual(tables);
  });
});

describe('suggestionsFor', () => {
  it('matches the typed prefix case-insensitively, across kinds', () => {
    const labels = suggestionsFor(catalog, '', 'BE').map((s) => `${s.kind}:${s.label}`);
    expect(labels).toEqual(expect.arrayContaining(['column:bet_amt', 'column:bet_limit', 'table:bet_reports', 'keyword:BETWEEN']));
    expect(labels).not.toContain('column:balance');
  });

  it('ranks columns of the tables in the statement first', () => {
    const sorted = suggestionsFor(catalog, 'SELECT  FROM players', 'bet').sort((a, b) => a.sortText.localeCompare(b.sortText));
    expect(sorted[0]).toMatchObject({ label: 'bet_limit', kind: 'column' });
  });

  it('offers everything for an empty word', () => {
    expect(suggestionsFor(catalog, '', '').length).toBeGreaterThan(10);
  });
});

describe('quoteIdentifier', () => {
  it.each([
    ['bet_amt', 'bet_amt'],
    ['Odd Name', '"Odd Name"'],
    ['say "hi"', '"say ""hi"""'],
  ])('%s → %s', (name, quoted) => expect(quoteIdentifier(name)).toBe(quoted));
});
