import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll } from 'vitest';
import type { DatabaseConfig } from '../../config';

/**
 * A PostgreSQL role allowed to create databases (CONSOLE_TEST_DATABASE_URL, e.g. the postgres
 * upstream's superuser: `npm run upstreams -- up postgres`). Unset: the PostgreSQL runs skip.
 */
export const TEST_DATABASE_URL = process.env.CONSOLE_TEST_DATABASE_URL?.trim() || null;

/**
 * A fresh, empty PostgreSQL database per call, dropped after the test file (connections and
 * all): tests of one file share nothing but the server.
 */
export function usePostgresDatabases(): { create(): Promise<DatabaseConfig> } {
  const made: DatabaseConfig[] = [];
  afterAll(async () => {
    for (const database of made.splice(0)) await dropTestDatabase(database);
  });
  return {
    async create() {
      const database = await createTestDatabase();
      made.push(database);
      return database;
    },
  };
}

/** CONSOLE_TEST_STORE=postgres runs suites' apps on PostgreSQL (see testing/harness.ts); unset, SQLite. */
export const TEST_STORE = process.env.CONSOLE_TEST_STORE?.trim() || 'sqlite';

/** A fresh, empty database; the caller drops it (dropTestDatabase). */
export async function createTestDatabase(): Promise<DatabaseConfig> {
  if (!TEST_DATABASE_URL) throw new Error('CONSOLE_TEST_DATABASE_URL is not set');
  const name = `console_test_${randomBytes(6).toString('hex')}`;
  await onAdmin((client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return { url: url.href, poolSize: 4 };
}

/** Drops a test database, its connections and all. */
export async function dropTestDatabase(database: DatabaseConfig): Promise<void> {
  const name = new URL(database.url).pathname.slice(1);
  await onAdmin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
}

async function onAdmin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL ?? undefined });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
