import type { Cell, JsonObject } from './types';

/** Where a SQL cell runs, as the notebook file keeps it: `metadata.sql = {database_id, schema?}`. */
export interface CellSqlPlace {
  databaseId: number;
  schema: string | null;
}

/** The cell's database and schema, or null when it names none (it runs on the warehouse's first database). */
export function sqlPlaceOf(cell: Cell): CellSqlPlace | null {
  const sql = cell.metadata.sql;
  if (!sql || typeof sql !== 'object' || Array.isArray(sql)) return null;
  const { database_id: databaseId, schema } = sql as JsonObject;
  if (typeof databaseId !== 'number' || !Number.isInteger(databaseId) || databaseId < 1) return null;
  return { databaseId, schema: typeof schema === 'string' && schema ? schema : null };
}

/** The cell's metadata with its place changed (other keys kept). */
export function withSqlPlace(metadata: JsonObject, place: CellSqlPlace): JsonObject {
  return { ...metadata, sql: place.schema ? { database_id: place.databaseId, schema: place.schema } : { database_id: place.databaseId } };
}
