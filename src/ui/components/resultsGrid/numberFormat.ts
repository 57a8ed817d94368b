import type { Cell, ResultColumn } from '../../../../contracts/bi';
import { displayText, isNumericType, type Row } from './gridModel';

/** The most decimals a column shows: past that, a double's noise (0.30000000000000004) would fill the cell. */
export const MAX_DECIMALS = 6;

const INTEGER_TYPE = /^(U?(TINY|SMALL|BIG|HUGE)?INT(EGER)?|INT[1248]|LONG|SHORT|VARINT)$/;
const DECIMAL_SCALE = /^(?:DECIMAL|NUMERIC)\s*\(\s*\d+\s*,\s*(\d+)\s*\)$/;

/** The decimals `value` needs (at most MAX_DECIMALS; a double's noise beyond that is rounded away). */
export function decimalsOf(value: number): number {
  if (Number.isInteger(value) || !Number.isFinite(value)) return 0;
  const text = String(value);
  const point = text.indexOf('.');
  if (point >= 0 && !text.includes('e') && text.length - point - 1 <= MAX_DECIMALS) return text.length - point - 1;
  const rounded = value.toFixed(MAX_DECIMALS).replace(/0+$/, '');
  return rounded.length - rounded.indexOf('.') - 1;
}

/**
 * How many decimals every number of the column shows: a DECIMAL(p, s) says s, integer types none,
 * other numbers as many as the most precise value of the column has (at most MAX_DECIMALS). Null
 * for columns that are not numeric: their values are shown as they are.
 */
export function columnDecimals(column: ResultColumn, rows: readonly Row[]): number | null {
  const type = column.type.trim().toUpperCase();
  if (!isNumericType(type)) return null;
  if (INTEGER_TYPE.test(type)) return 0;
  const scale = DECIMAL_SCALE.exec(type);
  if (scale) return Math.min(Number(scale[1]), MAX_DECIMALS);
  let most = 0;
  let unit = 1;
  for (const row of rows) {
    const value = row[column.name];
    // Most values need no more decimals than found so far, which arithmetic tells without a string.
    if (typeof value !== 'number' || Math.round(value * unit) / unit === value) continue;
    most = Math.max(most, decimalsOf(value));
    if (most === MAX_DECIMALS) break;
    unit = 10 ** most;
  }
  return most;
}

/**
 * `value` with exactly `decimals` decimals, no thousands separators (ids stay ids). Values that
 * fixed notation cannot show truthfully keep their own text: beyond 1e21, not finite, or so small
 * that they would read as zero.
 */
export function formatNumber(value: number, decimals: number): string {
  if (!Number.isFinite(value) || Math.abs(value) >= 1e21) return String(value);
  const text = value.toFixed(decimals);
  return value !== 0 && Number(text) === 0 ? String(value) : text;
}

/** What a cell shows: numbers in their column's format, anything else as displayText does. */
export function shownText(value: Cell | undefined, decimals: number | null): string {
  return typeof value === 'number' && decimals !== null ? formatNumber(value, decimals) : displayText(value);
}
