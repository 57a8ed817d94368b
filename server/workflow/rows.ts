/** Rows of the workflow tables (migration 7); times are epoch milliseconds. */

export interface DagRow {
  dag_id: string;
  is_paused: number;
  spec: string;
  source: string;
  next_dagrun: number | null;
  last_parsed: number;
}

export interface RunRow {
  dag_id: string;
  run_id: string;
  state: string;
  run_type: string;
  logical_date: number;
  interval_start: number | null;
  interval_end: number | null;
  queued_at: number | null;
  start_date: number | null;
  end_date: number | null;
  conf: string;
  note: string | null;
  external_trigger: number;
  updated_at: number;
}

export interface TiRow {
  dag_id: string;
  run_id: string;
  task_id: string;
  map_index: number;
  state: string | null;
  try_number: number;
  max_tries: number;
  queued_when: number | null;
  start_date: number | null;
  end_date: number | null;
  hostname: string;
  pid: number | null;
  note: string | null;
}

export type TryRow = Omit<TiRow, 'max_tries' | 'note'>;

export interface XComRow {
  dag_id: string;
  run_id: string;
  task_id: string;
  map_index: number;
  key: string;
  value: string;
  timestamp: number;
}

export interface EventRow {
  id?: number;
  dttm: number;
  dag_id: string | null;
  task_id: string | null;
  run_id: string | null;
  map_index: number | null;
  try_number: number | null;
  event: string;
  logical_date: number | null;
  owner: string | null;
  extra: string | null;
}

export const RUN_COLUMNS = ['dag_id', 'run_id', 'state', 'run_type', 'logical_date', 'interval_start', 'interval_end', 'queued_at', 'start_date', 'end_date', 'conf', 'note', 'external_trigger', 'updated_at'] as const;
export const TI_COLUMNS = ['dag_id', 'run_id', 'task_id', 'map_index', 'state', 'try_number', 'max_tries', 'queued_when', 'start_date', 'end_date', 'hostname', 'pid', 'note'] as const;
export const TRY_COLUMNS = ['dag_id', 'run_id', 'task_id', 'map_index', 'try_number', 'state', 'queued_when', 'start_date', 'end_date', 'hostname', 'pid'] as const;
export const XCOM_COLUMNS = ['dag_id', 'run_id', 'task_id', 'map_index', 'key', 'value', 'timestamp'] as const;
export const EVENT_COLUMNS = ['dttm', 'dag_id', 'task_id', 'run_id', 'map_index', 'try_number', 'event', 'logical_date', 'owner', 'extra'] as const;
