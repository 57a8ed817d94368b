import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../../contracts/bi';
import type { SqlValue } from '../store/db';
import { badRequest } from './errors';

/**
 * Flask-AppBuilder's list arguments (`q` of get_list: filters, order_column, order_direction,
 * page, page_size), shared by the list endpoints: checked against what each list allows,
 * then turned into SQL whose values are all bound parameters.
 */

export type ValueKind = 'text' | 'integer' | 'boolean' | 'time';
export type Operator = 'eq' | 'neq' | 'ct' | 'nct' | 'sw' | 'ew' | 'gt' | 'lt' | 'in' | 'between' | 'rel_o_m';
export type FilterValue = string | number | boolean | (string | number | boolean)[];
type Bind = (value: SqlValue) => string;

export interface FilterColumn {
  kind: ValueKind;
  /** The column's SQL expression: written here, never taken from the request. */
  expr: string;
  ops: readonly Operator[];
}

/** A filter a list defines itself (Superset's all_text, saved_query_is_fav). */
export interface CustomFilter {
  kind: ValueKind;
  sql(bind: Bind, value: string | number | boolean): string;
}

export interface ListSpec {
  columns: Record<string, FilterColumn>;
  /** Keyed "col:opr". */
  custom?: Record<string, CustomFilter>;
  /** order_column → SQL expression. */
  order: Record<string, string>;
  defaultOrder: { column: string; direction: 'asc' | 'desc' };
  /** Appended to every ORDER BY so pages never overlap when values tie. */
  tieBreaker: string;
}

export interface ParsedFilter {
  col: string;
  opr: string;
  value: FilterValue;
}

export interface ListRequest {
  filters: ParsedFilter[];
  orderColumn: string;
  direction: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

export interface ListSql {
  /** "TRUE" when there are no filters. */
  where: string;
  orderBy: string;
  /** Placeholders of LIMIT and OFFSET (their values are in params). */
  limit: string;
  offset: string;
}

/** Checks the decoded `q` against the spec; 400 for anything it does not allow. */
export function parseListRequest(raw: Record<string, unknown>, spec: ListSpec): ListRequest {
  const filters = raw.filters === undefined ? [] : raw.filters;
  if (!Array.isArray(filters)) throw badRequest('Not a valid rison schema: filters must be a list');
  const orderColumn = raw.order_column ?? spec.defaultOrder.column;
  // Own keys only: `in` would take toString or __proto__ for columns.
  if (typeof orderColumn !== 'string' || !Object.hasOwn(spec.order, orderColumn)) {
    throw badRequest(`Not a valid order column: ${String(orderColumn)}; one of ${Object.keys(spec.order).join(', ')}`);
  }
  const direction = raw.order_direction ?? (raw.order_column === undefined ? spec.defaultOrder.direction : 'asc');
  if (direction !== 'asc' && direction !== 'desc') throw badRequest('Not a valid rison schema: order_direction must be asc or desc');
  return { filters: filters.map((filter) => parseFilter(filter, spec)), orderColumn, direction, ...parsePage(raw) };
}

/**
 * page (0-based) and page_size; like Flask-AppBuilder, a page_size out of 1..max becomes the max.
 * Numbers JavaScript cannot hold exactly (1e308 is an "integer" to it) are refused, and so is a
 * page whose first row lies past them: the offset is bound as a number.
 */
export function parsePage(raw: Record<string, unknown>): { page: number; pageSize: number } {
  const { page = 0, page_size: size = DEFAULT_PAGE_SIZE } = raw;
  if (!isSafeInteger(page) || page < 0) throw badRequest('Not a valid rison schema: page must be an integer from 0 to 2^53 - 1');
  if (!isSafeInteger(size)) throw badRequest('Not a valid rison schema: page_size must be an integer from -(2^53 - 1) to 2^53 - 1');
  const pageSize = size < 1 || size > MAX_PAGE_SIZE ? MAX_PAGE_SIZE : size;
  if (!Number.isSafeInteger(page * pageSize)) throw badRequest(`Not a valid rison schema: page ${page} of ${pageSize} items is out of range`);
  return { page, pageSize };
}

/** An integer JavaScript holds exactly (|n| < 2^53): ids and counts from requests must be. */
export function isSafeInteger(value: unknown): value is number {
  return Number.isSafeInteger(value);
}

/** The range of a JavaScript Date: milliseconds since the epoch beyond it are no time at all. */
export const MAX_TIME_MS = 8.64e15;

/** Milliseconds since the epoch that a Date (and the store's timestamps) can hold. */
export function isTimeMs(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= MAX_TIME_MS;
}

function parseFilter(raw: unknown, spec: ListSpec): ParsedFilter {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw badRequest('Not a valid rison schema: a filter must be (col:...,opr:...,value:...)');
  const { col, opr, value } = raw as Record<string, unknown>;
  if (typeof col !== 'string' || typeof opr !== 'string' || value === undefined) {
    throw badRequest('Not a valid rison schema: a filter needs col, opr and value');
  }
  const custom = customFilter(spec, col, opr);
  if (custom) return { col, opr, value: scalar(custom.kind, value, col) };
  // Own keys only: a plain lookup finds __proto__ or constructor on every object.
  const column = Object.hasOwn(spec.columns, col) ? spec.columns[col] : undefined;
  if (!column) throw badRequest(`Filter column not allowed: ${col}`);
  if (!column.ops.includes(opr as Operator)) throw badRequest(`Filter operator ${opr} not allowed on ${col}; one of ${column.ops.join(', ')}`);
  if (opr === 'in' || opr === 'between') return { col, opr, value: list(column.kind, value, col, opr) };
  return { col, opr, value: scalar(column.kind, value, col) };
}

function list(kind: ValueKind, value: unknown, col: string, opr: string): (string | number | boolean)[] {
  const ok = Array.isArray(value) && (opr === 'between' ? value.length === 2 : value.length > 0);
  if (!ok) throw badRequest(`Filter ${col} ${opr} needs ${opr === 'between' ? 'a list of two values' : 'a non-empty list'}`);
  return (value as unknown[]).map((item) => scalar(kind, item, col));
}

function scalar(kind: ValueKind, value: unknown, col: string): string | number | boolean {
  if (kind === 'text' && (typeof value === 'string' || typeof value === 'number')) return String(value);
  if (kind === 'integer' && isSafeInteger(value)) return value;
  if (kind === 'boolean' && typeof value === 'boolean') return value;
  if (kind === 'time') {
    const ms = typeof value === 'number' ? value : typeof value === 'string' ? Date.parse(value) : NaN;
    if (isTimeMs(ms)) return ms;
  }
  throw badRequest(`Filter value of ${col} must be ${SCALAR_WANTED[kind]}`);
}

const SCALAR_WANTED: Record<ValueKind, string> = {
  text: 'a text',
  integer: 'an integer from -(2^53 - 1) to 2^53 - 1',
  boolean: 'a boolean',
  time: 'milliseconds or ISO 8601 text within the years -271821 to 275760',
};

function customFilter(spec: ListSpec, col: string, opr: string): CustomFilter | undefined {
  const key = `${col}:${opr}`;
  return spec.custom && Object.hasOwn(spec.custom, key) ? spec.custom[key] : undefined;
}

/**
 * The SQL of a parsed request. `params` holds the caller's own parameters already; the
 * filter values, LIMIT and OFFSET are appended, so their placeholders follow the caller's.
 */
export function toSql(request: ListRequest, spec: ListSpec, params: SqlValue[]): ListSql {
  const bind: Bind = (value) => `$${params.push(value)}`;
  const conditions = request.filters.map((filter) => filterSql(filter, spec, bind));
  const direction = request.direction.toUpperCase();
  return {
    where: conditions.length ? conditions.join(' AND ') : 'TRUE',
    orderBy: `${spec.order[request.orderColumn]} ${direction} NULLS LAST, ${spec.tieBreaker} ${direction}`,
    limit: bind(request.pageSize),
    offset: bind(request.page * request.pageSize),
  };
}

function filterSql(filter: ParsedFilter, spec: ListSpec, bind: Bind): string {
  const custom = customFilter(spec, filter.col, filter.opr);
  if (custom) return `(${custom.sql(bind, filter.value as string | number | boolean)})`;
  const { expr } = spec.columns[filter.col];
  const value = filter.value;
  if (Array.isArray(value)) {
    if (filter.opr === 'between') return `(${expr} BETWEEN ${bind(value[0])} AND ${bind(value[1])})`;
    return `(${expr} IN (${value.map(bind).join(', ')}))`;
  }
  return `(${OPERATOR_SQL[filter.opr as Exclude<Operator, 'in' | 'between'>](expr, bind(value))})`;
}

/** Text matching is case-insensitive, like Flask-AppBuilder's ilike filters. */
const OPERATOR_SQL: Record<Exclude<Operator, 'in' | 'between'>, (expr: string, param: string) => string> = {
  eq: (expr, param) => `${expr} = ${param}`,
  rel_o_m: (expr, param) => `${expr} = ${param}`,
  neq: (expr, param) => `${expr} IS DISTINCT FROM ${param}`,
  gt: (expr, param) => `${expr} > ${param}`,
  lt: (expr, param) => `${expr} < ${param}`,
  ct: (expr, param) => `contains(lower(${expr}), lower(${param}))`,
  nct: (expr, param) => `NOT contains(lower(coalesce(${expr}, '')), lower(${param}))`,
  sw: (expr, param) => `starts_with(lower(${expr}), lower(${param}))`,
  ew: (expr, param) => `suffix(lower(${expr}), lower(${param}))`,
};

/** The same semantics over items in memory (lists that are not in the store, e.g. databases). */
export function matchesFilter(actual: unknown, filter: ParsedFilter): boolean {
  const value = filter.value;
  if (Array.isArray(value)) {
    if (filter.opr === 'between') return (actual as number) >= (value[0] as number) && (actual as number) <= (value[1] as number);
    return value.includes(actual as string | number | boolean);
  }
  const text = String(actual ?? '').toLowerCase();
  const wanted = String(value).toLowerCase();
  switch (filter.opr) {
    case 'neq':
      return actual !== value;
    case 'gt':
      return (actual as number) > (value as number);
    case 'lt':
      return (actual as number) < (value as number);
    case 'ct':
      return text.includes(wanted);
    case 'nct':
      return !text.includes(wanted);
    case 'sw':
      return text.startsWith(wanted);
    case 'ew':
      return text.endsWith(wanted);
    default:
      return actual === value;
  }
}

/** Filters, orders and pages items held in memory, with the semantics of the SQL above. */
export function applyList<T extends object>(items: T[], request: ListRequest): { count: number; page: T[] } {
  const field = (item: T, name: string) => (item as Record<string, unknown>)[name];
  const matched = items.filter((item) => request.filters.every((filter) => matchesFilter(field(item, filter.col), filter)));
  const sign = request.direction === 'asc' ? 1 : -1;
  const key = (item: T) => field(item, request.orderColumn) as string | number | boolean | null;
  const sorted = [...matched].sort((a, b) => sign * compare(key(a), key(b)));
  const start = request.page * request.pageSize;
  return { count: matched.length, page: sorted.slice(start, start + request.pageSize) };
}

function compare(a: string | number | boolean | null, b: string | number | boolean | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  if (typeof a === 'string' && typeof b === 'string') return a.localeCompare(b);
  return a < b ? -1 : 1;
}
