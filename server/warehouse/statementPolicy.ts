import { StatementType } from '@duckdb/node-api';
import { scanStatements } from './sqlScan';
import { WarehouseSqlError, type WarehouseDatabase } from './types';

/**
 * What SQL Lab may run, statement by statement (Superset's allow_dml, and more):
 * - read: queries, and whatever only reads (SHOW, DESCRIBE, EXPLAIN, read-only PRAGMAs);
 * - session: what ends with the run's own connection (USE, SET VARIABLE, SET search_path);
 * - transaction: BEGIN, COMMIT, ROLLBACK;
 * - write: DDL and DML, only on a database with allow_dml (the sandbox);
 * - forbidden everywhere: whatever changes the server for every user or touches its files
 *   (settings, ATTACH/DETACH, COPY, EXPORT/IMPORT, extensions, secrets, prepared statements).
 *
 * Two checks use it. Before anything runs, the text's statements are classified from their words
 * (sqlScan's lexer, when DuckDB's json_serialize_sql says they are not all queries); then, just
 * before each statement runs, DuckDB's own type of the prepared statement (classOfType). The
 * configuration lock and the read-only attachment of the demo databases stand behind both.
 */
export type StatementClass = 'read' | 'session' | 'transaction' | 'write' | 'forbidden';

export interface Verdict {
  kind: StatementClass;
  /** What the statement does, for messages: DETACH, SET GLOBAL threads, INSERT. */
  verb: string;
  /** Why a forbidden statement is: ends the message. */
  reason?: string;
}

/** What DuckDB's parser made of the whole text (json_serialize_sql), when known. */
export type SqlShape = { kind: 'queries'; functions: readonly string[] } | { kind: 'other' } | { kind: 'unparsable' };

const SETTINGS = "the warehouse's settings are the server's, shared by every user";
const FILES = 'SQL Lab neither reads nor writes files on the server';
const REASONS: Record<string, string> = {
  ATTACH: 'the server attaches the databases',
  DETACH: 'the server attaches the databases',
  COPY: FILES,
  EXPORT: FILES,
  IMPORT: FILES,
  INSTALL: 'the server chooses the extensions',
  LOAD: 'the server chooses the extensions',
  PREPARE: 'run the statement itself',
  EXECUTE: 'run the statement itself',
  DEALLOCATE: 'run the statement itself',
};

const READ_FIRST = new Set(['SELECT', 'VALUES', 'FROM', 'TABLE', 'SHOW', 'DESCRIBE', 'DESC', 'SUMMARIZE', 'PIVOT', 'UNPIVOT', 'PIVOT_WIDER', 'PIVOT_LONGER']);
const WRITE_FIRST = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE', 'TRUNCATE', 'CREATE', 'DROP', 'ALTER', 'COMMENT', 'CHECKPOINT', 'VACUUM', 'ANALYZE']);
const TRANSACTION_FIRST = new Set(['BEGIN', 'START', 'COMMIT', 'END', 'ROLLBACK', 'ABORT']);
/** The verbs a WITH clause can lead to. */
const AFTER_WITH = new Set(['SELECT', 'VALUES', 'FROM', 'TABLE', 'PIVOT', 'UNPIVOT', 'INSERT', 'UPDATE', 'DELETE', 'MERGE']);
/** Settings a SET may change: they are the connection's own (the lock lets them through too). */
const SESSION_SETTINGS = new Set(['SEARCH_PATH', 'SCHEMA']);
/** PRAGMAs that only read (DuckDB turns them into queries). */
const READ_PRAGMAS = new Set([
  'TABLE_INFO', 'SHOW_TABLES', 'SHOW_TABLES_EXPANDED', 'SHOW_DATABASES', 'DATABASE_LIST', 'DATABASE_SIZE', 'VERSION',
  'PLATFORM', 'STORAGE_INFO', 'SHOW', 'FUNCTIONS', 'COLLATIONS', 'METADATA_INFO', 'USER_AGENT',
]);
/** Table functions that change the server for everyone (the configuration lock does not cover them). */
export const SERVER_FUNCTIONS = new Set([
  'ENABLE_LOGGING', 'DISABLE_LOGGING', 'TRUNCATE_DUCKDB_LOGS', 'ENABLE_PEG_PARSER', 'DISABLE_PEG_PARSER', 'ENABLE_PROFILING', 'DISABLE_PROFILING',
]);

const forbidden = (verb: string, reason: string): Verdict => ({ kind: 'forbidden', verb, reason });
const display = (token: string | undefined) => (token === undefined ? '' : token.startsWith('"') ? token.slice(1) : token.toLowerCase());

/** One statement's class from its tokens (see sqlScan). */
export function classifyTokens(tokens: readonly string[]): Verdict {
  let start = 0;
  while (tokens[start] === '(') start++;
  const words = tokens.slice(start);
  const first = words[0] ?? '';
  if (READ_FIRST.has(first)) return { kind: 'read', verb: first };
  if (first === 'WITH') return afterWith(words);
  if (first === 'UPDATE' && words[1] === 'EXTENSIONS') return forbidden('UPDATE EXTENSIONS', 'the server chooses the extensions');
  if ((first === 'CREATE' || first === 'DROP') && words.slice(1, 5).includes('SECRET')) return forbidden(`${first} SECRET`, 'the server keeps no secrets for SQL Lab');
  if (WRITE_FIRST.has(first)) return { kind: 'write', verb: first };
  if (first === 'FORCE') return words[1] === 'CHECKPOINT' ? { kind: 'write', verb: 'FORCE CHECKPOINT' } : forbidden(`FORCE ${words[1] ?? ''}`.trim(), REASONS.INSTALL);
  if (TRANSACTION_FIRST.has(first)) return { kind: 'transaction', verb: first };
  if (first === 'USE') return { kind: 'session', verb: 'USE' };
  if (first === 'SET' || first === 'RESET') return setting(words);
  if (first === 'EXPLAIN') return explain(words);
  if (first === 'PRAGMA') return pragma(words);
  if (first === 'CALL') return call(words);
  if (REASONS[first]) return forbidden(first, REASONS[first]);
  return forbidden(first === '' ? 'This statement' : display(first).toUpperCase(), 'it is not a statement SQL Lab knows');
}

/** `WITH … AS (…) INSERT …`: the class of the statement the CTEs lead to. */
function afterWith(words: readonly string[]): Verdict {
  let depth = 0;
  for (let i = 1; i < words.length; i++) {
    if (words[i] === '(') depth++;
    else if (words[i] === ')') depth--;
    else if (depth === 0 && AFTER_WITH.has(words[i])) return classifyTokens(words.slice(i));
  }
  return forbidden('WITH', 'it leads to no statement SQL Lab knows');
}

/** SET/RESET [GLOBAL|SESSION|LOCAL] (VARIABLE name | name) … */
function setting(words: readonly string[]): Verdict {
  const [verb] = words;
  let at = 1;
  const scope = ['GLOBAL', 'SESSION', 'LOCAL'].includes(words[at]) ? words[at++] : null;
  if (words[at] === 'VARIABLE') return { kind: 'session', verb: `${verb} VARIABLE` };
  const name = words[at] ?? '';
  const spelled = `${verb}${scope ? ` ${scope}` : ''} ${display(name)}`;
  if (SESSION_SETTINGS.has(name) && scope !== 'GLOBAL') return { kind: 'session', verb: spelled };
  return forbidden(spelled, SETTINGS);
}

/** EXPLAIN only plans; EXPLAIN ANALYZE runs what it explains. */
function explain(words: readonly string[]): Verdict {
  let at = 1;
  let analyze = false;
  if (words[at] === 'ANALYZE') {
    analyze = true;
    at++;
  } else if (words[at] === '(') {
    const close = words.indexOf(')', at);
    analyze = words.slice(at, close).includes('ANALYZE');
    at = close + 1;
  }
  const inner = classifyTokens(words.slice(at));
  if (inner.kind === 'forbidden' || (analyze && inner.kind !== 'read')) return { ...inner, verb: `EXPLAIN ${inner.verb}` };
  return { kind: 'read', verb: 'EXPLAIN' };
}

/** PRAGMA name = value sets an option; PRAGMA name(...) of the read-only kind only reads. */
function pragma(words: readonly string[]): Verdict {
  const name = words[1] ?? '';
  if (READ_PRAGMAS.has(name) && !words.includes('=')) return { kind: 'read', verb: `PRAGMA ${display(name)}` };
  return forbidden(`PRAGMA ${display(name)}`, name.startsWith('IMPORT') ? FILES : SETTINGS);
}

function call(words: readonly string[]): Verdict {
  const name = words[1] ?? '';
  if (SERVER_FUNCTIONS.has(name)) return forbidden(`CALL ${display(name)}`, 'it changes the server for every user');
  if (name === 'CHECKPOINT' || name === 'FORCE_CHECKPOINT') return { kind: 'write', verb: `CALL ${display(name)}` };
  return { kind: 'read', verb: 'CALL' };
}

/** DuckDB's own type of a prepared statement, as a class (SET is `session`: the lock refuses settings). */
export function classOfType(type: StatementType): Verdict {
  const verb = StatementType[type] ?? 'UNKNOWN';
  switch (type) {
    case StatementType.SELECT:
    case StatementType.EXPLAIN:
    case StatementType.CALL:
      return { kind: 'read', verb };
    case StatementType.SET:
    case StatementType.VARIABLE_SET:
      return { kind: 'session', verb };
    case StatementType.TRANSACTION:
      return { kind: 'transaction', verb };
    case StatementType.INSERT:
    case StatementType.UPDATE:
    case StatementType.DELETE:
    case StatementType.CREATE:
    case StatementType.ALTER:
    case StatementType.DROP:
    case StatementType.CREATE_FUNC:
    case StatementType.MERGE_INTO:
    case StatementType.ANALYZE:
    case StatementType.VACUUM:
      return { kind: 'write', verb };
    default:
      return forbidden(verb.replaceAll('_', ' '), REASONS[verb] ?? 'it would change the server for every user');
  }
}

/** The message refusing `verdict` on `database`, or null when it may run there. */
export function refusal(verdict: Verdict, database: WarehouseDatabase): string | null {
  switch (verdict.kind) {
    case 'forbidden':
      return `${verdict.verb} is not allowed in SQL Lab: ${verdict.reason ?? 'it would change the server for every user'}`;
    case 'write':
      if (database.allowDml) return null;
      return `Database "${database.name}" is read-only (allow_dml is false): ${verdict.verb} is not allowed there. Create scratch tables in the "sandbox" database.`;
    case 'transaction':
      return database.allowDml ? `${verdict.verb} is not allowed in the "${database.name}" database: each run there is one transaction of its own` : null;
    default:
      return null;
  }
}

/**
 * Checks every statement of `sql` before any runs; throws WarehouseSqlError with the first
 * refusal. Text DuckDB cannot parse is left to it: it refuses the whole text before running any.
 */
export function checkStatements(database: WarehouseDatabase, sql: string, shape: SqlShape): void {
  if (shape.kind === 'unparsable') return;
  if (shape.kind === 'queries') {
    const called = shape.functions.find((name) => SERVER_FUNCTIONS.has(name.toUpperCase()));
    if (called) throw new WarehouseSqlError(refusal(forbidden(called, 'it changes the server for every user'), database) ?? '');
    return;
  }
  for (const tokens of scanStatements(sql)) {
    const message = refusal(classifyTokens(tokens), database);
    if (message) throw new WarehouseSqlError(message);
  }
}
