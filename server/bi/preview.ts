import { randomUUID } from 'node:crypto';
import { type BiErrorType } from '../../contracts/bi';
import { TABLE_PREVIEW_ROWS, type TablePreview } from '../../contracts/biCatalog';
import { QueryCancelledError, WarehouseSqlError, WarehouseUnavailableError, type Warehouse, type WarehouseDatabase } from '../warehouse/types';
import { BiHttpError, errorEntry, sqlErrorBody, sqlErrorType, tableNotFound } from './errors';
import { timeoutMessage } from './executor';
import { quoteIdentifier } from './format';
import { resultColumn } from './present';

/**
 * The catalog browser's table preview: the first TABLE_PREVIEW_ROWS rows of one table, run on
 * the warehouse directly (no SQL Lab executor, so no query history entry), under a timeout.
 */

/** What DuckDB says when the table (or its schema) was dropped after the caller found it. */
const GONE = new Set<BiErrorType>(['TABLE_DOES_NOT_EXIST_ERROR', 'SCHEMA_DOES_NOT_EXIST_ERROR']);

/** `SELECT * FROM "catalog"."schema"."table" LIMIT 100`: every name quoted, never spliced in bare. */
export function previewSql(catalog: string, schema: string, table: string): string {
  return `SELECT * FROM ${[catalog, schema, table].map(quoteIdentifier).join('.')} LIMIT ${TABLE_PREVIEW_ROWS}`;
}

/**
 * Runs the preview of a table the caller has found in the catalog. Its query id is longer than
 * any SQL Lab client_id (at most 11 characters), so it never collides with a SQL Lab run's.
 * 408 after `timeoutMs`; 404 when the table went away meanwhile; 400 for another SQL error.
 */
export async function previewTable(warehouse: Warehouse, database: WarehouseDatabase, schema: string, table: string, timeoutMs: number): Promise<TablePreview> {
  const queryId = `table-preview-${randomUUID()}`;
  let timedOut = false;
  const timer = setTimeout(() => (timedOut = warehouse.cancel(queryId)), timeoutMs);
  try {
    const sql = previewSql(database.catalog, schema, table);
    const result = await warehouse.execute({ databaseId: database.id, schema, sql, limit: TABLE_PREVIEW_ROWS, queryId });
    return { columns: result.columns.map(resultColumn), data: result.rows.values(), rowCount: result.rows.count };
  } catch (error) {
    if (error instanceof QueryCancelledError) {
      // Only the timeout and the warehouse's shutdown cancel a preview (nothing else knows its id).
      if (!timedOut) throw new WarehouseUnavailableError('The warehouse is closed');
      const message = timeoutMessage(timeoutMs);
      throw new BiHttpError(408, { message, error: message, errors: [errorEntry(message, 'SQLLAB_TIMEOUT_ERROR')] });
    }
    if (error instanceof WarehouseSqlError) {
      if (GONE.has(sqlErrorType(error.message))) throw tableNotFound(schema, table);
      throw new BiHttpError(400, sqlErrorBody(error.message));
    }
    throw error;
  } finally {
    clearTimeout(timer);
  }
}
