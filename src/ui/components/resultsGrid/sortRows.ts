import type { Cell, ResultColumn } from '../../../../contracts/bi';
import { cellText, isBooleanType, isNumericType, isTemporalType, type Row } from './gridModel';

export type SortDirection = 'asc' | 'desc';

export interface SortState {
  /** Index into the columns. */
  column: number;
  direction: SortDirection;
}

/** A header click cycles ascending → descending → original order; another column starts ascending. */
export function nextSort(current: SortState | null, column: number): SortState | null {
  if (!current || current.column !== column) return { column, direction: 'asc' };
  return current.direction === 'asc' ? { column, direction: 'desc' } : null;
}

type SortKind = 'number' | 'text' | 'code';
type Key = number | bigint | string;

/** Numeric columns compare as numbers, temporal ones as ISO text (code units), the rest with the collator. */
function sortKind(column: ResultColumn, rows: Row[]): SortKind {
  if (isNumericType(column.type) || isBooleanType(column.type)) return 'number';
  if (isTemporalType(column)) return 'code';
  // An unknown type whose values are numbers still sorts numerically.
  const first = rows.find((row) => row[column.name] !== null && row[column.name] !== undefined)?.[column.name];
  return typeof first === 'number' || typeof first === 'boolean' ? 'number' : 'text';
}

/** BIGINT/HUGEINT past 2^53 arrive as strings: those compare exactly as bigints (bigint < number works in JS). */
function numberKey(value: Cell): number | bigint {
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value !== 'string' || value.trim() === '') return NaN;
  if (value.length > 15 && /^[+-]?\d+$/.test(value)) return BigInt(value);
  return Number(value);
}

/** NaN (and text that is not a number) sorts after every number, as DuckDB puts NaN above +Infinity. */
function compareNumbers(a: number | bigint, b: number | bigint): number {
  if (a < b) return -1;
  if (a > b) return 1;
  const aNaN = Number.isNaN(a);
  const bNaN = Number.isNaN(b);
  return aNaN === bNaN ? 0 : aNaN ? 1 : -1;
}

function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Positions 0…n-1 ordered by `ranks` with one counting pass: stable in both directions, no comparator calls. */
function countingOrder(ranks: Uint32Array, rankCount: number, descending: boolean): number[] {
  const starts = new Uint32Array(rankCount + 1);
  for (const rank of ranks) starts[(descending ? rankCount - 1 - rank : rank) + 1]++;
  for (let r = 0; r < rankCount; r++) starts[r + 1] += starts[r];
  const order: number[] = new Array(ranks.length);
  for (let i = 0; i < ranks.length; i++) order[starts[descending ? rankCount - 1 - ranks[i] : ranks[i]]++] = i;
  return order;
}

/**
 * Plain numbers: the distinct values sorted by the typed array's native sort, each key ranked by binary
 * search, then a counting pass. NaN ranks above every number (DuckDB's order).
 */
function orderNumbers(keys: Float64Array, descending: boolean): number[] {
  const distinct = keys.slice().sort(); // NaN sorts last
  let count = 0;
  for (const value of distinct) {
    if (Number.isNaN(value)) break;
    if (count === 0 || value !== distinct[count - 1]) distinct[count++] = value;
  }
  const ranks = new Uint32Array(keys.length);
  for (let i = 0; i < keys.length; i++) {
    const value = keys[i];
    let lo = 0;
    let hi = count;
    if (Number.isNaN(value)) lo = count;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (distinct[mid] < value) lo = mid + 1;
      else hi = mid;
    }
    ranks[i] = lo;
  }
  return countingOrder(ranks, count + 1, descending);
}

/**
 * Text with few distinct values (countries, statuses…) sorts the distinct values only and ranks the
 * rest; mostly distinct text gives up early (null) and is sorted directly, which is cheaper then.
 */
function orderFewTexts(keys: string[], compare: (a: string, b: string) => number, descending: boolean): number[] | null {
  const limit = Math.max(64, keys.length / 4);
  const seen = new Set<string>();
  for (const key of keys) {
    seen.add(key);
    if (seen.size > limit) return null;
  }
  const distinct = [...seen].sort(compare);
  const rankOf = new Map(distinct.map((value, rank) => [value, rank]));
  const ranks = Uint32Array.from(keys, (key) => rankOf.get(key) as number);
  return countingOrder(ranks, distinct.length, descending);
}

function orderByComparator<K>(keys: K[], compare: (a: K, b: K) => number, descending: boolean): number[] {
  const order = Array.from(keys, (_, i) => i);
  const sign = descending ? -1 : 1;
  // The position tie-break keeps the sort stable whichever direction.
  return order.sort((a, b) => sign * compare(keys[a], keys[b]) || a - b);
}

function orderKeys(kind: SortKind, keys: Key[], descending: boolean): number[] {
  if (kind === 'number') {
    if (keys.every((key) => typeof key === 'number')) return orderNumbers(Float64Array.from(keys as number[]), descending);
    return orderByComparator(keys as (number | bigint)[], compareNumbers, descending);
  }
  // One collator for the whole sort: Intl.Collator#compare is far cheaper than String#localeCompare per call.
  const compare = kind === 'code' ? compareCodeUnits : new Intl.Collator().compare;
  return orderFewTexts(keys as string[], compare, descending) ?? orderByComparator(keys as string[], compare, descending);
}

/**
 * The row order (indices into `rows`) sorted by `column`: keys computed once per row, NULLs last in
 * both directions, ties (and NULLs) in their original order.
 */
export function sortOrder(rows: Row[], column: ResultColumn, direction: SortDirection): number[] {
  const kind = sortKind(column, rows);
  const keys: Key[] = [];
  const present: number[] = [];
  const nulls: number[] = [];
  for (let i = 0; i < rows.length; i++) {
    const value = rows[i][column.name];
    if (value === null || value === undefined) {
      nulls.push(i);
      continue;
    }
    present.push(i);
    keys.push(kind === 'number' ? numberKey(value) : cellText(value));
  }
  const order = orderKeys(kind, keys, direction === 'desc').map((position) => present[position]);
  for (const i of nulls) order.push(i);
  return order;
}
