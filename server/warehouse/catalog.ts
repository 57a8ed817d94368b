import type { DuckDBConnection, DuckDBValue } from '@duckdb/node-api';
import { literal } from './sql';
import type { WarehouseColumn, WarehouseDatabase, WarehouseTable } from './types';

/**
 * Metadata from DuckDB's catalog functions. User text (schema, table, search) is always bound;
 * only our own catalog names are spliced in, quoted.
 */

/** Tables and views of every catalog, with the same columns. */
const RELATIONS = `(
  SELECT database_name, schema_name, table_name AS name, 'table' AS type, comment, estimated_size AS row_count
  FROM duckdb_tables() WHERE NOT internal AND NOT temporary
  UNION ALL
  SELECT database_name, schema_name, view_name, 'view', comment, NULL
  FROM duckdb_views() WHERE NOT internal AND NOT temporary
)`;

interface RelationRow {
  database_name: string;
  schema_name: string;
  name: string;
  type: 'table' | 'view';
  comment: string | null;
  row_count: bigint | null;
}

async function rows<T>(connection: DuckDBConnection, sql: string, params: DuckDBValue[]): Promise<T[]> {
  const result = await connection.run(sql, params);
  return (await result.getRowObjectsJS()) as T[];
}

/** Schema names of the catalog, sorted; its empty default schema `main` included. */
export async function listSchemas(connection: DuckDBConnection, catalog: string): Promise<string[]> {
  const found = await rows<{ schema_name: string }>(
    connection,
    `SELECT schema_name FROM duckdb_schemas() WHERE database_name = $1 AND (NOT internal OR schema_name = 'main') ORDER BY schema_name`,
    [catalog],
  );
  return found.map((row) => row.schema_name);
}

export async function schemaExists(connection: DuckDBConnection, catalog: string, schema: string): Promise<boolean> {
  return (await listSchemas(connection, catalog)).includes(schema);
}

export async function listTables(connection: DuckDBConnection, catalog: string, schema: string): Promise<WarehouseTable[]> {
  const found = await rows<RelationRow>(
    connection,
    `SELECT * FROM ${RELATIONS} WHERE database_name = $1 AND schema_name = $2 ORDER BY name`,
    [catalog, schema],
  );
  return found.map(tableOf);
}

export async function findTable(
  connection: DuckDBConnection,
  catalog: string,
  schema: string,
  table: string,
): Promise<(WarehouseTable & { columns: WarehouseColumn[]; rowCount: number | null }) | null> {
  const [found] = await rows<RelationRow>(
    connection,
    `SELECT * FROM ${RELATIONS} WHERE database_name = $1 AND schema_name = $2 AND name = $3`,
    [catalog, schema, table],
  );
  if (!found) return null;
  const columns = await rows<WarehouseColumn>(
    connection,
    `SELECT column_name AS name, data_type AS type, comment FROM duckdb_columns()
     WHERE database_name = $1 AND schema_name = $2 AND table_name = $3 ORDER BY column_index`,
    [catalog, schema, table],
  );
  const rowCount = found.row_count === null ? null : Number(found.row_count);
  return { ...tableOf(found), columns, rowCount };
}

/** Case-insensitive "name contains", names starting with the text first, across the given databases. */
export async function searchTables(
  connection: DuckDBConnection,
  databases: readonly WarehouseDatabase[],
  text: string,
  limit: number,
): Promise<{ databaseId: number; schema: string; table: WarehouseTable }[]> {
  const catalogs = databases.map((database) => literal(database.catalog)).join(', ');
  const found = await rows<RelationRow>(
    connection,
    `SELECT * FROM ${RELATIONS}
     WHERE database_name IN (${catalogs}) AND contains(lower(name), lower($1))
     ORDER BY NOT starts_with(lower(name), lower($1)), name, database_name, schema_name
     LIMIT $2`,
    [text, Math.max(0, Math.floor(limit))],
  );
  const idOf = new Map(databases.map((database) => [database.catalog, database.id]));
  return found.map((row) => ({ databaseId: idOf.get(row.database_name) ?? 0, schema: row.schema_name, table: tableOf(row) }));
}

/** Case-insensitive "column name contains", names starting with the text first, with each column's table. */
export async function searchColumns(
  connection: DuckDBConnection,
  databases: readonly WarehouseDatabase[],
  text: string,
  limit: number,
): Promise<{ databaseId: number; schema: string; table: WarehouseTable; column: WarehouseColumn }[]> {
  const catalogs = databases.map((database) => literal(database.catalog)).join(', ');
  const found = await rows<RelationRow & { column_name: string; data_type: string; column_comment: string | null }>(
    connection,
    `SELECT r.*, c.column_name, c.data_type, c.comment AS column_comment
     FROM duckdb_columns() c JOIN ${RELATIONS} r
       ON r.database_name = c.database_name AND r.schema_name = c.schema_name AND r.name = c.table_name
     WHERE c.database_name IN (${catalogs}) AND NOT c.internal AND contains(lower(c.column_name), lower($1))
     ORDER BY NOT starts_with(lower(c.column_name), lower($1)), c.column_name, r.database_name, r.schema_name, r.name
     LIMIT $2`,
    [text, Math.max(0, Math.floor(limit))],
  );
  const idOf = new Map(databases.map((database) => [database.catalog, database.id]));
  return found.map((row) => ({
    databaseId: idOf.get(row.database_name) ?? 0,
    schema: row.schema_name,
    table: tableOf(row),
    column: { name: row.column_name, type: row.data_type, comment: row.column_comment },
  }));
}

function tableOf(row: RelationRow): WarehouseTable {
  return { name: row.name, type: row.type, comment: row.comment };
}
