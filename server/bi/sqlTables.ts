import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import type { SqlTable } from '../../contracts/bi';
import { serial } from '../util/serial';

/**
 * The tables a SQL text reads (Superset's sql_tables), found by DuckDB's own parser through
 * json_serialize_sql on a private in-memory DuckDB: no catalog is touched, so it works for
 * any database and never competes with the console store or the warehouse.
 *
 * json_serialize_sql serialises SELECT statements only (WITH, set operations and subqueries
 * included); a text with any other statement (CREATE, INSERT, ...) or a syntax error yields
 * no tables rather than a guess.
 */
export class SqlTableParser {
  /** One statement at a time: a DuckDB connection does not interleave statements. */
  private readonly queue = serial();
  private closed = false;

  private constructor(
    private readonly instance: DuckDBInstance,
    private readonly connection: DuckDBConnection,
  ) {}

  static async open(): Promise<SqlTableParser> {
    const instance = await DuckDBInstance.create(':memory:', { threads: '1' });
    return new SqlTableParser(instance, await instance.connect());
  }

  /** Never rejects: a text the parser cannot serialise has no known tables. */
  tables(sql: string): Promise<SqlTable[]> {
    return this.queue(() => this.parse(sql)).catch(() => []);
  }

  close(): Promise<void> {
    return this.queue(() => {
      if (this.closed) return;
      this.closed = true;
      this.connection.closeSync();
      this.instance.closeSync();
    });
  }

  private async parse(sql: string): Promise<SqlTable[]> {
    if (this.closed) return [];
    const statement = await this.connection.prepare('SELECT json_serialize_sql($1::VARCHAR) AS ast');
    try {
      statement.bindVarchar(1, sql);
      const rows = (await statement.runAndReadAll()).getRowObjectsJS();
      return tablesOfAst(JSON.parse(String(rows[0]?.ast ?? '{}')));
    } finally {
      statement.destroySync();
    }
  }
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
