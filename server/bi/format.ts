import { format, type SqlLanguage } from 'sql-formatter';
import { badRequest } from './errors';

/** Superset engine names (its db_engine_spec engines) → sql-formatter dialects. */
const DIALECT_OF_ENGINE: Record<string, SqlLanguage> = {
  duckdb: 'duckdb',
  postgresql: 'postgresql',
  postgres: 'postgresql',
  mysql: 'mysql',
  mariadb: 'mariadb',
  mssql: 'transactsql',
  sqlserver: 'transactsql',
  oracle: 'plsql',
  bigquery: 'bigquery',
  snowflake: 'snowflake',
  trino: 'trino',
  presto: 'trino',
  hive: 'hive',
  spark: 'spark',
  databricks: 'spark',
  sqlite: 'sqlite',
  redshift: 'redshift',
  clickhouse: 'clickhouse',
  clickhousedb: 'clickhouse',
  db2: 'db2',
  ibm_db_sa: 'db2',
  singlestoredb: 'singlestoredb',
  tidb: 'tidb',
};

/**
 * The dialect for an engine name: DuckDB (our warehouse) when none is given; standard SQL
 * for an engine sql-formatter does not know, as Superset formats unknown engines generically.
 */
export function dialectOf(engine: string | null | undefined): SqlLanguage {
  if (!engine) return 'duckdb';
  return DIALECT_OF_ENGINE[engine.trim().toLowerCase()] ?? 'sql';
}

/** Formats like Superset's format_sql (upper-case keywords); 400 when the text cannot be parsed. */
export function formatSql(sql: string, engine?: string | null): string {
  try {
    return format(sql, { language: dialectOf(engine), keywordCase: 'upper' });
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw badRequest(`The SQL could not be formatted: ${reason}`);
  }
}

/** A double-quoted identifier, embedded quotes doubled. */
export function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** Superset's selectStar: every column named, formatted over several lines. */
export function selectStar(schema: string, table: string, columns: string[], limit = 100): string {
  const list = columns.length ? columns.map(quoteIdentifier).join(', ') : '*';
  return formatSql(`SELECT ${list} FROM ${quoteIdentifier(schema)}.${quoteIdentifier(table)} LIMIT ${limit}`);
}
