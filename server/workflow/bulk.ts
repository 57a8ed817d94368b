import type { Queryable } from '../store/db';

/** Rows per INSERT: few statements for the seed's tens of thousands of rows. */
const CHUNK = 5000;

/**
 * Inserts rows (objects with the given columns). Each chunk travels as one JSON parameter that
 * SQLite unpacks itself (json_each): binding hundreds of thousands of single parameters costs
 * seconds, this costs milliseconds.
 */
export async function insertRows<T extends object>(q: Queryable, table: string, columns: readonly (keyof T & string)[], rows: readonly T[], conflict = ''): Promise<void> {
  const select = columns.map((column, i) => `value->>${i} AS ${column}`).join(', ');
  const sql = `INSERT ${conflict} INTO ${table} (${columns.join(', ')}) SELECT ${select} FROM json_each($1)`;
  for (let start = 0; start < rows.length; start += CHUNK) {
    const chunk = rows.slice(start, start + CHUNK).map((row) => columns.map((column) => (row as Record<string, unknown>)[column] ?? null));
    await q.run(sql, [JSON.stringify(chunk)]);
  }
}
