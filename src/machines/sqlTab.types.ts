import { ulid } from 'ulid';

/**
 * The sqlTab machine's vocabulary: the texts users see, the events the page sends, what the actors
 * get and what the actions receive. Re-exported by sqlTab.machine.ts.
 */

// ---- What the user sees (exact strings) ---------------------------------------------------------

export const EXECUTE_SUCCESS_MESSAGE = 'Query executed successfully!';
export const EXECUTE_FAILED_MESSAGE = 'Failed to execute query.';
export const SELECTION_SUCCESS_MESSAGE = 'Selected query executed successfully!';
export const SELECTION_FAILED_MESSAGE = 'Failed to execute selected query.';
export const NO_SELECTION_MESSAGE = 'No SQL selected to execute.';
export const CANCELLED_MESSAGE = 'Query execution cancelled by user.';
export const ESTIMATE_FAILED_MESSAGE = 'Failed to estimate query.';
export const FORMAT_FAILED_MESSAGE = 'Error: Could not format the SQL query.';
/** Appended to the tab name sent to the server when only the selection runs. */
export const SELECTION_TAB_SUFFIX = ' (Selection)';
export const ELAPSED_TICK_MS = 50;

// ---- Shapes ------------------------------------------------------------------------------------

/** A tab's query as the UI sends it with EXECUTE, EXECUTE_SELECTION (sql = the selection) and ESTIMATE. */
export interface SqlTabQuery {
  sql: string;
  databaseId: number | null;
  catalog: string | null;
  schema: string | null;
  tabName: string;
  queryLimit: number;
}

export interface ExecuteQueryInput extends SqlTabQuery {
  tabId: string;
  /** New for every execution; the server knows the query by it (stop, results). */
  clientId: string;
}
export type EstimateQueryInput = Omit<SqlTabQuery, 'tabName' | 'queryLimit'> & { tabId: string };
export interface StopQueryInput {
  clientId: string;
}
export interface FormatSqlInput {
  tabId: string;
  sql: string;
  databaseId: number | null;
}

export type Notice = { kind: 'success' | 'error' | 'warning'; message: string };

/** The execution under way (or the last one): what was sent, under which client id. */
export interface SqlTabRun {
  mode: 'all' | 'selection';
  clientId: string;
  /** As sent: tabName carries SELECTION_TAB_SUFFIX for a selection. */
  query: SqlTabQuery;
}

export interface SqlTabContext {
  /** The tab this actor runs queries for (from its input: one actor per tab). */
  tabId: string;
  run: SqlTabRun | null;
  loading: boolean;
  elapsedMs: number;
  /** The last execution's error text, shown on the tab. */
  error: string | null;
  /** The last execution was cancelled by the user. */
  cancelled: boolean;
  newClientId: () => string;
}

/** What the page sends; the actor is the tab's own, so no event names a tab. */
export type SqlTabMachineEvent =
  | { type: 'EXECUTE'; query: SqlTabQuery }
  | { type: 'EXECUTE_SELECTION'; query: SqlTabQuery }
  | { type: 'CANCEL' }
  | { type: 'ESTIMATE'; query: SqlTabQuery }
  | { type: 'FORMAT'; sql: string; databaseId: number | null }
  /** From the elapsed timer, not the UI. */
  | { type: 'TICK'; elapsedMs: number };

export interface SqlTabMachineInput {
  tabId: string;
  /** Client ids for executions; Superset keeps them in a String(11) column, hence 11 characters. */
  newClientId?: () => string;
}

/** 11 random characters of a ULID (its time part would repeat between quick runs). */
export const newQueryClientId = () => ulid().slice(-11);

/** The server's words for a failure: BiError's `error`, else its `message` (also inside an HTTP error's response). */
export function failureText(error: unknown, fallback: string): string {
  // An HTTP failure speaks through its answer only: its own message ("Request failed with status
  // code 500") is the client library's, not the server's, and the seed's fallback reads better.
  const response = (error as { response?: { data?: unknown } } | null)?.response;
  const candidate = response ? response.data : error;
  if (typeof candidate !== 'object' || candidate === null) return fallback;
  const { error: text, message, errors } = candidate as { error?: unknown; message?: unknown; errors?: unknown };
  if (typeof text === 'string' && text.trim() !== '') return text;
  if (typeof message === 'string' && message.trim() !== '') return message;
  // Superset's errors[] (SIP-40: {message, error_type, extra}), as its execute and estimate answer.
  const first: unknown = Array.isArray(errors) ? errors[0] : undefined;
  const firstMessage = typeof first === 'object' && first !== null ? (first as { message?: unknown }).message : undefined;
  if (typeof firstMessage === 'string' && firstMessage.trim() !== '') return firstMessage;
  return fallback;
}

