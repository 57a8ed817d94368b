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
];
