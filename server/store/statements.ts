import type Database from 'better-sqlite3';
import { LruMap } from './lru';
import type { Queryable, SqlParams, SqlValue } from './queryable';

/** More than the distinct statements the server runs, so a steady state re-prepares none. */
export const STATEMENT_CACHE_SIZE = 200;

type Bindable = string | number | bigint | null;

/**
 * Runs statements on one SQLite connection through prepared statements kept per SQL text
 * (a repeated statement skips parsing and planning). Positional `$1` and named `$name`
 * parameters are both SQLite's named parameters, bound by name. SQL holding several
 * statements (migrations) runs as a script, without parameters.
 */
export class SqliteStatements implements Queryable {
  readonly dialect = 'sqlite';
  private readonly statements = new LruMap<string, Database.Statement>(STATEMENT_CACHE_SIZE);

  constructor(private readonly db: Database.Database) {
    registerFunctions(db);
  }

  /** Number of prepared statements held. */
  get size(): number {
    return this.statements.size;
  }

  async run(sql: string, params?: SqlParams): Promise<void> {
    this.runNow(sql, params);
  }

  async all<T>(sql: string, params?: SqlParams): Promise<T[]> {
    return this.allNow<T>(sql, params);
  }

  runNow(sql: string, params?: SqlParams): void {
    const statement = this.prepared(sql, params);
    if (!statement) return;
    if (statement.reader) statement.all(...argsOf(params));
    else statement.run(...argsOf(params));
  }

  allNow<T>(sql: string, params?: SqlParams): T[] {
    const statement = this.prepared(sql, params);
    if (!statement) return [];
    if (!statement.reader) {
      statement.run(...argsOf(params));
      return [];
    }
    return statement.all(...argsOf(params)) as T[];
  }

  /** The cached statement, or null after running a script of several statements. */
  private prepared(sql: string, params: SqlParams | undefined): Database.Statement | null {
    const cached = this.statements.get(sql);
    if (cached) return cached;
    let statement: Database.Statement;
    try {
      statement = this.db.prepare(sql);
    } catch (error) {
      if (!(error instanceof RangeError) || params !== undefined) throw error;
      this.db.exec(sql);
      return null;
    }
    this.statements.set(sql, statement);
    return statement;
  }
}

/** `$1` is the named parameter "1"; booleans are SQLite's 0 and 1. No parameters, no argument. */
function argsOf(params: SqlParams | undefined): [Record<string, Bindable>] | [] {
  if (!params) return [];
  const bound: Record<string, Bindable> = {};
  const entries: [string, SqlValue][] = Array.isArray(params) ? params.map((value, index) => [String(index + 1), value]) : Object.entries(params);
  if (entries.length === 0) return [];
  for (const [name, value] of entries) bound[name] = typeof value === 'boolean' ? Number(value) : value;
  return [bound];
}

/**
 * The text functions the store's SQL uses (list filters, folder prefixes), as JavaScript
 * defines them: lower() folds all of Unicode, not only ASCII as SQLite's own does.
 */
function registerFunctions(db: Database.Database): void {
  const text = { deterministic: true };
  const bothText = (fn: (a: string, b: string) => boolean) => (a: unknown, b: unknown) =>
    a === null || b === null ? null : Number(fn(String(a), String(b)));
  db.function('lower', text, (value: unknown) => (value === null ? null : String(value).toLowerCase()));
  db.function('contains', text, bothText((a, b) => a.includes(b)));
  db.function('starts_with', text, bothText((a, b) => a.startsWith(b)));
  db.function('suffix', text, bothText((a, b) => a.endsWith(b)));
}
