/**
 * Ordered schema changes. Append new entries with the next version; never edit one that
 * has shipped, because data directories already record it as applied.
 */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

// Times are epoch milliseconds (BIGINT): simple to compare and free of time-zone rules.
export const MIGRATIONS: readonly Migration[] = [
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
];
