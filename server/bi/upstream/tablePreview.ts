import { randomBytes } from 'node:crypto';
import type { BiError, ExecuteResponse } from '../../../contracts/bi';
import { TABLE_PREVIEW_ROWS, type TablePreview } from '../../../contracts/biCatalog';
import { BiHttpError } from '../errors';
import { SupersetFailure } from './failure';
import { supersetMessage, type SupersetCall } from './call';
import type { ConsoleUser } from './session';

/**
 * The catalog browser's table preview on a Superset, which has no such call: its own
 * select_star/ (the database's dialect quotes the names), then SQL Lab's execute/ as the user,
 * synchronously, TABLE_PREVIEW_ROWS rows at most. Superset records it in the user's query
 * history, as it records its own SQL Lab's "preview data": there is no way to run SQL through
 * Superset's API without it, and the entry is the user's own (nobody else sees it).
 */
export async function previewThroughSuperset(call: SupersetCall, user: ConsoleUser, databaseId: number, schema: string, table: string, signal?: AbortSignal): Promise<TablePreview> {
  const star = await call(user, 'GET', `/api/v1/database/${databaseId}/select_star/${encodeURIComponent(table)}/${encodeURIComponent(schema)}/`, undefined, signal);
  if (star.status !== 200) throw refusal(star.status, star.body, `Table ${schema}.${table} not found`);
  const sql = (star.body as { result?: unknown }).result;
  if (typeof sql !== 'string') throw new SupersetFailure(502, 'Superset answered select_star/ without its SQL');
  const body = { database_id: databaseId, schema, sql, runAsync: false, queryLimit: TABLE_PREVIEW_ROWS, client_id: previewClientId() };
  const run = await call(user, 'POST', '/api/v1/sqllab/execute/', body, signal);
  if (run.status === 202) throw new SupersetFailure(502, 'Superset runs this database’s queries asynchronously (allow_run_async): open the table in the SQL Editor to see its rows');
  if (run.status !== 200) throw refusal(run.status, run.body, `Superset could not run the preview (${run.status})`);
  const { columns, data } = run.body as Partial<ExecuteResponse>;
  if (!Array.isArray(columns) || !Array.isArray(data)) throw new SupersetFailure(502, 'Superset answered execute/ without columns and data');
  const rows = data.slice(0, TABLE_PREVIEW_ROWS);
  return { columns, data: rows, rowCount: rows.length };
}

/** Superset's refusal as the BI client reads it: its status (4xx) and message; a 5xx is Superset's failure. */
function refusal(status: number, body: unknown, fallback: string): Error {
  const message = supersetMessage(body, fallback);
  if (status >= 500 || status < 400) return new SupersetFailure(502, `Superset failed (${status}): ${message}`);
  const errors = (body as { errors?: BiError['errors'] } | null)?.errors;
  return new BiHttpError(status, errors ? { message, errors } : { message });
}

/** SQL Lab's client_id is at most 11 characters: "p" and ten random ones. */
function previewClientId(): string {
  return `p${randomBytes(8).toString('base64url').slice(0, 10)}`;
}
