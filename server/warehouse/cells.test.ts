import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import type { Cell } from '../../contracts/bi';
import { toCell, typeName } from './cells';
import { JsonRowsWriter } from './jsonRows';

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

/** The first row of a SELECT as the API writes it (parsed back), with the column types as named to clients. */
async function firstRow(sql: string): Promise<{ row: Record<string, Cell>; types: Record<string, string> }> {
  const result = await connection.run(sql);
  const names = result.deduplicatedColumnNames();
  const writer = new JsonRowsWriter(names, result.columnTypes());
  const chunk = await result.fetchChunk();
  if (chunk) writer.append(chunk, 1);
  const types = Object.fromEntries(names.map((name, index) => [name, typeName(result.columnType(index))]));
  return { row: writer.finish().values()[0], types };
}

describe('cells', () => {
  it('keeps integers exact: numbers within 2^53, decimal strings beyond', async () => {
    const { row } = await firstRow(`SELECT 42::TINYINT AS tiny, 9007199254740991::BIGINT AS safe, 9007199254740993::BIGINT AS big,
      -9007199254740993::BIGINT AS negative, 18446744073709551615::UBIGINT AS ubig,
      170141183460469231731687303715884105727::HUGEINT AS huge, 12345678901234567890123::VARINT AS varint`);
    expect(row).toEqual({
      tiny: 42,
      safe: 9007199254740991,
      big: '9007199254740993',
      negative: '-9007199254740993',
      ubig: '18446744073709551615',
      huge: '170141183460469231731687303715884105727',
      varint: '12345678901234567890123',
    });
  });

  it('gives DECIMAL as numbers and non-finite doubles as text', async () => {
    const { row, types } = await firstRow(`SELECT 12.34::DECIMAL(18,2) AS amount, -0.5::DECIMAL(38,10) AS wide, 1.5::DOUBLE AS d,
      'NaN'::DOUBLE AS nan, 'infinity'::DOUBLE AS inf`);
    expect(row).toEqual({ amount: 12.34, wide: -0.5, d: 1.5, nan: 'NaN', inf: 'Infinity' });
    expect(types).toMatchObject({ amount: 'DECIMAL(18,2)', wide: 'DECIMAL(38,10)', d: 'DOUBLE' });
  });

  it('gives the same DECIMAL numbers as DuckDB’s own cast to DOUBLE, small and past 2^53', async () => {
    const { row } = await firstRow(`SELECT 0.1::DECIMAL(18,1) AS a, 123456789.123456789::DECIMAL(18,9) AS b, -987654.32::DECIMAL(18,2) AS c,
      123456789012345678.9::DECIMAL(38,1) AS big, 0.000000000000000001::DECIMAL(38,18) AS tiny,
      0.1::DOUBLE AS a2, 123456789.123456789::DECIMAL(18,9)::DOUBLE AS b2, -987654.32::DOUBLE AS c2,
      123456789012345678.9::DECIMAL(38,1)::DOUBLE AS big2, 0.000000000000000001::DECIMAL(38,18)::DOUBLE AS tiny2`);
    expect([row.a, row.b, row.c, row.big, row.tiny]).toEqual([row.a2, row.b2, row.c2, row.big2, row.tiny2]);
  });

  it('writes dates and times as ISO 8601 text', async () => {
    const { row } = await firstRow(`SET TimeZone = 'UTC'; SELECT DATE '2025-01-02' AS d, TIMESTAMP '2025-01-02 03:04:05' AS ts,
      TIMESTAMP '2025-01-02 03:04:05.123456' AS micros, TIMESTAMPTZ '2025-01-02 03:04:05+02' AS tz, TIME '12:34:56' AS t,
      TIMETZ '12:00:00+02' AS ttz, TIMESTAMP_MS '2025-01-02 03:04:05.5' AS ms, 'infinity'::DATE AS forever,
      'infinity'::TIMESTAMP AS ts_forever, INTERVAL '1 day 2 hours' AS iv`);
    expect(row).toEqual({
      d: '2025-01-02',
      ts: '2025-01-02T03:04:05',
      micros: '2025-01-02T03:04:05.123456',
      tz: '2025-01-02T01:04:05+00:00',
      t: '12:34:56',
      ttz: '12:00:00+02:00',
      ms: '2025-01-02T03:04:05.5',
      forever: 'infinity',
      ts_forever: 'infinity',
      iv: '1 day 02:00:00',
    });
  });

  it('gives the same DATE and TIMESTAMP text on its fast path as DuckDB’s conversion, over the whole range', async () => {
    // Deterministic spread over ±2^53 µs (years 1685–2255) and days far outside, plus edges.
    const micros = ['0', '-1', '1', '999999', '-1000000', '9007199254740991', '-9007199254740991', '9007199254740992', '-62135596800000000'];
    for (let i = 0, x = 12345; i < 500; i++) {
      x = (x * 1103515245 + 12345) % 2147483648;
      micros.push(String(BigInt(Math.round((x / 2147483648 - 0.5) * 2 * 9e15)) + BigInt(i % 3 === 0 ? 0 : x % 1000000)));
    }
    const days = ['0', '-1', '-719162', '-719163', '2932896', '2932897', '-800000', '19000', '5000000'];
    const result = await connection.run(`SELECT make_timestamp(m) AS ts, (DATE '1970-01-01' + d::INTEGER) AS day
      FROM (SELECT unnest([${micros.join(', ')}]::BIGINT[]) AS m, unnest([${days.join(', ')}]) AS d)`);
    const names = result.deduplicatedColumnNames();
    let checked = 0;
    for (let chunk = await result.fetchChunk(); chunk && chunk.rowCount > 0; chunk = await result.fetchChunk()) {
      const writer = new JsonRowsWriter(names, result.columnTypes());
      writer.append(chunk, chunk.rowCount);
      const rows = writer.finish().values();
      const ts = chunk.getColumnVector(0);
      const day = chunk.getColumnVector(1);
      for (let row = 0; row < chunk.rowCount; row++, checked++) {
        expect(rows[row].ts).toBe(toCell(ts.getItem(row), ts.type));
        expect(rows[row].day).toBe(toCell(day.getItem(row), day.type));
      }
    }
    expect(checked).toBe(micros.length);
  });

  it('converts NULL, text, UUID, BLOB, JSON and enums', async () => {
    const { row, types } = await firstRow(`SELECT NULL::INTEGER AS n, NULL AS untyped, 'héllo' AS s, true AS b,
      '9dd4e461-268c-8034-f5c8-564e155c67a6'::UUID AS u, '\\xAA\\x00x'::BLOB AS bytes, json_object('a', 1) AS j,
      'b'::ENUM('a', 'b') AS e, '101'::BIT AS bits`);
    expect(row).toEqual({
      n: null,
      untyped: null,
      s: 'héllo',
      b: true,
      u: '9dd4e461-268c-8034-f5c8-564e155c67a6',
      bytes: 'aa0078',
      j: '{"a":1}',
      e: 'b',
      bits: '101',
    });
    expect(types).toMatchObject({ u: 'UUID', bytes: 'BLOB', j: 'JSON' });
  });

  it('turns LIST, ARRAY, STRUCT, MAP and UNION into arrays and objects, converting inside', async () => {
    const { row, types } = await firstRow(`SELECT [1, NULL, 3] AS list, [1.5, 2]::DECIMAL(4,1)[2] AS arr,
      {'id': 9007199254740993::BIGINT, 'at': DATE '2025-01-01', 'tags': ['a']} AS struct,
      MAP {'k': 1, 'j': 2} AS map, MAP {1: 'one'} AS int_map,
      union_value(num := 2)::UNION(num INTEGER, str VARCHAR) AS choice, [] AS empty`);
    expect(row).toEqual({
      list: [1, null, 3],
      arr: [1.5, 2],
      struct: { id: '9007199254740993', at: '2025-01-01', tags: ['a'] },
      map: { k: 1, j: 2 },
      int_map: { 1: 'one' },
      choice: 2,
      empty: [],
    });
    expect(types.list).toBe('INTEGER[]');
  });

});
