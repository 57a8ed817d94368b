import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import Database from 'better-sqlite3';
import { serial } from '../util/serial';
import { importLegacyStore } from './legacyImport';
import { applyMigrations } from './migrate';
import { MIGRATIONS, type Migration } from './migrations';
import { makeOwnerOnly } from './ownerOnly';
import type { Queryable, SqlParams, Store } from './queryable';
import { SqliteStatements } from './statements';

// The statement runner's and the store's types live in a leaf module (the statement cache and the legacy import need them too).
export type { Queryable, SqlParams, SqlValue, Store } from './queryable';

export const DATABASE_FILE = 'console.sqlite';

/**
 * Opens <dataDir>/console.sqlite and brings its schema up to date. A data directory from
 * before (console.duckdb) is imported on the way, once (see legacyImport.ts).
 */
export async function openStore(dataDir: string, migrations: readonly Migration[] = MIGRATIONS): Promise<Store> {
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(dataDir, DATABASE_FILE);
  await importLegacyStore(dataDir, file, (target) => openMigrated(target, migrations));
  return openMigrated(file, migrations);
}

async function openMigrated(file: string, migrations: readonly Migration[]): Promise<Store> {
  await makeOwnerOnly(file);
  const store = new SqliteStore(file, openDatabase(file));
  try {
    await applyMigrations(store, migrations, 'sqlite');
  } catch (error) {
    await store.close();
    throw error;
  }
  return store;
}

/**
 * WAL with synchronous=NORMAL: a commit is a write to the log, not an fsync (a crash of the
 * machine may lose the last commits, never consistency), so a statement takes microseconds.
 * The lock is exclusive and taken at once: the in-memory copies (sessions, users, keys) hold
 * only while one server uses a data directory, so a second one fails to start, as it did on DuckDB.
 */
function openDatabase(file: string): Database.Database {
  const db = new Database(file, { timeout: 2000 });
  try {
    db.pragma('locking_mode = EXCLUSIVE');
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.exec('BEGIN IMMEDIATE; COMMIT');
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

/**
 * One SQLite connection shared by all requests. better-sqlite3 runs a statement on the calling
 * thread in microseconds, so a statement runs at once, unless a transaction holds the
 * connection (its fn may wait for other work between statements): then it waits its turn,
 * and so does everything after it, so statements apply in the order they were called.
 */
class SqliteStore implements Store {
  readonly dialect = 'sqlite';
  private readonly queue = serial();
  /** Calls waiting in or running from the queue. */
  private queued = 0;
  private closed = false;
  private readonly statements: SqliteStatements;

  constructor(
    readonly file: string,
    private readonly db: Database.Database,
  ) {
    this.statements = new SqliteStatements(db);
  }

  run(sql: string, params?: SqlParams): Promise<void> {
    return this.now(() => this.statements.runNow(sql, params));
  }

  all<T>(sql: string, params?: SqlParams): Promise<T[]> {
    return this.now(() => this.statements.allNow<T>(sql, params));
  }

  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    return this.enqueue(async () => {
      const tx: Queryable = this.statements;
      this.statements.runNow('BEGIN IMMEDIATE');
      try {
        const result = await fn(tx);
        this.statements.runNow('COMMIT');
        return result;
      } catch (error) {
        if (this.db.inTransaction) this.statements.runNow('ROLLBACK');
        throw error;
      }
    });
  }

  close(): Promise<void> {
    return this.enqueue(async () => {
      if (this.closed) return;
      this.closed = true;
      this.db.close();
    });
  }

  /** Runs a statement at once when nothing waits before it, else in turn. */
  private now<T>(task: () => T): Promise<T> {
    if (this.queued > 0) return this.enqueue(async () => task());
    try {
      if (this.closed) throw new Error('The store is closed');
      return Promise.resolve(task());
    } catch (error) {
      return Promise.reject(error);
    }
  }

  private enqueue<T>(task: () => Promise<T>): Promise<T> {
    this.queued += 1;
    return this.queue(() => {
      if (this.closed) throw new Error('The store is closed');
      return task();
    }).finally(() => (this.queued -= 1));
  }
}
