import {
  arrayFromArrayValue,
  arrayFromListValue,
  createDuckDBValueConverter,
  doubleFromDecimalValue,
  DuckDBTypeId,
  fromVariantValue,
  objectFromStructValue,
  type DuckDBBlobValue,
  type DuckDBDataChunk,
  type DuckDBDateValue,
  type DuckDBDecimalValue,
  type DuckDBTimestampValue,
  type DuckDBMapType,
  type DuckDBMapValue,
  type DuckDBType,
  type DuckDBUnionType,
  type DuckDBUnionValue,
  type DuckDBValue,
  type DuckDBValueConverter,
} from '@duckdb/node-api';
import type { Cell } from './types';

/**
 * DuckDB values as JSON can carry them (see Cell): integers past 2^53 and 128-bit ones as
 * decimal strings, DECIMAL as numbers (like Superset's JSON), dates and times as ISO 8601
 * text, BLOB as hex, nested types as arrays and objects.
 */

type Convert = DuckDBValueConverter<Exclude<Cell, null>>;

const text: Convert = (value) => String(value);

const number: Convert = (value) => {
  const numeric = Number(value);
  return Number.isFinite(numeric) ? numeric : String(numeric);
};

/** 64-bit integers: a number while it is exact, else the decimal text. */
const integer: Convert = (value) => {
  const big = value as bigint;
  return big <= BigInt(Number.MAX_SAFE_INTEGER) && big >= BigInt(Number.MIN_SAFE_INTEGER) ? Number(big) : big.toString();
};

/** "2025-01-02 03:04:05.5+00" → "2025-01-02T03:04:05.5+00:00" (infinity stays as it is). */
const timestamp: Convert = (value) => String(value).replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00');

const date: Convert = (value) => {
  const day = value as DuckDBDateValue;
  // node-api prints the infinite dates as far-future dates.
  if (!day.isFinite) return day.days > 0 ? 'infinity' : '-infinity';
  return day.toString();
};

const SAFE = BigInt(Number.MAX_SAFE_INTEGER);
const POWERS_OF_TEN = Array.from({ length: 23 }, (_, i) => 10 ** i);

/**
 * DECIMAL as a number. While the scaled value is an exact double, dividing by 10^scale (exact up
 * to 10^22) is one correctly rounded operation, as DuckDB's own cast; it skips a native call per
 * cell (the bulk of a money-heavy result's conversion). Other values take DuckDB's conversion.
 */
const decimal: Convert = (value) => {
  const { value: scaled, scale } = value as DuckDBDecimalValue;
  if (scaled <= SAFE && scaled >= -SAFE && scale < POWERS_OF_TEN.length) return Number(scaled) / POWERS_OF_TEN[scale];
  return doubleFromDecimalValue(value);
};

const timeWithZone: Convert = (value) => String(value).replace(/([+-]\d\d)$/, '$1:00');

const blob: Convert = (value) => Buffer.from((value as DuckDBBlobValue).bytes).toString('hex');

const map: Convert = (value, type, convert) => {
  const { entries } = value as DuckDBMapValue;
  const mapType = type as DuckDBMapType;
  const object: Record<string, Cell> = {};
  for (const entry of entries) {
    const key = convert(entry.key, mapType.keyType, convert);
    object[typeof key === 'string' ? key : JSON.stringify(key)] = convert(entry.value, mapType.valueType, convert);
  }
  return object;
};

/** A UNION cell is the value of its active member. */
const union: Convert = (value, type, convert) => {
  const { tag, value: member } = value as DuckDBUnionValue;
  return convert(member, (type as DuckDBUnionType).memberTypeForTag(tag), convert);
};

const unsupported: Convert = (value) => String(value);

const BY_TYPE_ID: Record<DuckDBTypeId, Convert> = {
  [DuckDBTypeId.INVALID]: unsupported,
  [DuckDBTypeId.BOOLEAN]: (value) => value as boolean,
  [DuckDBTypeId.TINYINT]: number,
  [DuckDBTypeId.SMALLINT]: number,
  [DuckDBTypeId.INTEGER]: number,
  [DuckDBTypeId.BIGINT]: integer,
  [DuckDBTypeId.UTINYINT]: number,
  [DuckDBTypeId.USMALLINT]: number,
  [DuckDBTypeId.UINTEGER]: number,
  [DuckDBTypeId.UBIGINT]: integer,
  [DuckDBTypeId.FLOAT]: number,
  [DuckDBTypeId.DOUBLE]: number,
  [DuckDBTypeId.TIMESTAMP]: timestamp,
  [DuckDBTypeId.DATE]: date,
  [DuckDBTypeId.TIME]: text,
  [DuckDBTypeId.INTERVAL]: text,
  [DuckDBTypeId.HUGEINT]: text,
  [DuckDBTypeId.UHUGEINT]: text,
  [DuckDBTypeId.VARCHAR]: text,
  [DuckDBTypeId.BLOB]: blob,
  [DuckDBTypeId.DECIMAL]: decimal,
  [DuckDBTypeId.TIMESTAMP_S]: timestamp,
  [DuckDBTypeId.TIMESTAMP_MS]: timestamp,
  [DuckDBTypeId.TIMESTAMP_NS]: timestamp,
  [DuckDBTypeId.ENUM]: text,
  [DuckDBTypeId.LIST]: (value, type, convert) => arrayFromListValue(value, type, convert),
  [DuckDBTypeId.STRUCT]: (value, type, convert) => objectFromStructValue(value, type, convert),
  [DuckDBTypeId.MAP]: map,
  [DuckDBTypeId.ARRAY]: (value, type, convert) => arrayFromArrayValue(value, type, convert),
  [DuckDBTypeId.UUID]: text,
  [DuckDBTypeId.UNION]: union,
  [DuckDBTypeId.BIT]: text,
  [DuckDBTypeId.TIME_TZ]: timeWithZone,
  [DuckDBTypeId.TIMESTAMP_TZ]: timestamp,
  [DuckDBTypeId.ANY]: unsupported,
  [DuckDBTypeId.BIGNUM]: integer,
  [DuckDBTypeId.SQLNULL]: () => null,
  [DuckDBTypeId.STRING_LITERAL]: text,
  [DuckDBTypeId.INTEGER_LITERAL]: text,
  [DuckDBTypeId.TIME_NS]: text,
  [DuckDBTypeId.GEOMETRY]: unsupported,
  [DuckDBTypeId.VARIANT]: (value, type, convert) => fromVariantValue(value, type, convert),
};

/** Converts one DuckDB value (NULL → null), recursing into nested types. */
export const toCell: (value: DuckDBValue, type: DuckDBType) => Cell = (() => {
  const convert = createDuckDBValueConverter(BY_TYPE_ID) as Convert;
  return (value, type) => convert(value, type, convert);
})();

/** The type as DuckDB names it; aliases such as JSON keep their name. */
export function typeName(type: DuckDBType): string {
  return type.alias ?? type.toString();
}

const MS_PER_DAY = 86_400_000;
/** 0001-01-01 and 9999-12-31 as days since 1970: within them, Date prints a plain four-digit year. */
const FIRST_DAY = -719_162;
const LAST_DAY = 2_932_896;
/** µs since 1970 that are exact as a double (years 1685–2255). */
const SAFE_MICROS = BigInt(Number.MAX_SAFE_INTEGER);
const TWO_DIGITS = Array.from({ length: 60 }, (_, n) => String(n).padStart(2, '0'));

/**
 * "YYYY-MM-DD" of a day since 1970, as DuckDB prints it. Results repeat days a lot, so the texts
 * are kept (a few thousand at most, then started afresh).
 */
const dayTexts = new Map<number, string>();
function dayText(days: number): string {
  let text = dayTexts.get(days);
  if (text === undefined) {
    if (dayTexts.size >= 4096) dayTexts.clear();
    text = new Date(days * MS_PER_DAY).toISOString().slice(0, 10);
    dayTexts.set(days, text);
  }
  return text;
}

/** DATE without node-api's BigInt arithmetic; other days (BC, past 9999, infinity) take DuckDB's conversion. */
function fastDate(value: DuckDBValue, type: DuckDBType): Cell {
  const days = (value as DuckDBDateValue).days;
  return days >= FIRST_DAY && days <= LAST_DAY ? dayText(days) : toCell(value, type);
}

/**
 * TIMESTAMP (µs) as "YYYY-MM-DDTHH:MM:SS[.ffffff]" (trailing zeros of the fraction dropped, as
 * DuckDB prints it) in plain arithmetic: timestamps were most of a typical result's conversion.
 */
function fastTimestamp(value: DuckDBValue, type: DuckDBType): Cell {
  const big = (value as DuckDBTimestampValue).micros;
  if (big > SAFE_MICROS || big < -SAFE_MICROS) return toCell(value, type);
  const micros = Number(big);
  const seconds = Math.floor(micros / 1e6);
  const days = Math.floor(seconds / 86_400);
  const inDay = seconds - days * 86_400;
  const minutes = Math.floor(inDay / 60);
  const text = `${dayText(days)}T${TWO_DIGITS[Math.floor(minutes / 60)]}:${TWO_DIGITS[minutes % 60]}:${TWO_DIGITS[inDay % 60]}`;
  const fraction = micros - seconds * 1e6;
  return fraction === 0 ? text : `${text}.${String(fraction).padStart(6, '0').replace(/0+$/, '')}`;
}

/**
 * The converter of one column: scalar types the bulk of results have go straight to their
 * converter (no dispatch per cell), the rest through toCell.
 */
function columnConverter(type: DuckDBType): (value: DuckDBValue) => Cell {
  const direct = BY_TYPE_ID[type.typeId];
  switch (type.typeId) {
    case DuckDBTypeId.DATE:
      return (value) => (value === null ? null : fastDate(value, type));
    case DuckDBTypeId.TIMESTAMP:
      return (value) => (value === null ? null : fastTimestamp(value, type));
    case DuckDBTypeId.VARCHAR:
      return (value) => (value === null ? null : String(value));
    case DuckDBTypeId.BOOLEAN:
    case DuckDBTypeId.TINYINT:
    case DuckDBTypeId.SMALLINT:
    case DuckDBTypeId.INTEGER:
    case DuckDBTypeId.BIGINT:
    case DuckDBTypeId.UTINYINT:
    case DuckDBTypeId.USMALLINT:
    case DuckDBTypeId.UINTEGER:
    case DuckDBTypeId.UBIGINT:
    case DuckDBTypeId.FLOAT:
    case DuckDBTypeId.DOUBLE:
    case DuckDBTypeId.DECIMAL:
      return (value) => (value === null ? null : direct(value as never, type, undefined as never));
    default:
      return (value) => toCell(value, type);
  }
}

/**
 * Appends up to `count` rows of the chunk as objects keyed by (deduplicated) column name. Column
 * by column (each vector read once, with one converter), then each row as a copy of one template
 * object: every row gets the same shape at once instead of growing key by key.
 */
export function appendRows(rows: Record<string, Cell>[], chunk: DuckDBDataChunk, names: readonly string[], count: number): void {
  const take = Math.min(count, chunk.rowCount);
  const columns: Cell[][] = [];
  for (let column = 0; column < names.length; column++) {
    const vector = chunk.getColumnVector(column);
    const convert = columnConverter(vector.type);
    const cells = new Array<Cell>(take);
    for (let row = 0; row < take; row++) cells[row] = convert(vector.getItem(row));
    columns.push(cells);
  }
  const template: Record<string, Cell> = {};
  for (const name of names) template[name] = null;
  for (let row = 0; row < take; row++) {
    const object = { ...template };
    for (let column = 0; column < names.length; column++) object[names[column]] = columns[column][row];
    rows.push(object);
  }
}
