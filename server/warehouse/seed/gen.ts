import { literal } from '../sql';

/**
 * SQL expression builders for seed values. Every value is a pure function of a row number
 * (`key`) and a salt, computed by DuckDB's hash(): the same on every run and every machine,
 * and vectorised (no per-row JavaScript). Lists are inlined as literals because DuckDB
 * re-evaluates a list passed through a macro for every row (about 50 times slower).
 */

/** Generated dates and times fall in the 90 days from this date. */
export const SEED_START = '2025-01-01';
export const SEED_DAYS = 90;

/** A pseudo-random UBIGINT for this row and salt. */
export function hashOf(key: string, salt: string): string {
  return `hash(${key}, ${literal(salt)})`;
}

/** A pseudo-random DOUBLE in [0, 1). */
export function unit(key: string, salt: string): string {
  return `((${hashOf(key, salt)} % 1000000)::DOUBLE / 1000000.0)`;
}

/** A pseudo-random INTEGER from lo to hi inclusive. */
export function between(key: string, salt: string, lo: number, hi: number): string {
  return `(${lo} + (${hashOf(key, salt)} % ${hi - lo + 1})::INTEGER)`;
}

/** One of the values (repeat a value to make it more likely). */
export function pick(key: string, salt: string, values: readonly string[]): string {
  const list = values.map(literal).join(', ');
  return `([${list}])[1 + (${hashOf(key, salt)} % ${values.length})::INTEGER]`;
}

/** A pseudo-random amount from 0 to max with cents. */
export function money(key: string, salt: string, max: number): string {
  return `((${hashOf(key, salt)} % ${max * 100}) / 100)::DECIMAL(18,2)`;
}

/** A time in the seed's 90 days, to the second. */
export function timestampIn(key: string, salt: string): string {
  return `(TIMESTAMP '${SEED_START}' + to_seconds((${hashOf(key, salt)} % ${SEED_DAYS * 86_400})::BIGINT))`;
}

/** A date in the seed's 90 days. */
export function dateIn(key: string, salt: string): string {
  return `(DATE '${SEED_START}' + (${hashOf(key, salt)} % ${SEED_DAYS})::INTEGER)`;
}

/** A readable code: code('INV-', 'i', 6) → INV-000001 for row 0. */
export function code(prefix: string, key: string, width: number): string {
  return `${literal(prefix)} || lpad((${key} + 1)::VARCHAR, ${width}, '0')`;
}
