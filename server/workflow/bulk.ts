import type { Queryable } from '../store/db';

/** Rows per INSERT: few statements for the seed's tens of thousands of rows. */
const CHUNK = 5000;

/**
 * Inserts rows (objects with the given columns). Each chunk travels as one JSON parameter that
 * the database unpacks itself (SQLite's json_each, PostgreSQL's json_populate_recordset, which
 * reads each field as its column's type): binding hundreds of thousands of single parameters
 * costs seconds, this costs milliseconds. With `replaceOn` (the primary key), a row replaces
 * the one with its key (the last of a chunk wins, as with SQLite's INSERT OR REPLACE).
 */
export async function insertRows<T extends object>(q: Queryable, table: string, columns: readonly (keyof T & string)[], rows: readonly T[], replaceOn: readonly (keyof T & string)[] = []): Promise<void> {
  const sql = `INSERT INTO ${table} (${columns.join(', ')}) ${q.dialect === 'postgres' ? fromPostgres(table, columns) : fromSqlite(columns)}${upsert(columns, replaceOn)}`;
  const unique = replaceOn.length ? lastPerKey(rows, replaceOn) : rows;
  for (let start = 0; start < unique.length; start += CHUNK) {
    const chunk = unique.slice(start, start + CHUNK);
    await q.run(sql, [JSON.stringify(q.dialect === 'postgres' ? chunk.map((row) => recordOf(row, columns)) : chunk.map((row) => columns.map((column) => fieldOf(row, column))))]);
  }
}

/** `WHERE true` tells SQLite's parser the ON CONFLICT belongs to the INSERT, not the SELECT's join. */
const fromSqlite = (columns: readonly string[]) => `SELECT ${columns.map((column, i) => `value->>${i} AS ${column}`).join(', ')} FROM json_each($1) WHERE true`;

const fromPostgres = (table: string, columns: readonly string[]) => `SELECT ${columns.join(', ')} FROM json_populate_recordset(NULL::${table}, $1::json)`;

function upsert(columns: readonly string[], key: readonly string[]): string {
  if (!key.length) return '';
  const rest = columns.filter((column) => !key.includes(column));
  return ` ON CONFLICT (${key.join(', ')}) DO UPDATE SET ${rest.map((column) => `${column} = excluded.${column}`).join(', ')}`;
}

const fieldOf = (row: object, column: string): unknown => (row as Record<string, unknown>)[column] ?? null;

/** PostgreSQL reads a JSON true into an INTEGER column as an error: booleans are 0/1, as SQLite stores them. */
function recordOf(row: object, columns: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(columns.map((column) => {
    const value = fieldOf(row, column);
    return [column, typeof value === 'boolean' ? Number(value) : value];
  }));
}

function lastPerKey<T extends object>(rows: readonly T[], key: readonly string[]): T[] {
  const byKey = new Map<string, T>();
  for (const row of rows) {
    const id = JSON.stringify(key.map((column) => fieldOf(row, column)));
    byKey.delete(id);
    byKey.set(id, row);
  }
  return [...byKey.values()];
}
