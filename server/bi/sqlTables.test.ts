import type { DuckDBConnection } from '@duckdb/node-api';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { SqlTableParser, tablesOfAst } from './sqlTables';

const parser = await SqlTableParser.open();
afterAll(() => parser.close());

describe('sql_tables by DuckDB parser', () => {
  it('finds tables in joins, subqueries and CTEs, qualified or not, without CTE names', async () => {
    const sql = `WITH recent AS (SELECT * FROM lakehouse.gaming.bets b JOIN players p ON b.player_id = p.id)
      SELECT * FROM recent, (SELECT 1 FROM finance.ledger) s WHERE x IN (SELECT y FROM "Odd ""Name""")`;
    expect(await parser.tables(sql)).toEqual([
      { table: 'bets', schema: 'gaming', catalog: 'lakehouse' },
      { table: 'players', schema: null, catalog: null },
      { table: 'ledger', schema: 'finance', catalog: null },
      { table: 'Odd "Name"', schema: null, catalog: null },
    ]);
  });

  it('covers every statement of a script and lists a table once', async () => {
    expect(await parser.tables('select * from a; select * from b join a using (id)')).toEqual([
      { table: 'a', schema: null, catalog: null },
      { table: 'b', schema: null, catalog: null },
    ]);
  });

  it('has no tables for table functions, non-SELECT statements and bad SQL', async () => {
    expect(await parser.tables("select * from read_parquet('x.parquet')")).toEqual([]);
    expect(await parser.tables('create table t as select * from b')).toEqual([]);
    expect(await parser.tables('selec 1')).toEqual([]);
    expect(tablesOfAst({ error: true })).toEqual([]);
    expect(tablesOfAst('nonsense')).toEqual([]);
  });

  it('parses concurrent calls one at a time, each with its own answer', async () => {
    const names = Array.from({ length: 20 }, (_, index) => `t${index}`);
    const answers = await Promise.all(names.map((name) => parser.tables(`select * from ${name}`)));
    expect(answers.map((tables) => tables[0].table)).toEqual(names);
  });

  it('parses a text once: a rerun is answered from memory', async () => {
    const own = await SqlTableParser.open();
    try {
      const prepare = vi.spyOn((own as unknown as { connection: DuckDBConnection }).connection, 'prepare');
      const sql = 'select 42 from once_only';
      const answers = await Promise.all([own.analyze(sql), own.analyze(sql)]);
      expect(await own.analyze(sql)).toBe(answers[0]);
      expect(answers[1]).toBe(answers[0]);
      expect(answers[0].tables).toEqual([{ table: 'once_only', schema: null, catalog: null }]);
      expect(prepare).toHaveBeenCalledTimes(1);
      await own.analyze('select 43');
      expect(prepare).toHaveBeenCalledTimes(2);
    } finally {
      await own.close();
    }
  });
});
