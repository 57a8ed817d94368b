import { sqlFor, type Dialect, type Migration } from './migrations';
import type { Store } from './queryable';

/**
 * Applies the migrations not yet recorded in schema_migrations, in order, each in its own
 * transaction with its record (a failing one leaves nothing behind). The PostgreSQL store
 * calls it under an advisory lock; the SQLite one holds its file exclusively.
 */
export async function applyMigrations(store: Store, migrations: readonly Migration[], dialect: Dialect): Promise<void> {
  await store.run(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY,
    name VARCHAR NOT NULL,
    applied_at TIMESTAMP NOT NULL DEFAULT current_timestamp
  )`);
  const rows = await store.all<{ version: number }>('SELECT version FROM schema_migrations');
  const applied = new Set(rows.map((row) => row.version));
  for (const migration of [...migrations].sort((a, b) => a.version - b.version)) {
    if (applied.has(migration.version)) continue;
    await store.transaction(async (tx) => {
      await tx.run(sqlFor(migration, dialect));
      await tx.run('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [migration.version, migration.name]);
    });
  }
}
