import pg from 'pg';
import { redactedUrl, type DatabaseConfig } from '../config';
import { applyMigrations } from './migrate';
import { MIGRATIONS, type Migration } from './migrations';
import { positional, purposeOf } from './pgParams';
import type { Queryable, SqlParams, Store } from './queryable';

/**
 * Values as the SQLite store gives them: BIGINT (epoch ms, ids, counts) and NUMERIC as
 * numbers (all the store's fit in 2^53), JSON columns as their text (callers parse them).
 */
function storeTypes(): pg.CustomTypesConfig {
  const types = new pg.TypeOverrides();
  const BIGINT = 20;
  const NUMERIC = 1700;
  const JSON_TYPE = 114;
  const JSONB = 3802;
  types.setTypeParser(BIGINT, Number);
  types.setTypeParser(NUMERIC, Number);
  types.setTypeParser(JSON_TYPE, (value: string) => value);
  types.setTypeParser(JSONB, (value: string) => value);
  return types;
}

/** Opens the store on PostgreSQL and brings its schema up to date (once, whoever starts first). */
export async function openPgStore(config: DatabaseConfig, migrations: readonly Migration[] = MIGRATIONS): Promise<Store> {
  const store = new PgStore(config);
  try {
    await store.migrate(migrations);
  } catch (error) {
    await store.close();
    throw error;
  }
  return store;
}

/**
 * A pool of connections: statements run side by side, each on a free connection (PostgreSQL
 * keeps them consistent, unlike the SQLite store's one connection and serial queue).
 */
class PgStore implements Store {
  readonly dialect = 'postgres';
  /** Names the database without the password (readView shows it). */
  readonly file: string;
  private readonly pool: pg.Pool;
  private closed = false;

  constructor(config: DatabaseConfig) {
    this.file = redactedUrl(config.url);
    this.pool = new pg.Pool({ connectionString: config.url, max: config.poolSize, types: storeTypes() });
    // An idle connection that breaks (server restart) is dropped by the pool; not a crash.
    this.pool.on('error', () => {});
  }

  async run(sql: string, params?: SqlParams): Promise<void> {
    await runOn(this.open(), sql, params);
  }

  async all<T>(sql: string, params?: SqlParams): Promise<T[]> {
    return (await runOn(this.open(), sql, params)) as T[];
  }

  async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    const client = await this.open().connect();
    try {
      const result = await inTransaction(client, fn);
      client.release();
      return result;
    } catch (error) {
      // A connection whose ROLLBACK failed may be mid-transaction: destroy it rather than reuse.
      client.release(error instanceof BrokenConnection ? error : undefined);
      throw error instanceof BrokenConnection ? error.cause : error;
    }
  }

  private open(): pg.Pool {
    if (this.closed) throw new Error('The store is closed');
    return this.pool;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.pool.end();
  }

  /**
   * Applies the pending migrations under a session advisory lock, so two servers starting at
   * once apply each migration once: the second waits, then finds them recorded.
   */
  async migrate(migrations: readonly Migration[]): Promise<void> {
    const client = await this.pool.connect();
    try {
      await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
      try {
        await installFunctions(client);
        await applyMigrations(clientStore(client), migrations, 'postgres');
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
      }
    } finally {
      client.release();
    }
  }
}

/** The advisory lock key of the console's migrations (any constant other users of the database do not take). */
const MIGRATION_LOCK = 0x636f6e73;

class BrokenConnection extends Error {}

async function inTransaction<T>(client: pg.PoolClient, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  await runOn(client, 'BEGIN');
  try {
    const result = await fn(queryableOn(client));
    await runOn(client, 'COMMIT');
    return result;
  } catch (error) {
    try {
      await client.query('ROLLBACK');
    } catch {
      throw new BrokenConnection('ROLLBACK failed', { cause: error });
    }
    throw error;
  }
}

function queryableOn(client: pg.ClientBase): Queryable {
  return {
    dialect: 'postgres',
    run: async (sql, params) => void (await runOn(client, sql, params)),
    all: async <T>(sql: string, params?: SqlParams) => (await runOn(client, sql, params)) as T[],
  };
}

/** One client as a Store for the migrations (their transactions run on the locked connection). */
function clientStore(client: pg.PoolClient): Store {
  return {
    ...queryableOn(client),
    file: '',
    transaction: (fn) => inTransaction(client, fn),
    close: async () => {},
  };
}

async function runOn(on: pg.Pool | pg.ClientBase, sql: string, params?: SqlParams): Promise<unknown[]> {
  const { text, values } = positional(sql, params);
  try {
    return (await on.query(text, values)).rows;
  } catch (error) {
    throw storeError(sql, error);
  }
}

/**
 * The statement's purpose and PostgreSQL's message, never the values: a data exception (class
 * 22, e.g. invalid input syntax) quotes the offending value, so its message is left out.
 */
function storeError(sql: string, error: unknown): Error {
  if (!(error instanceof Error)) return new Error(`${purposeOf(sql)} failed`);
  const code = (error as { code?: string }).code;
  const message = code?.startsWith('22') ? `invalid value for a parameter (SQLSTATE ${code})` : error.message;
  return Object.assign(new Error(`${purposeOf(sql)}: ${message}`), { code });
}

/**
 * The text functions the store's SQL uses that PostgreSQL lacks under these names (SQLite
 * registers them in statements.ts); starts_with and lower are PostgreSQL's own.
 */
async function installFunctions(client: pg.PoolClient): Promise<void> {
  await client.query(`
    CREATE OR REPLACE FUNCTION contains(a text, b text) RETURNS boolean
      LANGUAGE sql IMMUTABLE STRICT AS 'SELECT strpos(a, b) > 0';
    CREATE OR REPLACE FUNCTION suffix(a text, b text) RETURNS boolean
      LANGUAGE sql IMMUTABLE STRICT AS 'SELECT right(a, length(b)) = b'`);
}
