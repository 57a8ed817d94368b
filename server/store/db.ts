import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import { MIGRATIONS, type Migration } from './migrations';

/** Values that may be bound to a statement parameter ($1 or $name). */
export type SqlValue = string | number | boolean | bigint | null;
export type SqlParams = SqlValue[] | Record<string, SqlValue>;

/** Statement runner: parameters are always bound, never spliced into the SQL text. */
export interface Queryable {
  run(sql: string, params?: SqlParams): Promise<void>;
  all<T>(sql: string, params?: SqlParams): Promise<T[]>;
}

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

/** Opens <dataDir>/console.duckdb and brings its schema up to date. */
export async function openStore(dataDir: string, migrations: readonly Migration[] = MIGRATIONS): Promise<Store> {
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(dataDir, DATABASE_FILE);
  const instance = await DuckDBInstance.create(file);
  const connection = await instance.connect();
  const store = new SerialStore(file, instance, connection);
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
 */
class SerialStore implements Store {
  private tail: Promise<unknown> = Promise.resolve();
  private closed = false;
  private readonly direct: Queryable;

  constructor(
    readonly file: string,
    private readonly instance: DuckDBInstance,
    private readonly connection: DuckDBConnection,
  ) {
    this.direct = directRunner(connection);
  }

  run(sql: string, params?: SqlParams): Promise<void> {
    return this.enqueue(() => this.direct.run(sql, params));
  }

  all<T>(sql: string, params?: SqlParams): Promise<T[]> {
    return this.enqueue(() => this.direct.all<T>(sql, params));
  }

  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    return this.enqueue(async () => {
      await this.direct.run('BEGIN TRANSACTION');
      try {
        const result = await fn(this.direct);
        await this.direct.run('COMMIT');
        return result;
      } catch (error) {
        await this.direct.run('ROLLBACK');
        throw error;
      }
    });
  }

  close(): Promise<void> {
    return this.enqueue(async () => {
      if (this.closed) return;
      this.closed = true;
      this.connection.closeSync();
      this.instance.closeSync();
    });
  }

  private enqueue<T>(task: () => Promise<T>): Promise<T> {
    const next = this.tail.then(() => {
      if (this.closed) throw new Error('The store is closed');
      return task();
    });
    // Keep the chain alive after a failure; the caller still sees the rejection.
    this.tail = next.catch(() => undefined);
    return next;
  }
}

function directRunner(connection: DuckDBConnection): Queryable {
  return {
    async run(sql, params) {
      await connection.run(sql, params);
    },
    async all<T>(sql: string, params?: SqlParams) {
      const reader = await connection.runAndReadAll(sql, params);
      return reader.getRowObjectsJS() as T[];
    },
  };
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
