import type { QueryStatus, SqlTable } from '../../contracts/bi';
import type { Queryable, SqlValue, Store } from '../store/db';
import { badRequest } from './errors';
import type { ListRequest, ListSpec } from './listQuery';
import { readPage, type Page } from './pagedList';

/** Who is asking: users see their own queries, administrators everyone's (Superset's QueryFilter). */
export interface Viewer {
  username: string;
  admin: boolean;
}

export type LimitingFactor = 'DROPDOWN' | 'NOT_LIMITED';

/** A history entry with its user's names (null ids/names when the user was removed). */
export interface HistoryEntry {
  id: number;
  clientId: string;
  username: string;
  user: { id: number | null; firstName: string; lastName: string };
  databaseId: number;
  databaseName: string;
  schema: string | null;
  catalog: string | null;
  sql: string;
  executedSql: string | null;
  sqlEditorId: string | null;
  tabName: string | null;
  status: QueryStatus;
  startTime: number;
  endTime: number | null;
  rows: number | null;
  limit: number;
  limitingFactor: LimitingFactor;
  errorMessage: string | null;
  sqlTables: SqlTable[];
  changedOn: number;
}

export type NewQuery = Pick<HistoryEntry, 'clientId' | 'username' | 'databaseId' | 'databaseName' | 'schema' | 'catalog' | 'sql' | 'sqlEditorId' | 'tabName' | 'limit' | 'startTime'>;

export interface Outcome {
  status: Exclude<QueryStatus, 'running'>;
  endTime: number;
  rows: number | null;
  limitingFactor: LimitingFactor;
  errorMessage: string | null;
  executedSql: string | null;
  sqlTables: SqlTable[];
}

const FROM = 'FROM bi_queries q LEFT JOIN users u ON u.username = q.username';
const SELECT = `SELECT q.*, u.id AS user_id, u.first_name, u.last_name ${FROM}`;
/** $1 and $2 of every read: the viewer. */
const VISIBLE = '($1 OR q.username = $2)';
export const STOPPED_MESSAGE = 'The query was stopped';
const RESTARTED_MESSAGE = 'The console server restarted while the query ran';

/** Filters and order columns of GET /v1/query/ (Superset's QueryRestApi search and order columns). */
export const HISTORY_LIST: ListSpec = {
  columns: {
    database: { kind: 'integer', expr: 'q.database_id', ops: ['rel_o_m', 'eq', 'in'] },
    user: { kind: 'integer', expr: 'u.id', ops: ['rel_o_m', 'eq', 'in'] },
    status: { kind: 'text', expr: 'q.status', ops: ['eq', 'neq', 'in'] },
    sql: { kind: 'text', expr: 'q.sql', ops: ['ct', 'nct', 'sw', 'ew', 'eq'] },
    schema: { kind: 'text', expr: 'q.schema_name', ops: ['eq', 'ct'] },
    tab_name: { kind: 'text', expr: 'q.tab_name', ops: ['eq', 'ct'] },
    sql_editor_id: { kind: 'text', expr: 'q.sql_editor_id', ops: ['eq', 'in'] },
    client_id: { kind: 'text', expr: 'q.client_id', ops: ['eq', 'in'] },
    start_time: { kind: 'time', expr: 'q.start_time', ops: ['gt', 'lt', 'between'] },
    changed_on: { kind: 'time', expr: 'q.changed_on', ops: ['gt', 'lt', 'between'] },
  },
  order: {
    changed_on: 'q.changed_on',
    start_time: 'q.start_time',
    end_time: 'q.end_time',
    'database.database_name': 'q.database_name',
    rows: 'q.row_count',
    schema: 'q.schema_name',
    sql: 'q.sql',
    status: 'q.status',
    tab_name: 'q.tab_name',
    'user.first_name': 'u.first_name',
    id: 'q.id',
  },
  defaultOrder: { column: 'changed_on', direction: 'desc' },
  tieBreaker: 'q.id',
};

/** SQL Lab's query history in the console store (table bi_queries). */
export class QueryHistoryStore {
  private constructor(private readonly store: Store) {}

  /** A query still "running" in the store was cut off by a restart: it failed. */
  static async open(store: Store, now: number): Promise<QueryHistoryStore> {
    await store.run(
      "UPDATE bi_queries SET status = 'failed', error_message = $1, end_time = $2, changed_on = $2 WHERE status = 'running'",
      [RESTARTED_MESSAGE, now],
    );
    return new QueryHistoryStore(store);
  }

  /** True when a query with this client_id was recorded (Superset's client ids are unique). */
  async used(clientId: string): Promise<boolean> {
    return (await this.store.all('SELECT 1 FROM bi_queries WHERE client_id = $1', [clientId])).length > 0;
  }

  /**
   * Records a query as running: one statement, as it is on every execute's path (an
   * ON CONFLICT would cost more than the plain insert). 400 when its client_id was used
   * before (the UNIQUE index refuses the row).
   */
  async start(query: NewQuery): Promise<number> {
    try {
      const rows = await this.store.all<{ id: bigint }>(
        `INSERT INTO bi_queries (client_id, username, database_id, database_name, schema_name, catalog_name, sql, sql_editor_id,
           tab_name, status, start_time, row_limit, changed_on)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'running', $10, $11, $10) RETURNING id`,
        [query.clientId, query.username, query.databaseId, query.databaseName, query.schema, query.catalog, query.sql,
          query.sqlEditorId, query.tabName, query.startTime, query.limit],
      );
      return Number(rows[0].id);
    } catch (error) {
      if (await this.used(query.clientId)) throw badRequest(`client_id ${query.clientId} was already used; send a new one for each run`);
      throw error;
    }
  }

  /**
   * Records how a running query ended; false when stop() got there first (the entry stays
   * stopped, whatever the warehouse did since). One statement, like start().
   */
  async finish(id: number, outcome: Outcome): Promise<boolean> {
    const rows = await this.store.all(
      `UPDATE bi_queries SET status = $2, end_time = $3, changed_on = $3, row_count = $4, limiting_factor = $5,
         error_message = $6, executed_sql = $7, sql_tables = $8
       WHERE id = $1 AND status = 'running' RETURNING id`,
      [id, outcome.status, outcome.endTime, outcome.rows, outcome.limitingFactor, outcome.errorMessage, outcome.executedSql,
        JSON.stringify(outcome.sqlTables)],
    );
    return rows.length > 0;
  }

  /** Marks a running query stopped; false when it was no longer running. */
  async markStopped(id: number, now: number): Promise<boolean> {
    const rows = await this.store.all(
      "UPDATE bi_queries SET status = 'stopped', end_time = $2, changed_on = $2, error_message = $3 WHERE id = $1 AND status = 'running' RETURNING id",
      [id, now, STOPPED_MESSAGE],
    );
    return rows.length > 0;
  }

  async byId(id: number, viewer: Viewer): Promise<HistoryEntry | null> {
    const [entry] = await readEntries(this.store, `${VISIBLE} AND q.id = $3`, [viewer.admin, viewer.username, id]);
    return entry ?? null;
  }

  async byClientId(clientId: string, viewer: Viewer): Promise<HistoryEntry | null> {
    const [entry] = await readEntries(this.store, `${VISIBLE} AND q.client_id = $3`, [viewer.admin, viewer.username, clientId]);
    return entry ?? null;
  }

  /** One page of the entries the viewer may see, and how many there are in all. */
  list(request: ListRequest, viewer: Viewer): Promise<Page<HistoryEntry>> {
    return readPage(this.store, request, HISTORY_LIST, { from: FROM, visible: VISIBLE, params: [viewer.admin, viewer.username], read: readEntries });
  }

  /** The viewer's own queries changed at or after `since` (Superset's updated_since). */
  changedSince(since: number, viewer: Viewer): Promise<HistoryEntry[]> {
    return readEntries(this.store, 'q.username = $1 AND q.changed_on >= $2 ORDER BY q.changed_on, q.id', [viewer.username, since]);
  }

  /** Every console user (Superset relates queries to all users, not only those with queries). */
  async users(): Promise<{ id: number; username: string; firstName: string; lastName: string }[]> {
    const rows = await this.store.all<{ id: number; username: string; first_name: string; last_name: string }>(
      'SELECT id, username, first_name, last_name FROM users ORDER BY first_name, last_name, id',
    );
    return rows.map((row) => ({ id: Number(row.id), username: row.username, firstName: row.first_name, lastName: row.last_name }));
  }

  async statuses(viewer: Viewer): Promise<QueryStatus[]> {
    const rows = await this.store.all<{ status: QueryStatus }>(`SELECT DISTINCT q.status ${FROM} WHERE ${VISIBLE} ORDER BY q.status`, [viewer.admin, viewer.username]);
    return rows.map((row) => row.status);
  }
}

function readEntries(db: Queryable, condition: string, params: SqlValue[]): Promise<HistoryEntry[]> {
  return db.all<Record<string, unknown>>(`${SELECT} WHERE ${condition}`, params).then((rows) => rows.map(entryOf));
}

function entryOf(row: Record<string, unknown>): HistoryEntry {
  return {
    id: Number(row.id),
    clientId: row.client_id as string,
    username: row.username as string,
    user: { id: numberOrNull(row.user_id), firstName: (row.first_name as string | null) ?? row.username as string, lastName: (row.last_name as string | null) ?? '' },
    databaseId: Number(row.database_id),
    databaseName: row.database_name as string,
    schema: row.schema_name as string | null,
    catalog: row.catalog_name as string | null,
    sql: row.sql as string,
    executedSql: row.executed_sql as string | null,
    sqlEditorId: row.sql_editor_id as string | null,
    tabName: row.tab_name as string | null,
    status: row.status as QueryStatus,
    startTime: Number(row.start_time),
    endTime: numberOrNull(row.end_time),
    rows: numberOrNull(row.row_count),
    limit: Number(row.row_limit),
    limitingFactor: row.limiting_factor as LimitingFactor,
    errorMessage: row.error_message as string | null,
    sqlTables: JSON.parse(row.sql_tables as string) as SqlTable[],
    changedOn: Number(row.changed_on),
  };
}

/** The entry as finish() stored it, without reading it back. */
export function finishedEntry(id: number, query: NewQuery, outcome: Outcome, user: HistoryEntry['user']): HistoryEntry {
  return { id, ...query, user, ...outcome, changedOn: outcome.endTime };
}

export function numberOrNull(value: unknown): number | null {
  return value === null || value === undefined ? null : Number(value);
}
