import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import type { SqlParams } from '../db';
import { LEGACY_DATABASE_FILE } from '../legacyImport';

/**
 * console.duckdb as the console made it before its store moved to SQLite: the DuckDB schema
 * of those versions (kept here, as shipped, for the import tests only) and the rows a test
 * writes into it.
 */
export async function makeLegacyStore(dataDir: string, rows: { sql: string; params?: SqlParams }[], upToVersion = 6): Promise<string> {
  const file = path.join(dataDir, LEGACY_DATABASE_FILE);
  const instance = await DuckDBInstance.create(file);
  const connection = await instance.connect();
  try {
    await connection.run('CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name VARCHAR NOT NULL, applied_at TIMESTAMP NOT NULL DEFAULT current_timestamp)');
    for (const migration of DUCKDB_MIGRATIONS.filter((m) => m.version <= upToVersion)) {
      await connection.run(migration.sql);
      await connection.run('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [migration.version, migration.name]);
    }
    for (const row of rows) await connection.run(row.sql, row.params);
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
  return file;
}

interface DuckDbMigration {
  version: number;
  name: string;
  sql: string;
}

// Times are epoch milliseconds (BIGINT): simple to compare and free of time-zone rules.
const DUCKDB_MIGRATIONS: readonly DuckDbMigration[] = [
  {
    version: 1,
    name: 'users',
    sql: `CREATE TABLE users (
      username VARCHAR PRIMARY KEY,
      id INTEGER NOT NULL UNIQUE,
      password_hash VARCHAR NOT NULL,
      role VARCHAR NOT NULL CHECK (role IN ('admin', 'editor')),
      first_name VARCHAR NOT NULL,
      last_name VARCHAR NOT NULL,
      email VARCHAR NOT NULL,
      created_at BIGINT NOT NULL
    )`,
  },
  {
    version: 2,
    name: 'sessions',
    // No foreign key to users: DuckDB foreign keys block deleting or re-keying users.
    sql: `CREATE TABLE sessions (
      id VARCHAR PRIMARY KEY,
      username VARCHAR NOT NULL,
      created_at BIGINT NOT NULL,
      expires_at BIGINT NOT NULL
    )`,
  },
  {
    version: 3,
    name: 'idempotency_keys',
    // One stored answer per (user, key); headers is a JSON object of the replayed headers.
    sql: `CREATE TABLE idempotency_keys (
      username VARCHAR NOT NULL,
      key VARCHAR NOT NULL,
      fingerprint VARCHAR NOT NULL,
      status INTEGER NOT NULL,
      body VARCHAR NOT NULL,
      headers JSON NOT NULL,
      created_at BIGINT NOT NULL,
      PRIMARY KEY (username, key)
    )`,
  },
  {
    version: 4,
    name: 'workspace',
    // path is unique among live items only; DuckDB has no partial unique indexes, so the
    // workspace service enforces it (all its writes run one at a time). content_* cache
    // the notebook version so listings hash only files whose mtime or size changed.
    sql: `CREATE TABLE workspace_items (
      id VARCHAR PRIMARY KEY,
      path VARCHAR NOT NULL,
      type VARCHAR NOT NULL CHECK (type IN ('notebook', 'folder')),
      owner VARCHAR NOT NULL,
      created_at BIGINT NOT NULL,
      updated_at BIGINT NOT NULL,
      is_favorite BOOLEAN NOT NULL DEFAULT false,
      is_deleted BOOLEAN NOT NULL DEFAULT false,
      deleted_at BIGINT,
      trash_path VARCHAR,
      content_version VARCHAR,
      content_mtime DOUBLE,
      content_size BIGINT
    );
    CREATE SEQUENCE workspace_audit_seq START 1;
    CREATE TABLE workspace_audit (
      seq BIGINT PRIMARY KEY DEFAULT nextval('workspace_audit_seq'),
      key VARCHAR,
      method VARCHAR NOT NULL,
      route VARCHAR NOT NULL,
      path VARCHAR NOT NULL,
      status INTEGER NOT NULL,
      username VARCHAR NOT NULL,
      applied_at BIGINT NOT NULL
    )`,
  },
  {
    version: 5,
    name: 'bi_sql_lab',
    // SQL Lab query history and saved queries (server/bi). Users are referenced by username
    // and databases by the warehouse's stable ids, without foreign keys (see sessions).
    // sql_tables is the JSON text of the tables DuckDB's parser found. Times are epoch ms. A
    // saved query's rows and last run are read from the history (no write on each execute).
    sql: `CREATE SEQUENCE bi_queries_seq START 1;
    CREATE TABLE bi_queries (
      id BIGINT PRIMARY KEY DEFAULT nextval('bi_queries_seq'),
      client_id VARCHAR NOT NULL UNIQUE,
      username VARCHAR NOT NULL,
      database_id INTEGER NOT NULL,
      database_name VARCHAR NOT NULL,
      schema_name VARCHAR,
      catalog_name VARCHAR,
      sql VARCHAR NOT NULL,
      executed_sql VARCHAR,
      sql_editor_id VARCHAR,
      tab_name VARCHAR,
      status VARCHAR NOT NULL CHECK (status IN ('running', 'success', 'failed', 'stopped', 'timed_out')),
      start_time BIGINT NOT NULL,
      end_time BIGINT,
      row_count BIGINT,
      row_limit INTEGER NOT NULL,
      limiting_factor VARCHAR NOT NULL DEFAULT 'NOT_LIMITED',
      error_message VARCHAR,
      sql_tables VARCHAR NOT NULL DEFAULT '[]',
      changed_on BIGINT NOT NULL
    );
    CREATE SEQUENCE bi_saved_queries_seq START 1;
    CREATE TABLE bi_saved_queries (
      id BIGINT PRIMARY KEY DEFAULT nextval('bi_saved_queries_seq'),
      owner VARCHAR NOT NULL,
      changed_by VARCHAR NOT NULL,
      db_id INTEGER NOT NULL,
      database_name VARCHAR NOT NULL,
      label VARCHAR NOT NULL,
      description VARCHAR,
      sql VARCHAR NOT NULL,
      schema_name VARCHAR,
      catalog_name VARCHAR,
      template_parameters VARCHAR,
      extra_json VARCHAR,
      sql_tables VARCHAR NOT NULL DEFAULT '[]',
      created_on BIGINT NOT NULL,
      changed_on BIGINT NOT NULL
    );
    CREATE TABLE bi_saved_query_favorites (
      username VARCHAR NOT NULL,
      saved_query_id BIGINT NOT NULL,
      created_on BIGINT NOT NULL,
      PRIMARY KEY (username, saved_query_id)
    )`,
  },
  {
    version: 6,
    name: 'revocable_sessions_and_tokens',
    // token_version changes with the password: sessions and token families record the version
    // they were made under and are refused once it differs. (DuckDB adds columns without
    // constraints; existing rows get the default.) A token family is what one sign-in with
    // tokens started: refresh_id names its one live refresh token (NULL: access tokens only).
    sql: `ALTER TABLE users ADD COLUMN token_version INTEGER DEFAULT 0;
    ALTER TABLE sessions ADD COLUMN token_version INTEGER DEFAULT 0;
    CREATE TABLE token_families (
      id VARCHAR PRIMARY KEY,
      username VARCHAR NOT NULL,
      token_version INTEGER NOT NULL,
      refresh_id VARCHAR,
      created_at BIGINT NOT NULL,
      expires_at BIGINT NOT NULL
    )`,
  },
];
