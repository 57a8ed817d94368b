import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import type { Cell } from '../../contracts/bi';
import { toCell } from './cells';
import { jsonWithRows, JsonRows, JsonRowsWriter } from './jsonRows';

let instance: DuckDBInstance;
let connection: DuckDBConnection;

beforeAll(async () => {
  instance = await DuckDBInstance.create(':memory:');
  connection = await instance.connect();
  await connection.run("SET TimeZone = 'UTC'");
});

afterAll(() => {
  connection.closeSync();
  instance.closeSync();
});

/** The rows of `sql` through the writer (at most `limit`), and the same rows converted cell by cell with toCell. */
async function bothWays(sql: string, limit = Infinity): Promise<{ written: JsonRows; expected: Record<string, Cell>[] }> {
  const result = await connection.run(sql);
  const names = result.deduplicatedColumnNames();
  const writer = new JsonRowsWriter(names, result.columnTypes());
  const expected: Record<string, Cell>[] = [];
  for (let chunk = await result.fetchChunk(); chunk && chunk.rowCount > 0; chunk = await result.fetchChunk()) {
    writer.append(chunk, limit - writer.count);
    for (let row = 0; row < chunk.rowCount && expected.length < limit; row++) {
      const cells: Record<string, Cell> = {};
      names.forEach((name, column) => {
        const vector = chunk.getColumnVector(column);
        cells[name] = toCell(vector.getItem(row), vector.type);
      });
      expected.push(cells);
    }
  }
  return { written: writer.finish(), expected };
}

/** Every 7th value NULL, so each column has both paths. */
const orNull = (expression: string) => `CASE WHEN i % 7 = 3 THEN NULL ELSE ${expression} END`;

const TYPED_COLUMNS = [
  `(i % 3 = 0) AS bool`,
  `(i % 256 - 128)::TINYINT AS tiny`,
  `(i * 37 % 65536 - 32768)::SMALLINT AS small`,
  `((hash(i) % 4294967296)::BIGINT - 2147483648)::INTEGER AS int`,
  `((hash(i) // 2)::BIGINT - 4611686018427387904)::BIGINT AS big`,
  `(hash(i) % 9007199254740991)::BIGINT AS safe_big`,
  `(i % 256)::UTINYINT AS utiny`,
  `(i * 37 % 65536)::USMALLINT AS usmall`,
  `(hash(i) % 4294967296)::UINTEGER AS uint`,
  `hash(i)::UBIGINT AS ubig`,
  `((hash(i) % 100000)::DOUBLE / 7.0)::FLOAT AS flt`,
  `CASE i % 11 WHEN 0 THEN 'NaN'::DOUBLE WHEN 1 THEN 'inf'::DOUBLE WHEN 2 THEN -0.0 ELSE (hash(i) % 1000000000)::BIGINT / 1024.0 * (i % 2 * 2 - 1) END AS dbl`,
  `(((hash(i) % 19999)::INTEGER - 9999) / 10)::DECIMAL(4,1) AS dec4`,
  `(((hash(i) % 1999999999)::BIGINT - 999999999)::DECIMAL(18,0) / 1000)::DECIMAL(9,3) AS dec9`,
  `(((hash(i) % 199999999999999999)::HUGEINT - 99999999999999999)::DECIMAL(38,0) / 100)::DECIMAL(18,2) AS dec18`,
  `((hash(i) % 99999999)::DECIMAL(18,0) / 10000000000)::DECIMAL(18,10) AS tiny_dec`,
  `(hash(i)::DECIMAL(38,0) / 100000)::DECIMAL(38,5) AS dec38`,
  `CASE i % 13 WHEN 0 THEN 'infinity'::DATE WHEN 1 THEN DATE '0044-03-15' - 20000 WHEN 2 THEN DATE '9999-12-31' ELSE DATE '1970-01-01' + ((hash(i) % 40000)::INTEGER - 20000) END AS day`,
  `CASE i % 13 WHEN 0 THEN '-infinity'::TIMESTAMP WHEN 1 THEN TIMESTAMP '1500-01-01 00:00:00.5' ELSE make_timestamp((hash(i) % 4000000000000000)::BIGINT - 2000000000000000) END AS ts`,
  `make_timestamp((hash(i) % 4000000000000000)::BIGINT)::TIMESTAMPTZ AS tstz`,
  `CASE i % 10 WHEN 0 THEN '' WHEN 1 THEN 'say "hi"\\ to	tab' || chr(10) || chr(1) WHEN 2 THEN 'héllo wörld — 😀' WHEN 3 THEN repeat('long text ', 1 + i % 5)
     WHEN 4 THEN 'exactly12chr' WHEN 5 THEN '13 characters' WHEN 6 THEN 'C:\\temp\\x' WHEN 7 THEN 'a "quoted" word' ELSE 'u' || i END AS text`,
  `gen_random_uuid() AS uuid`,
  `[i, NULL, i + 1] AS list`,
  `{'k': i, 'd': DATE '2025-01-01' + (i % 100)::INTEGER} AS struct`,
  `('\\xAA' || i::VARCHAR)::BLOB AS bytes`,
  `INTERVAL (i % 50) HOUR AS iv`,
];

describe('JsonRowsWriter', () => {
  it('writes exactly JSON.stringify of toCell for every type it knows and every other, NULLs included, over several chunks', async () => {
    const sql = `SELECT i, ${TYPED_COLUMNS.map((column) => {
      const [expression, name] = column.split(/ AS (?=\w+$)/);
      return `${orNull(expression)} AS ${name}`;
    }).join(',\n')} FROM range(5000) t(i)`;
    const { written, expected } = await bothWays(sql);
    expect(written.count).toBe(5000);
    expect(written.json.toString('utf8')).toBe(JSON.stringify(expected));
  });

  it('writes no more rows than asked for, across chunks', async () => {
    const { written, expected } = await bothWays('SELECT range AS i, range::VARCHAR AS s FROM range(5000)', 2500);
    expect(written.count).toBe(2500);
    expect(written.values()).toEqual(expected);
    expect(written.values().at(-1)).toEqual({ i: 2499, s: '2499' });
  });

  it('writes an empty result as []', async () => {
    const { written } = await bothWays('SELECT 1 AS a WHERE false');
    expect(written.json.toString()).toBe('[]');
    expect(written.count).toBe(0);
  });

  it('stops at the byte cap with the rows that fit (valid JSON, at most the cap) and says so', async () => {
    const result = await connection.run("SELECT range AS i, repeat('x', 5000) AS s FROM range(3000)");
    const cap = 100_000;
    const writer = new JsonRowsWriter(result.deduplicatedColumnNames(), result.columnTypes(), cap);
    for (let chunk = await result.fetchChunk(); chunk && chunk.rowCount > 0 && !writer.truncated; chunk = await result.fetchChunk()) {
      writer.append(chunk, Infinity);
    }
    const rows = writer.finish();
    expect(writer.truncated).toBe(true);
    expect(rows.json.length).toBeLessThanOrEqual(cap);
    // One row more would not have fit.
    expect(rows.json.length + 5000).toBeGreaterThan(cap);
    const values = rows.values();
    expect(values).toHaveLength(rows.count);
    expect(values.at(-1)).toEqual({ i: rows.count - 1, s: 'x'.repeat(5000) });
  });

  it('is not truncated when everything fits under the cap', async () => {
    const result = await connection.run('SELECT range AS i FROM range(10)');
    const writer = new JsonRowsWriter(result.deduplicatedColumnNames(), result.columnTypes(), 1000);
    writer.append((await result.fetchChunk())!, Infinity);
    expect(writer.truncated).toBe(false);
    expect(writer.finish().count).toBe(10);
  });

  it('keys rows by the deduplicated names, escaped as JSON', async () => {
    const { written } = await bothWays(`SELECT 1 AS a, 2 AS a, 3 AS "say ""x"""`);
    expect(written.values()).toEqual([{ a: 1, 'a:1': 2, 'say "x"': 3 }]);
  });
});

describe('jsonWithRows', () => {
  it('splices the rows into the body as its data', () => {
    const rows = JsonRows.of([{ n: 1 }, { n: null }]);
    const body = jsonWithRows({ status: 'success', data: rows, query: { id: 'x' } });
    expect(JSON.parse(body.toString())).toEqual({ status: 'success', data: [{ n: 1 }, { n: null }], query: { id: 'x' } });
    expect(JSON.parse(jsonWithRows({ data: rows }).toString())).toEqual({ data: [{ n: 1 }, { n: null }] });
  });

  it('gives the rows to JSON.stringify as values, for any other serializer', () => {
    expect(JSON.stringify({ data: JsonRows.of([{ a: 'é' }]) })).toBe('{"data":[{"a":"é"}]}');
  });
});
