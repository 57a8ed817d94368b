import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { formatSql } from './format';

/** The corpus: statements parted by `-- @@` lines (the file's opening comment is not one). */
const corpus = readFileSync(new URL('./testing/formatCorpus.sql', import.meta.url), 'utf8')
  .split(/^-- @@$/m)
  .slice(1)
  .map((statement) => statement.trim());

const TABLES = `
  create table customers as select * from (values (1, 'Ada'), (2, 'Grace'), (3, 'Edsger')) t(id, name);
  create table orders as select * from (values
    (1, 1, 12.5, 'paid', timestamp '2024-01-02'), (2, 1, 55.0, 'open', timestamp '2024-02-03'),
    (3, 2, 23.0, 'paid', timestamp '2024-01-05'), (4, 3, 8.0, 'refunded', timestamp '2024-03-01'),
    (5, 2, 70.25, 'paid', timestamp '2024-03-09')) t(id, customer_id, amount, status, created);
  create table events as select * from (values
    (1, timestamp '2024-01-01', 'login'), (2, timestamp '2024-01-04', 'login'), (1, timestamp '2024-02-01', 'buy')) t(customer_id, happened, kind);
`;

let instance: DuckDBInstance;
let connection: DuckDBConnection;

beforeAll(async () => {
  instance = await DuckDBInstance.create(':memory:');
  connection = await instance.connect();
  await connection.run(TABLES);
});

afterAll(() => {
  connection.closeSync();
  instance.closeSync();
});

async function result(sql: string): Promise<{ columns: string[]; rows: unknown }> {
  const reader = await connection.runAndReadAll(sql);
  return { columns: reader.columnNames(), rows: reader.getRowsJson() };
}

describe('Format keeps what the SQL means (a corpus of real DuckDB SQL)', () => {
  it('has a varied corpus', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(40);
  });

  it.each(corpus.map((sql, index) => [index + 1, sql] as const))('statement %i runs the same after Format', async (_, sql) => {
    const before = await result(sql);
    const formatted = formatSql(sql);
    expect(await result(formatted)).toEqual(before);
  });
});
