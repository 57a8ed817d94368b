import duckdb from '@duckdb/node-bindings';
import { DuckDBTypeId, type DuckDBDataChunk, type DuckDBDecimalType, type DuckDBType } from '@duckdb/node-api';
import { toCell } from './cells';
import type { JsonBytes } from './jsonBytes';

/**
 * Cells of a DuckDB column written as JSON straight from the vector's memory: the scalar types
 * most results are made of read their bytes with no JS value per cell (no BigInt, no value
 * object, no string for ASCII text). Their text is exactly JSON.stringify(toCell(value)); every
 * other type and every value off a fast path takes toCell.
 */

/** One column of a chunk, ready to write its cells into a JsonBytes. */
export interface ColumnCells {
  /** DuckDB's validity bits (a 0 bit is NULL); null when DuckDB keeps none (no NULL in the column). */
  validity: Uint8Array | null;
  /** Writes a non-NULL cell; false when the value is off the fast path (nothing written then). */
  write: (row: number) => boolean | void;
  /** Writes a non-NULL cell through toCell. */
  slow: (row: number) => void;
}

const QUOTE = 0x22;
const TWO_32 = 2 ** 32;
const TRUE_BYTES = new Uint8Array(Buffer.from('true'));
const FALSE_BYTES = new Uint8Array(Buffer.from('false'));

const MS_PER_DAY = 86_400_000;
/** 0001-01-01 and 9999-12-31 as days since 1970: within them, the text is a plain four-digit year. */
const FIRST_DAY = -719_162;
const LAST_DAY = 2_932_896;
/** A string_t is 16 bytes: its length, then up to 12 bytes inline or a prefix and a pointer. */
const STRING_T = 16;
const INLINE_BYTES = 12;

/**
 * "YYYY-MM-DD" of a day since 1970 as ASCII bytes. Results repeat days a lot, so they are kept
 * (a few thousand at most, then started afresh).
 */
const dayBytes = new Map<number, Uint8Array>();
function dayText(days: number): Uint8Array {
  let bytes = dayBytes.get(days);
  if (bytes === undefined) {
    if (dayBytes.size >= 4096) dayBytes.clear();
    bytes = new Uint8Array(Buffer.from(new Date(days * MS_PER_DAY).toISOString().slice(0, 10), 'latin1'));
    dayBytes.set(days, bytes);
  }
  return bytes;
}

/** Column `column` of `chunk`, to be written into `out`. */
export function columnCells(out: JsonBytes, chunk: DuckDBDataChunk, column: number, type: DuckDBType): ColumnCells {
  const vector = duckdb.data_chunk_get_vector(chunk.chunk, column);
  const rows = chunk.rowCount;
  const validity = duckdb.vector_get_validity(vector, Math.ceil(rows / 64) * 8) as Uint8Array | null;
  const data = (bytesPerRow: number) => {
    const bytes = duckdb.vector_get_data(vector, rows * bytesPerRow);
    return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  };
  // Everything off a fast path: node-api's value of the cell, converted as toCell does.
  let slowVector: ReturnType<DuckDBDataChunk['getColumnVector']> | null = null;
  const slow = (row: number) => {
    slowVector ??= chunk.getColumnVector(column);
    out.json(toCell(slowVector.getItem(row), type));
  };
  return { validity: validity ?? null, write: fastWriter(out, type, data) ?? slow, slow };
}

/** A writer that returns false when the value is off its fast path (nothing written then). */
type FastWriter = (row: number) => boolean | void;

type WriterMaker = (out: JsonBytes, type: DuckDBType, data: (bytesPerRow: number) => DataView) => FastWriter | null;

/** Each type with a fast path, by DuckDB type id; the writers read the vector's bytes in place. */
const FAST_WRITERS: Partial<Record<DuckDBTypeId, WriterMaker>> = {
  [DuckDBTypeId.BOOLEAN]: (out, _type, data) => {
    const view = data(1);
    return (row) => {
      out.raw(view.getUint8(row) !== 0 ? TRUE_BYTES : FALSE_BYTES);
    };
  },
  [DuckDBTypeId.TINYINT]: (out, _type, data) => {
    const view = data(1);
    return (row) => out.integer(view.getInt8(row));
  },
  [DuckDBTypeId.UTINYINT]: (out, _type, data) => {
    const view = data(1);
    return (row) => out.integer(view.getUint8(row));
  },
  [DuckDBTypeId.SMALLINT]: (out, _type, data) => {
    const view = data(2);
    return (row) => out.integer(view.getInt16(row * 2, true));
  },
  [DuckDBTypeId.USMALLINT]: (out, _type, data) => {
    const view = data(2);
    return (row) => out.integer(view.getUint16(row * 2, true));
  },
  [DuckDBTypeId.INTEGER]: (out, _type, data) => {
    const view = data(4);
    return (row) => out.integer(view.getInt32(row * 4, true));
  },
  [DuckDBTypeId.UINTEGER]: (out, _type, data) => {
    const view = data(4);
    return (row) => out.integer(view.getUint32(row * 4, true));
  },
  [DuckDBTypeId.BIGINT]: bigintWriter,
  [DuckDBTypeId.UBIGINT]: bigintWriter,
  [DuckDBTypeId.FLOAT]: (out, _type, data) => {
    const view = data(4);
    return (row) => out.double(view.getFloat32(row * 4, true));
  },
  [DuckDBTypeId.DOUBLE]: (out, _type, data) => {
    const view = data(8);
    return (row) => out.double(view.getFloat64(row * 8, true));
  },
  [DuckDBTypeId.DECIMAL]: (out, type, data) => decimalWriter(out, type as DuckDBDecimalType, data),
  [DuckDBTypeId.DATE]: dateWriter,
  [DuckDBTypeId.TIMESTAMP]: timestampWriter,
  [DuckDBTypeId.VARCHAR]: (out, _type, data) => varcharWriter(out, data(STRING_T)),
};

function fastWriter(out: JsonBytes, type: DuckDBType, data: (bytesPerRow: number) => DataView): FastWriter | null {
  return FAST_WRITERS[type.typeId]?.(out, type, data) ?? null;
}

/** BIGINT and UBIGINT: past 2^53 the cell is the decimal text, which toCell writes. */
function bigintWriter(out: JsonBytes, type: DuckDBType, data: (bytesPerRow: number) => DataView): FastWriter {
  const view = data(8);
  const signed = type.typeId === DuckDBTypeId.BIGINT;
  return (row) => {
    const high = signed ? view.getInt32(row * 8 + 4, true) : view.getUint32(row * 8 + 4, true);
    const value = high * TWO_32 + view.getUint32(row * 8, true);
    if (!Number.isSafeInteger(value)) return false;
    out.integer(value);
  };
}

/** DATE within the years toCell writes as YYYY-MM-DD; others take toCell. */
function dateWriter(out: JsonBytes, _type: DuckDBType, data: (bytesPerRow: number) => DataView): FastWriter {
  const view = data(4);
  return (row) => {
    const days = view.getInt32(row * 4, true);
    if (days < FIRST_DAY || days > LAST_DAY) return false;
    out.reserve(12);
    out.byte(QUOTE);
    out.raw(dayText(days));
    out.byte(QUOTE);
  };
}

function timestampWriter(out: JsonBytes, _type: DuckDBType, data: (bytesPerRow: number) => DataView): FastWriter {
  const view = data(8);
  return (row) => {
    const micros = view.getInt32(row * 8 + 4, true) * TWO_32 + view.getUint32(row * 8, true);
    if (!Number.isSafeInteger(micros)) return false;
    writeTimestamp(out, micros);
  };
}

/** DECIMAL of up to 18 digits (stored in 16, 32 or 64 bits); wider ones take toCell. */
function decimalWriter(out: JsonBytes, type: DuckDBDecimalType, data: (bytesPerRow: number) => DataView): FastWriter | null {
  const { width, scale } = type;
  if (width <= 4) {
    const view = data(2);
    return (row) => out.decimal(view.getInt16(row * 2, true), scale);
  }
  if (width <= 9) {
    const view = data(4);
    return (row) => out.decimal(view.getInt32(row * 4, true), scale);
  }
  if (width <= 18) {
    const view = data(8);
    return (row) => {
      const scaled = view.getInt32(row * 8 + 4, true) * TWO_32 + view.getUint32(row * 8, true);
      if (!Number.isSafeInteger(scaled)) return false;
      out.decimal(scaled, scale);
    };
  }
  return null;
}

/** "YYYY-MM-DDTHH:MM:SS[.ffffff]" of a safe µs count (years 1685–2255), the fraction without its trailing zeros (as DuckDB prints it). */
function writeTimestamp(out: JsonBytes, micros: number): void {
  const seconds = Math.floor(micros / 1e6);
  const days = Math.floor(seconds / 86_400);
  out.reserve(29);
  out.byte(QUOTE);
  out.raw(dayText(days));
  out.byte(0x54); // T
  const inDay = seconds - days * 86_400;
  out.paddedDigits(Math.floor(inDay / 3600), 2);
  out.byte(0x3a);
  out.paddedDigits(Math.floor(inDay / 60) % 60, 2);
  out.byte(0x3a);
  out.paddedDigits(inDay % 60, 2);
  let fraction = micros - seconds * 1e6;
  if (fraction !== 0) {
    let places = 6;
    while (fraction % 10 === 0) {
      fraction /= 10;
      places--;
    }
    out.byte(0x2e);
    out.paddedDigits(fraction, places);
  }
  out.byte(QUOTE);
}

/**
 * VARCHAR: text of printable ASCII without `"` or `\` is copied byte for byte between quotes;
 * anything else (escapes, other characters) is decoded and written by JSON.stringify.
 */
function varcharWriter(out: JsonBytes, view: DataView): FastWriter {
  const inline = new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
  return (row) => {
    const at = row * STRING_T;
    const length = view.getUint32(at, true);
    const isInline = length <= INLINE_BYTES;
    const bytes = isInline ? inline : duckdb.get_data_from_pointer(view.buffer as ArrayBuffer, view.byteOffset + at + 8, length);
    const start = isInline ? at + 4 : 0;
    const end = start + length;
    for (let i = start; i < end; i++) {
      const byte = bytes[i];
      if (byte < 0x20 || byte >= 0x80 || byte === QUOTE || byte === 0x5c) {
        out.json(decoder.decode(bytes.subarray(start, end)));
        return;
      }
    }
    out.reserve(length + 2);
    out.byte(QUOTE);
    out.rawRange(bytes, start, end);
    out.byte(QUOTE);
  };
}

const decoder = new TextDecoder();
