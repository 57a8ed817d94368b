import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { extractStatements, lastStatementText } from './statements';
import { WarehouseSqlError } from './types';

let instance: DuckDBInstance;
let connection: DuckDBConnection;

beforeAll(async () => {
  instance = await DuckDBInstance.create(':memory:');
  connection = await instance.connect();
});

afterAll(() => {
  connection.closeSync();
  instance.closeSync();
});

async function last(sql: string): Promise<string> {
  const { count } = await extractStatements(connection, sql);
  return lastStatementText(connection, sql, count);
}

describe('statements', () => {
  it('lets DuckDB split the statements, semicolons in strings and comments included', async () => {
    expect((await extractStatements(connection, "SELECT 'a;b'; -- one; two\nSELECT 2;")).count).toBe(2);
  });

  it('reports parse errors with DuckDB’s text and empty SQL as no statement', async () => {
    await expect(extractStatements(connection, 'SELEC 1')).rejects.toThrow(new WarehouseSqlError('Parser Error: syntax error at or near "SELEC"\n\nLINE 1: SELEC 1\n        ^'));
    await expect(extractStatements(connection, ' -- nothing\n ')).rejects.toThrow('No SQL statement to run');
  });

  it('finds the text of the last statement', async () => {
    expect(await last('SELECT 1')).toBe('SELECT 1');
    expect(await last('SELECT 1; SELECT 2')).toBe('SELECT 2');
    expect(await last('SELECT 1; SELECT 2;\n-- done\n')).toBe('SELECT 2;\n-- done');
    expect(await last("SELECT 1; SELECT 'x; SELECT 3' AS s")).toBe("SELECT 'x; SELECT 3' AS s");
    expect(await last('SELECT 1; /* a; b */ SELECT 2')).toBe('/* a; b */ SELECT 2');
    expect(await last("SELECT 'a;' AS x; SELECT ';' AS y; SELECT 3 -- ;\n")).toBe('SELECT 3 -- ;');
  });
});
