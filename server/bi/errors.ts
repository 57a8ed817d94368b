import type { FastifyInstance } from 'fastify';
import type { BiError, BiErrorType } from '../../contracts/bi';
import { WarehouseUnavailableError } from '../warehouse/types';

/** An expected failure of a BI call: its status and Superset-shaped body ({message, ...}). */
export class BiHttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: BiError,
  ) {
    super(body.message);
    this.name = 'BiHttpError';
  }
}

export const badRequest = (message: string) => new BiHttpError(400, { message });
export const notFound = (message = 'Not found') => new BiHttpError(404, { message });

/** 404 of the table calls (metadata, preview) for a table the schema does not have. */
export const tableNotFound = (schema: string, name: string) => notFound(`Table ${schema}.${name} not found`);

export function databaseNotFound(id: number): BiHttpError {
  const message = `Database ${id} not found`;
  return new BiHttpError(404, { message, errors: [errorEntry(message, 'DATABASE_NOT_FOUND_ERROR')] });
}

export function errorEntry(message: string, errorType: BiErrorType): NonNullable<BiError['errors']>[number] {
  return { message, error_type: errorType, level: 'error', extra: { engine_name: 'DuckDB' } };
}

/**
 * Superset's answer to a SQL error: DuckDB's own text in message and error, and one
 * errors[] entry whose error_type the client can act on (e.g. offer the table browser).
 */
export function sqlErrorBody(text: string): BiError {
  return { message: text, error: text, errors: [errorEntry(text, sqlErrorType(text))] };
}

/** DuckDB prefixes its messages with the error class ("Parser Error: ...", "Catalog Error: ..."). */
export function sqlErrorType(text: string): BiErrorType {
  if (/^Parser Error/i.test(text)) return 'SYNTAX_ERROR';
  if (/^Catalog Error: (Table|View) with name/i.test(text)) return 'TABLE_DOES_NOT_EXIST_ERROR';
  if (/^(Catalog Error: Schema with name|Schema ".*" does not exist)/i.test(text)) return 'SCHEMA_DOES_NOT_EXIST_ERROR';
  if (/^Binder Error: Referenced column/i.test(text)) return 'COLUMN_DOES_NOT_EXIST_ERROR';
  if (/\(allow_dml is false\)/.test(text)) return 'DML_NOT_ALLOWED_ERROR';
  return 'GENERIC_DB_ENGINE_ERROR';
}

export const WAREHOUSE_UNAVAILABLE = { message: 'The warehouse is not available; try again later' };

/**
 * Answers BiHttpError with its body, and an unavailable warehouse with 503 (logged, its
 * details kept out of the answer); anything else goes on to the app's handler.
 */
export function registerBiErrors(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof BiHttpError) return reply.code(error.statusCode).send(error.body);
    if (error instanceof WarehouseUnavailableError) {
      request.log.error({ err: error, reqId: request.id }, 'the warehouse is not available');
      return reply.code(503).send(WAREHOUSE_UNAVAILABLE);
    }
    throw error;
  });
}
