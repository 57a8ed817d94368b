import { describe, expect, it } from 'vitest';
import { BiHttpError } from './errors';
import { dialectOf, formatSql, quoteIdentifier, selectStar } from './format';

describe('format_sql', () => {
  it('formats DuckDB SQL with upper-case keywords, statement by statement', () => {
    expect(formatSql('select a,b from t where x=1; select 2')).toBe('SELECT\n  a,\n  b\nFROM\n  t\nWHERE\n  x = 1;\n\nSELECT\n  2');
  });

  it('knows DuckDB syntax by default', () => {
    expect(formatSql("select {'a': 1} as s, [1,2] as l, x::int from t")).toContain("{'a': 1} AS s");
  });

  it('maps Superset engine names to dialects; unknown engines format as standard SQL', () => {
    expect(dialectOf(undefined)).toBe('duckdb');
    expect(dialectOf(null)).toBe('duckdb');
    expect(dialectOf('postgresql')).toBe('postgresql');
    expect(dialectOf('postgres')).toBe('postgresql');
    expect(dialectOf('PostgreSQL')).toBe('postgresql');
    expect(dialectOf('mssql')).toBe('transactsql');
    expect(dialectOf('presto')).toBe('trino');
    expect(dialectOf('teradata')).toBe('sql');
    expect(formatSql('select 1', 'postgresql')).toBe('SELECT\n  1');
  });

  it('answers 400 with the reason when the SQL cannot be parsed', () => {
    try {
      formatSql("select 'abc");
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(BiHttpError);
      expect((error as BiHttpError).statusCode).toBe(400);
      expect((error as BiHttpError).body.message).toMatch(/^The SQL could not be formatted: Parse error/);
    }
  });

  it('keeps a string continued over lines on its lines (one string in DuckDB; on one line a syntax error)', () => {
    expect(formatSql("select 'a'\n' - b' as x")).toBe("SELECT\n  'a'\n' - b' AS x");
    expect(formatSql("select 'a' -- half\n  'b' as x, 'c'\n'd' as y")).toBe("SELECT\n  'a' -- half\n  'b' AS x,\n  'c'\n'd' AS y");
  });

  it('refuses, SQL left as it was, when formatting would change what it means', () => {
    // sql-formatter parts the operator <=> into `<= >`.
    expect(() => formatSql('select 1 <=> 2')).toThrow(/^The SQL was not formatted: formatting would change what it means \(at "<=>"\)\.$/);
  });

  it("builds Superset's selectStar with every column quoted", () => {
    expect(quoteIdentifier('a"b')).toBe('"a""b"');
    expect(selectStar('gaming', 'bets', ['id', 'Amount'])).toBe('SELECT\n  "id",\n  "Amount"\nFROM\n  "gaming"."bets"\nLIMIT\n  100');
    expect(selectStar('main', 't', [])).toContain('SELECT\n  *');
  });
});
