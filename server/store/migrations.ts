/**
 * Ordered schema changes. Append new entries with the next version; never edit one that
 * has shipped, because data directories already record it as applied.
 */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

// SQLite (see db.ts). Times are epoch milliseconds (BIGINT): simple to compare and free of
// time-zone rules. Booleans are 0/1. AUTOINCREMENT, like the sequences of the DuckDB store this
// replaced, never hands out an id again after its row was deleted (saved query ids are in URLs).
// Versions and tables are those of that store (see legacyImport.ts).
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
    // No foreign key to users: users are referenced by name.
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
    // path is unique among live items only; the workspace service enforces it (all its
    // writes run one at a time). content_* cache
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
    CREATE TABLE workspace_audit (
      seq INTEGER PRIMARY KEY AUTOINCREMENT,
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
    // sql_tables is the JSON text of the tables DuckDB's SQL parser found. Times are epoch ms. A
    // saved query's rows and last run are read from the history (no write on each execute).
    sql: `CREATE TABLE bi_queries (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
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
    CREATE TABLE bi_saved_queries (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
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
    // they were made under and are refused once it differs (existing rows get the default).
    // A token family is what one sign-in with
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
  {
    version: 7,
    name: 'workflow',
    // The embedded workflow server (server/workflow): demo DAGs (their definition as JSON), runs,
    // task instances (the current try; earlier tries in wf_task_tries), XComs, the event log and
    // the log text of tries the live executor ran (historical logs are generated on read).
    sql: `CREATE TABLE wf_dags (
      dag_id VARCHAR PRIMARY KEY,
      is_paused INTEGER NOT NULL,
      spec JSON NOT NULL,
      source VARCHAR NOT NULL,
      next_dagrun BIGINT,
      last_parsed BIGINT NOT NULL
    );
    CREATE TABLE wf_dag_runs (
      dag_id VARCHAR NOT NULL,
      run_id VARCHAR NOT NULL,
      state VARCHAR NOT NULL,
      run_type VARCHAR NOT NULL,
      logical_date BIGINT NOT NULL,
      interval_start BIGINT,
      interval_end BIGINT,
      queued_at BIGINT,
      start_date BIGINT,
      end_date BIGINT,
      conf JSON NOT NULL,
      note VARCHAR,
      external_trigger INTEGER NOT NULL,
      updated_at BIGINT NOT NULL,
      PRIMARY KEY (dag_id, run_id)
    );
    CREATE INDEX wf_dag_runs_by_date ON wf_dag_runs (dag_id, logical_date);
    CREATE INDEX wf_dag_runs_by_state ON wf_dag_runs (state, dag_id);
    CREATE TABLE wf_task_instances (
      dag_id VARCHAR NOT NULL,
      run_id VARCHAR NOT NULL,
      task_id VARCHAR NOT NULL,
      map_index INTEGER NOT NULL,
      state VARCHAR,
      try_number INTEGER NOT NULL,
      max_tries INTEGER NOT NULL,
      queued_when BIGINT,
      start_date BIGINT,
      end_date BIGINT,
      hostname VARCHAR NOT NULL,
      pid INTEGER,
      note VARCHAR,
      PRIMARY KEY (dag_id, run_id, task_id, map_index)
    );
    CREATE INDEX wf_task_instances_by_state ON wf_task_instances (state);
    CREATE TABLE wf_task_tries (
      dag_id VARCHAR NOT NULL,
      run_id VARCHAR NOT NULL,
      task_id VARCHAR NOT NULL,
      map_index INTEGER NOT NULL,
      try_number INTEGER NOT NULL,
      state VARCHAR,
      queued_when BIGINT,
      start_date BIGINT,
      end_date BIGINT,
      hostname VARCHAR NOT NULL,
      pid INTEGER,
      PRIMARY KEY (dag_id, run_id, task_id, map_index, try_number)
    );
    CREATE TABLE wf_xcoms (
      dag_id VARCHAR NOT NULL,
      run_id VARCHAR NOT NULL,
      task_id VARCHAR NOT NULL,
      map_index INTEGER NOT NULL,
      key VARCHAR NOT NULL,
      value JSON NOT NULL,
      timestamp BIGINT NOT NULL,
      PRIMARY KEY (dag_id, run_id, task_id, map_index, key)
    );
    CREATE TABLE wf_event_logs (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      dttm BIGINT NOT NULL,
      dag_id VARCHAR,
      task_id VARCHAR,
      run_id VARCHAR,
      map_index INTEGER,
      try_number INTEGER,
      event VARCHAR NOT NULL,
      logical_date BIGINT,
      owner VARCHAR,
      extra VARCHAR
    );
    CREATE INDEX wf_event_logs_by_dag ON wf_event_logs (dag_id, dttm);
    CREATE TABLE wf_logs (
      dag_id VARCHAR NOT NULL,
      run_id VARCHAR NOT NULL,
      task_id VARCHAR NOT NULL,
      map_index INTEGER NOT NULL,
      try_number INTEGER NOT NULL,
      content VARCHAR NOT NULL,
      PRIMARY KEY (dag_id, run_id, task_id, map_index, try_number)
    )`,
  },
  {
    version: 8,
    name: 'bi_upstream_favorites',
    // Favourite saved queries of a Superset upstream, which has no favourites for saved queries:
    // per console user and Superset saved query id (Superset's ids, not bi_saved_queries').
    sql: `CREATE TABLE bi_upstream_favorites (
      username VARCHAR NOT NULL,
      saved_query_id BIGINT NOT NULL,
      created_on BIGINT NOT NULL,
      PRIMARY KEY (username, saved_query_id)
    );
    CREATE INDEX bi_upstream_favorites_by_query ON bi_upstream_favorites (saved_query_id)`,
  },
];
