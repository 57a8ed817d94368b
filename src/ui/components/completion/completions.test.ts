import { describe, expect, it } from 'vitest';
import { mergeCatalogs, qualifierBefore, quoteIdentifier, suggestionsFor, tableRefsIn, tablesIn, type CompletionCatalog } from './completions';

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

describe('tableRefsIn', () => {
  it('reads schemas and aliases, folds bare names and keeps quoted ones', () => {
    expect(tableRefsIn('SELECT * FROM lakehouse.Gaming.bet_report br JOIN "Odd"."Name" AS o ON 1=1 WHERE x LEFT JOIN players')).toEqual([
      { schema: 'gaming', name: 'bet_report', alias: 'br' },
      { schema: 'Odd', name: 'Name', alias: 'o' },
      { schema: null, name: 'players', alias: null },
    ]);
  });

  it('takes no keyword for an alias', () => {
    expect(tableRefsIn('select 1 from players where 1=1')).toEqual([{ schema: null, name: 'players', alias: null }]);
  });
});

describe('qualifierBefore', () => {
  it.each([
    ['SELECT * FROM gaming.', 'gaming'],
    ['SELECT br.', 'br'],
    ['FROM "Odd Name".', 'odd name'],
    ['SELECT * FROM ', null],
    ['SELECT 1.', null],
  ])('%s → %s', (text, qualifier) => expect(qualifierBefore(text)).toBe(qualifier));
});

describe('mergeCatalogs', () => {
  it('keeps each name once', () => {
    const merged = mergeCatalogs(catalog, { catalogs: ['finance'], schemas: ['ops'], tables: [{ schema: 'gaming', name: 'players' }, { schema: 'ops', name: 'jobs' }], columns: [] });
    expect(merged.catalogs).toEqual(['lakehouse', 'finance']);
    expect(merged.schemas).toEqual(['gaming', 'staging', 'ops']);
    expect(merged.tables.map((t) => `${t.schema}.${t.name}`)).toEqual(['gaming.bet_reports', 'gaming.players', 'ops.jobs']);
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

  it("inserts tables of the tab's schema bare, others with their schema, and quotes names that need it", () => {
    const odd = mergeCatalogs(catalog, { ...catalog, tables: [{ schema: 'Ops Team', name: 'Jobs' }] });
    const insert = (word: string, defaultSchema: string | null) => suggestionsFor(odd, '', word, { defaultSchema }).find((s) => s.kind === 'table')?.insertText;
    expect(insert('play', 'gaming')).toBe('players');
    expect(insert('play', null)).toBe('gaming.players');
    expect(insert('Jo', 'gaming')).toBe('"Ops Team"."Jobs"');
  });

  it('after "schema." offers only that schema\'s tables, inserted bare', () => {
    const found = suggestionsFor(catalog, 'SELECT * FROM gaming.', '', { qualifier: 'gaming' });
    expect(found.map((s) => `${s.kind}:${s.insertText}`)).toEqual(['table:bet_reports', 'table:players']);
  });

  it('after "alias." or "table." offers only that table\'s columns', () => {
    const sql = 'SELECT p. FROM gaming.players p';
    expect(suggestionsFor(catalog, sql, '', { qualifier: 'p' }).map((s) => s.label)).toEqual(['balance', 'bet_limit']);
    expect(suggestionsFor(catalog, sql, 'bet', { qualifier: 'bet_reports' }).map((s) => s.label)).toEqual(['bet_amt']);
  });

  it('after "catalog." offers schemas', () => {
    expect(suggestionsFor(catalog, '', '', { qualifier: 'lakehouse' }).map((s) => s.label)).toEqual(['gaming', 'staging']);
  });
});

describe('quoteIdentifier', () => {
  it.each([
    ['bet_amt', 'bet_amt'],
    ['Odd Name', '"Odd Name"'],
    ['say "hi"', '"say ""hi"""'],
  ])('%s → %s', (name, quoted) => expect(quoteIdentifier(name)).toBe(quoted));
});
