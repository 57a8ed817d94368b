import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import { serial } from '../util/serial';
import { MIGRATIONS, type Migration } from './migrations';
import type { Queryable, SqlParams } from './queryable';
import { StatementCache } from './statements';

// The statement runner's types live in a leaf module (the statement cache needs them too).
export type { Queryable, SqlParams, SqlValue } from './queryable';

export interface Store extends Queryable {
  readonly file: string;
  /**
   * Runs fn inside BEGIN/COMMIT while holding the connection. Use only `tx` inside fn:
   * calling the store itself there would wait for the transaction to finish (deadlock).
   */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export const DATABASE_FILE = 'console.duckdb';

/**
 * The store answers small point queries one at a time; a second DuckDB worker thread only
 * adds hand-offs to each of them (about a quarter of a statement's time on two cores).
 */
const INSTANCE_OPTIONS = { threads: '1' };

/** Opens <dataDir>/console.duckdb and brings its schema up to date. */
export async function openStore(dataDir: string, migrations: readonly Migration[] = MIGRATIONS): Promise<Store> {
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(dataDir, DATABASE_FILE);
  const instance = await DuckDBInstance.create(file, INSTANCE_OPTIONS);
  const connection = await instance.connect();
  const store = new SerialStore(file, instance, connection, await StatementCache.open(connection));
  try {
    await migrate(store, migrations);
  } catch (error) {
    await store.close();
    throw error;
  }
  return store;
}

/**
 * One DuckDB connection shared by all requests. DuckDB connections are not meant for
 * interleaved statements, so every call is queued and runs strictly one after another.
 * Statements are prepared once per SQL text and reused (see StatementCache).
 */
class SerialStore implements Store {
  private readonly queue = serial();
  private closed = false;

  constructor(
    readonly file: string,
    private readonly instance: DuckDBInstance,
    private readonly connection: DuckDBConnection,
    private readonly statements: StatementCache,
  ) {}

  run(sql: string, params?: SqlParams): Promise<void> {
    return this.enqueue(() => this.statements.run(sql, params));
  }

  all<T>(sql: string, params?: SqlParams): Promise<T[]> {
    return this.enqueue(() => this.statements.all<T>(sql, params));
  }

  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    return this.enqueue(async () => {
      const tx: Queryable = this.statements;
      await tx.run('BEGIN TRANSACTION');
      try {
        const result = await fn(tx);
        await tx.run('COMMIT');
        return result;
      } catch (error) {
        await tx.run('ROLLBACK');
        throw error;
      }
    });
  }

  close(): Promise<void> {
    return this.enqueue(async () => {
      if (this.closed) return;
      this.closed = true;
      this.statements.destroyAll();
      this.connection.closeSync();
      this.instance.closeSync();
    });
  }

  private enqueue<T>(task: () => Promise<T>): Promise<T> {
    return this.queue(() => {
      if (this.closed) throw new Error('The store is closed');
      return task();
    });
  }
}

async function migrate(store: Store, migrations: readonly Migration[]): Promise<void> {
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
      await tx.run(migration.sql);
      await tx.run('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [migration.version, migration.name]);
    });
  }
}
