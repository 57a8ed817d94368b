import type { DuckDBDataChunk, DuckDBType } from '@duckdb/node-api';
import type { Cell } from '../../contracts/bi';
import { JsonBytes } from './jsonBytes';
import { columnCells } from './jsonCells';

/**
 * A result's rows as the JSON array the API answers with ([{column: cell, ...}, ...]), in
 * UTF-8 bytes written straight from DuckDB's chunks: the rows are never JS objects on the way
 * to the client, so a big result costs one buffer instead of an object per row and a string.
 */
export class JsonRows {
  constructor(
    /** The JSON array's bytes. */
    readonly json: Buffer,
    readonly count: number,
  ) {}

  /** Rows already in memory (fakes and tests), as the warehouse would write them. */
  static of(rows: Record<string, Cell>[]): JsonRows {
    return new JsonRows(Buffer.from(JSON.stringify(rows)), rows.length);
  }

  /** The rows as values (parsed: for tests and small results only). */
  values(): Record<string, Cell>[] {
    return JSON.parse(this.json.toString('utf8')) as Record<string, Cell>[];
  }

  /** JSON.stringify of anything that holds rows writes them as the array they are. */
  toJSON(): Record<string, Cell>[] {
    return this.values();
  }
}

/** A body whose `data` is rows, as the API answers it (e.g. SQL Lab's execute). */
export type WithRows<T extends { data: unknown }> = Omit<T, 'data'> & { data: JsonRows };

const DATA_KEY = Buffer.from('{"data":');

/** `body` as JSON bytes with its rows spliced in as they are (never parsed and written again). */
export function jsonWithRows<T extends { data: JsonRows }>(body: T): Buffer {
  const { data, ...rest } = body;
  const others = JSON.stringify(rest);
  return Buffer.concat([DATA_KEY, data.json, Buffer.from(others === '{}' ? '}' : `,${others.slice(1)}`)]);
}

const OPEN_ROW = 0x7b;
const CLOSE_ROW = 0x7d;
const COMMA = 0x2c;
const NULL_BYTES = new Uint8Array(Buffer.from('null'));

/**
 * Collects rows chunk by chunk as the JSON array of a JsonRows, at most `maxBytes` of it: the
 * row that would pass the cap is taken back and the writer is `truncated` (it takes no more).
 */
export class JsonRowsWriter {
  private readonly out = new JsonBytes();
  /** `"name":` of each column (after its comma), as bytes. */
  private readonly keys: Uint8Array[];
  count = 0;
  truncated = false;

  constructor(
    names: readonly string[],
    private readonly types: readonly DuckDBType[],
    private readonly maxBytes = Infinity,
  ) {
    this.keys = names.map((name, index) => new Uint8Array(Buffer.from(`${index === 0 ? '' : ','}${JSON.stringify(name)}:`)));
    this.out.byte(0x5b);
  }

  /** Appends the first `take` rows of the chunk (at most all of them), unless truncated. */
  append(chunk: DuckDBDataChunk, take: number): void {
    const rows = Math.min(take, chunk.rowCount);
    if (rows <= 0 || this.truncated) return;
    const { out, keys } = this;
    const columns = this.types.map((type, column) => columnCells(out, chunk, column, type));
    for (let row = 0; row < rows; row++) {
      const start = out.length;
      out.reserve(2);
      if (this.count++ > 0) out.byte(COMMA);
      out.byte(OPEN_ROW);
      for (let column = 0; column < columns.length; column++) {
        out.raw(keys[column]);
        const { validity, write, slow } = columns[column];
        if (validity !== null && (validity[row >>> 3] & (1 << (row & 7))) === 0) out.raw(NULL_BYTES);
        else if (write(row) === false) slow(row);
      }
      out.reserve(1);
      out.byte(CLOSE_ROW);
      // The closing bracket must fit too.
      if (out.length + 1 > this.maxBytes) {
        out.length = start;
        this.count--;
        this.truncated = true;
        return;
      }
    }
  }

  finish(): JsonRows {
    this.out.reserve(1);
    this.out.byte(0x5d);
    return new JsonRows(this.out.bytes(), this.count);
  }
}
