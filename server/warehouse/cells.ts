import {
  arrayFromArrayValue,
  arrayFromListValue,
  createDuckDBValueConverter,
  doubleFromDecimalValue,
  DuckDBTypeId,
  fromVariantValue,
  objectFromStructValue,
  type DuckDBBlobValue,
  type DuckDBDateValue,
  type DuckDBDecimalValue,
  type DuckDBMapType,
  type DuckDBMapValue,
  type DuckDBType,
  type DuckDBUnionType,
  type DuckDBUnionValue,
  type DuckDBValue,
  type DuckDBValueConverter,
} from '@duckdb/node-api';
import type { Cell } from '../../contracts/bi';

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
/** 10^0 … 10^22: exact doubles. */
export const POWERS_OF_TEN = Array.from({ length: 23 }, (_, i) => 10 ** i);

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
