import type { ExecutedQuery, ResultColumn } from '../../contracts/bi';
import type { QueryHistoryDetail, QueryHistoryItem, SavedQuery, SavedQueryFields } from '../../contracts/biSqlLab';
import type { HistoryEntry } from './history.store';
import type { SavedQueryRecord } from './savedQueries.store';
import { humanizeSince } from './humanize';

/** API shapes of stored entries (Superset's field names). */

export const iso = (ms: number): string => new Date(ms).toISOString();

/** A history entry as Superset's Query.to_dict() (the `query` of execute, updated_since). */
export function executedQuery(entry: HistoryEntry): ExecutedQuery {
  return {
    id: entry.clientId,
    queryId: entry.id,
    dbId: entry.databaseId,
    db: entry.databaseName,
    sql: entry.sql,
    executedSql: entry.executedSql ?? entry.sql,
    schema: entry.schema,
    catalog: entry.catalog,
    tab: entry.tabName,
    sqlEditorId: entry.sqlEditorId,
    startDttm: entry.startTime,
    endDttm: entry.endTime ?? entry.startTime,
    state: entry.status,
    rows: entry.rows ?? 0,
    limit: entry.limit,
    limitingFactor: entry.limitingFactor,
    errorMessage: entry.errorMessage,
    progress: entry.status === 'running' ? 0 : 100,
    ...(entry.user.id === null ? {} : { userId: entry.user.id }),
    user: fullName(entry.user),
    ctas: false,
    changed_on: iso(entry.changedOn),
    sql_tables: entry.sqlTables,
  };
}

/** An item of GET /v1/query/. */
export function historyItem(entry: HistoryEntry): QueryHistoryItem {
  return {
    id: entry.id,
    client_id: entry.clientId,
    changed_on: iso(entry.changedOn),
    database: { id: entry.databaseId, database_name: entry.databaseName },
    executed_sql: entry.executedSql,
    rows: entry.rows,
    schema: entry.schema,
    catalog: entry.catalog,
    sql: entry.sql,
    sql_tables: entry.sqlTables,
    status: entry.status,
    tab_name: entry.tabName,
    sql_editor_id: entry.sqlEditorId,
    user: { id: entry.user.id ?? 0, username: entry.username, first_name: entry.user.firstName, last_name: entry.user.lastName },
    start_time: entry.startTime,
    end_time: entry.endTime,
    limit: entry.limit,
    error_message: entry.errorMessage,
    tmp_table_name: null,
    tracking_url: null,
  };
}

/** GET /v1/query/{id}. */
export function historyDetail(entry: HistoryEntry): QueryHistoryDetail {
  return {
    ...historyItem(entry),
    progress: entry.status === 'running' ? 0 : 100,
    results_key: null,
    select_as_cta: false,
    select_as_cta_used: false,
    select_sql: null,
    start_running_time: entry.startTime,
    end_result_backend_time: null,
    tmp_schema_name: null,
  };
}

export function savedQueryFields(record: SavedQueryRecord): SavedQueryFields {
  return {
    db_id: record.dbId,
    label: record.label,
    sql: record.sql,
    schema: record.schema,
    catalog: record.catalog,
    description: record.description,
    template_parameters: record.templateParameters,
    extra_json: record.extraJson,
  };
}

export function savedQuery(record: SavedQueryRecord, now: number): SavedQuery {
  const person = (user: SavedQueryRecord['createdBy']) => ({ id: user.id ?? 0, first_name: user.firstName, last_name: user.lastName });
  return {
    id: record.id,
    ...savedQueryFields(record),
    database: { id: record.dbId, database_name: record.databaseName },
    sql_tables: record.sqlTables,
    created_on: iso(record.createdOn),
    changed_on: iso(record.changedOn),
    changed_on_delta_humanized: humanizeSince(record.changedOn, now),
    created_by: person(record.createdBy),
    changed_by: person(record.changedBy),
    rows: record.rows,
    last_run_delta_humanized: record.lastRun === null ? null : humanizeSince(record.lastRun, now),
  };
}

/** Superset's result column, with its GenericDataType (0 numeric, 1 string, 2 temporal, 3 boolean). */
export function resultColumn(column: { name: string; type: string }): ResultColumn {
  const generic = genericType(column.type);
  return { column_name: column.name, name: column.name, type: column.type, is_dttm: generic === 2, type_generic: generic };
}

const NUMERIC = /^(TINYINT|SMALLINT|INTEGER|BIGINT|HUGEINT|UTINYINT|USMALLINT|UINTEGER|UBIGINT|UHUGEINT|FLOAT|DOUBLE|REAL|DECIMAL|NUMERIC|INT\d*)\b/;

export function genericType(type: string): 0 | 1 | 2 | 3 {
  const upper = type.toUpperCase();
  if (upper === 'BOOLEAN') return 3;
  if (/^(DATE|TIME|TIMESTAMP)/.test(upper)) return 2;
  if (NUMERIC.test(upper)) return 0;
  return 1;
}

function fullName(user: HistoryEntry['user']): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ');
}
