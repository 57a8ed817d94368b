import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import type { SqlTable } from '../../contracts/bi';
import { serial } from '../util/serial';
import { LruMap } from '../store/lru';
import type { SqlShape } from '../warehouse/statementPolicy';

/** What one parse of a SQL text tells: the tables it reads and the shape the statement policy checks. */
export interface SqlAnalysis {
  tables: SqlTable[];
  shape: SqlShape;
}

/**
 * The tables a SQL text reads (Superset's sql_tables), and whether its statements are all
 * queries, found by DuckDB's own parser through json_serialize_sql on a private in-memory
 * DuckDB: no catalog is touched, so it works for any database and never competes with the
 * console store or the warehouse. That DuckDB reads no files and its settings are locked.
 *
 * json_serialize_sql serialises SELECT statements only (WITH, set operations and subqueries
 * included); a text with any other statement (CREATE, INSERT, ...) or a syntax error yields
 * no tables rather than a guess.
 */
/** SQL texts whose analysis is kept: SQL Lab users rerun the same few texts. */
export const ANALYSIS_CACHE_SIZE = 500;
/** Longer texts are parsed every time (the cache holds at most 500 × 16 KB of keys). */
export const CACHED_TEXT_MAX = 16 * 1024;

export class SqlTableParser {
  /** One statement at a time: a DuckDB connection does not interleave statements. */
  private readonly queue = serial();
  private closed = false;
  /**
   * The analysis depends on the text alone, and a parse (prepare, run, JSON) is a DuckDB round
   * trip on this one queue for every execute: a rerun text is answered from here.
   */
  private readonly analyses = new LruMap<string, Promise<SqlAnalysis>>(ANALYSIS_CACHE_SIZE);

  private constructor(
    private readonly instance: DuckDBInstance,
    private readonly connection: DuckDBConnection,
  ) {}

  static async open(): Promise<SqlTableParser> {
    const instance = await DuckDBInstance.create(':memory:', { threads: '1', enable_external_access: 'false', lock_configuration: 'true' });
    return new SqlTableParser(instance, await instance.connect());
  }

  /** Never rejects: a text the parser cannot serialise has no known tables. */
  async tables(sql: string): Promise<SqlTable[]> {
    return (await this.analyze(sql)).tables;
  }

  /** Never rejects: when the parser fails, the text is "other" (checked statement by statement). */
  analyze(sql: string): Promise<SqlAnalysis> {
    const cached = this.analyses.get(sql);
    if (cached) return cached;
    const parsed = this.queue(() => this.parse(sql));
    const analysis = parsed.catch((): SqlAnalysis => ({ tables: [], shape: { kind: 'other' } }));
    if (sql.length <= CACHED_TEXT_MAX) {
      this.analyses.set(sql, analysis);
      // Only what DuckDB answered is kept, not a failure of the parser itself (e.g. closed).
      parsed.catch(() => this.analyses.delete(sql));
    }
    return analysis;
  }

  close(): Promise<void> {
    return this.queue(() => {
      if (this.closed) return;
      this.closed = true;
      this.connection.closeSync();
      this.instance.closeSync();
    });
  }

  private async parse(sql: string): Promise<SqlAnalysis> {
    if (this.closed) throw new Error('The SQL parser is closed');
    const statement = await this.connection.prepare('SELECT json_serialize_sql($1::VARCHAR) AS ast');
    try {
      statement.bindVarchar(1, sql);
      const rows = (await statement.runAndReadAll()).getRowObjectsJS();
      const ast: unknown = JSON.parse(String(rows[0]?.ast ?? '{}'));
      return { tables: tablesOfAst(ast), shape: shapeOfAst(ast) };
    } finally {
      statement.destroySync();
    }
  }
}

/** Queries only (with the functions they call), another statement, or a parse error. */
export function shapeOfAst(ast: unknown): SqlShape {
  if (!isRecord(ast)) return { kind: 'other' };
  if (ast.error === false) {
    const functions = new Set<string>();
    collectFunctions(ast, functions);
    return { kind: 'queries', functions: [...functions] };
  }
  return ast.error_type === 'parser' ? { kind: 'unparsable' } : { kind: 'other' };
}

function collectFunctions(node: unknown, names: Set<string>): void {
  if (Array.isArray(node)) {
    for (const item of node) collectFunctions(item, names);
    return;
  }
  if (!isRecord(node)) return;
  if (typeof node.function_name === 'string') names.add(node.function_name);
  for (const value of Object.values(node)) if (typeof value === 'object' && value !== null) collectFunctions(value, names);
}

/** Tables of json_serialize_sql's answer, in order of appearance, without CTE names. */
export function tablesOfAst(ast: unknown): SqlTable[] {
  if (!isRecord(ast) || ast.error !== false) return [];
  const refs: SqlTable[] = [];
  const ctes = new Set<string>();
  walk(ast, refs, ctes);
  const seen = new Set<string>();
  return refs.filter((ref) => {
    if (ref.schema === null && ref.catalog === null && ctes.has(ref.table.toLowerCase())) return false;
    const key = JSON.stringify([ref.catalog, ref.schema, ref.table]);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function walk(node: unknown, refs: SqlTable[], ctes: Set<string>): void {
  if (Array.isArray(node)) {
    for (const item of node) walk(item, refs, ctes);
    return;
  }
  if (!isRecord(node)) return;
  if (node.type === 'BASE_TABLE' && typeof node.table_name === 'string') {
    refs.push({ table: node.table_name, schema: nameOrNull(node.schema_name), catalog: nameOrNull(node.catalog_name) });
  }
  const cteMap = node.cte_map;
  if (isRecord(cteMap) && Array.isArray(cteMap.map)) {
    for (const entry of cteMap.map) if (isRecord(entry) && typeof entry.key === 'string') ctes.add(entry.key.toLowerCase());
  }
  for (const value of Object.values(node)) if (typeof value === 'object' && value !== null) walk(value, refs, ctes);
}

function nameOrNull(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
