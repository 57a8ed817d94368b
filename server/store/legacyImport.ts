import { access, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import type { SqlValue, Store } from './queryable';

/** The DuckDB file that held the console's own data before console.sqlite. */
export const LEGACY_DATABASE_FILE = 'console.duckdb';
/** What the DuckDB file is renamed to once imported (kept, not deleted: it is the only backup). */
export const IMPORTED_SUFFIX = '.imported';

/** Every table of the DuckDB store; the SQLite schema has the same tables and columns. */
const TABLES = [
  'users',
  'sessions',
  'token_families',
  'idempotency_keys',
  'workspace_items',
  'workspace_audit',
  'bi_queries',
  'bi_saved_queries',
  'bi_saved_query_favorites',
] as const;

/** DuckDB's id sequences, and the SQLite table whose AUTOINCREMENT carries on from them. */
const SEQUENCES: Record<string, string> = {
  workspace_audit_seq: 'workspace_audit',
  bi_queries_seq: 'bi_queries',
  bi_saved_queries_seq: 'bi_saved_queries',
};

/**
 * Moves the data of a console.duckdb made by earlier versions into a new console.sqlite, once:
 * only when console.sqlite does not exist yet. It is built under a temporary name and renamed
 * when complete, so a crash part way leaves the DuckDB file in charge and the import runs again.
 * `open` opens (and migrates) a SQLite store at a path.
 */
export async function importLegacyStore(dataDir: string, target: string, open: (file: string) => Promise<Store>): Promise<void> {
  const legacy = path.join(dataDir, LEGACY_DATABASE_FILE);
  if ((await exists(target)) || !(await exists(legacy))) return;
  const partial = `${target}.importing`;
  await removeDatabase(partial);
  const store = await open(partial);
  try {
    const source = await DuckDBInstance.create(legacy);
    try {
      const connection = await source.connect();
      try {
        await copyAll(connection, store);
      } finally {
        connection.closeSync();
      }
    } finally {
      source.closeSync();
    }
  } finally {
    // Closing the last connection checkpoints the SQLite WAL into the file and removes it.
    await store.close();
  }
  await rename(partial, target);
  await rename(legacy, `${legacy}${IMPORTED_SUFFIX}`);
  await rm(`${legacy}.wal`, { force: true });
}

async function copyAll(source: DuckDBConnection, store: Store): Promise<void> {
  const present = new Set(await column<string>(source, "SELECT table_name FROM information_schema.tables WHERE table_schema = 'main'"));
  const sequences = await rowsOf(source, 'SELECT sequence_name, last_value FROM duckdb_sequences()');
  await store.transaction(async (tx) => {
    for (const table of TABLES) {
      if (!present.has(table)) continue;
      const wanted = new Set((await tx.all<{ name: string }>(`SELECT name FROM pragma_table_info('${table}')`)).map((row) => row.name));
      const columns = (await rowsOf(source, `SELECT column_name, data_type FROM information_schema.columns WHERE table_name = '${table}' ORDER BY ordinal_position`))
        .filter((row) => wanted.has(String(row.column_name)));
      // JSON columns are read as their text, which is what the SQLite column holds.
      const select = columns.map((c) => (c.data_type === 'JSON' ? `CAST("${c.column_name}" AS VARCHAR)` : `"${c.column_name}"`));
      const names = columns.map((c) => `"${c.column_name}"`);
      const insert = `INSERT INTO ${table} (${names.join(', ')}) VALUES (${names.map((_, i) => `$${i + 1}`).join(', ')})`;
      for (const row of await rowsOf(source, `SELECT ${select.join(', ')} FROM "${table}"`)) await tx.run(insert, Object.values(row).map(sqlValueOf));
    }
    for (const row of sequences) {
      const table = SEQUENCES[String(row.sequence_name)];
      if (!table || row.last_value === null) continue;
      await tx.run("DELETE FROM sqlite_sequence WHERE name = $1 AND seq < $2", [table, sqlValueOf(row.last_value)]);
      await tx.run('INSERT INTO sqlite_sequence (name, seq) SELECT $1, $2 WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = $1)', [table, sqlValueOf(row.last_value)]);
    }
  });
}

async function rowsOf(connection: DuckDBConnection, sql: string): Promise<Record<string, unknown>[]> {
  return (await connection.runAndReadAll(sql)).getRowObjectsJS() as Record<string, unknown>[];
}

async function column<T>(connection: DuckDBConnection, sql: string): Promise<T[]> {
  return (await rowsOf(connection, sql)).map((row) => Object.values(row)[0] as T);
}

function sqlValueOf(value: unknown): SqlValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return value;
  if (value instanceof Date) return value.getTime();
  return JSON.stringify(value);
}

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}

async function removeDatabase(file: string): Promise<void> {
  await Promise.all(['', '-wal', '-shm'].map((suffix) => rm(`${file}${suffix}`, { force: true })));
}
