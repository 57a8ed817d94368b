import { format, type SqlLanguage } from 'sql-formatter';
import { badRequest } from './errors';
import { lexemes, meaningOf } from './sqlLexemes';

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

/**
 * Formats like Superset's format_sql (upper-case keywords); 400 when the text cannot be parsed,
 * and when the result would not mean what the text meant (then the SQL is left as it was).
 */
export function formatSql(sql: string, engine?: string | null): string {
  const { text, restore } = protectStringRuns(sql);
  let formatted: string;
  try {
    formatted = restore(format(text, { language: dialectOf(engine), keywordCase: 'upper' }));
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw badRequest(`The SQL could not be formatted: ${reason}`);
  }
  const changed = firstDifference(meaningOf(sql), meaningOf(formatted));
  if (changed !== null) throw badRequest(`The SQL was not formatted: formatting would change what it means (at ${JSON.stringify(changed)}).`);
  return formatted;
}

/**
 * Strings continued over lines (`'a'\n'b'`, one string in DuckDB) stand in as one placeholder
 * string while sql-formatter works: it would put them on one line, where DuckDB rejects them.
 */
function protectStringRuns(sql: string): { text: string; restore: (formatted: string) => string } {
  const all = lexemes(sql).filter((lexeme) => lexeme.kind !== 'comment');
  const runs: { start: number; end: number }[] = [];
  for (let i = 1; i < all.length; i++) {
    if (all[i].kind !== 'string' || all[i - 1].kind !== 'string') continue;
    const last = runs.at(-1);
    if (last?.end === all[i - 1].end) last.end = all[i].end;
    else runs.push({ start: all[i - 1].start, end: all[i].end });
  }
  if (runs.length === 0) return { text: sql, restore: (formatted) => formatted };
  let nonce = 0;
  while (sql.includes(`dpc_literal_${nonce}_`)) nonce++;
  const placeholder = (index: number) => `'dpc_literal_${nonce}_${index}'`;
  let text = sql;
  for (let i = runs.length - 1; i >= 0; i--) text = text.slice(0, runs[i].start) + placeholder(i) + text.slice(runs[i].end);
  const restore = (formatted: string) => runs.reduce((out, run, i) => out.replace(placeholder(i), () => sql.slice(run.start, run.end)), formatted);
  return { text, restore };
}

/** The first lexeme where the two differ, null when they are the same. */
function firstDifference(before: string[], after: string[]): string | null {
  for (let i = 0; i < Math.max(before.length, after.length); i++) {
    if (before[i] !== after[i]) return before[i] ?? after[i];
  }
  return null;
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
