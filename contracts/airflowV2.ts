/**
 * The Airflow 3 REST API v2 shapes the client's v2 adapter reads (the subset the console uses;
 * the spec is ../shared/contracts/airflow-v2.yaml, the grid calls airflow-ui-private.yaml).
 * Differences from v1 are listed in ../shared/contracts/README.md.
 */

export interface V2Dag {
  dag_id: string;
  dag_display_name: string;
  description: string | null;
  is_paused: boolean;
  /** v1's is_active, inverted. */
  is_stale: boolean;
  owners: string[];
  tags: { name: string; dag_id: string }[];
  timetable_summary: string | null;
  timetable_description: string | null;
  next_dagrun_logical_date: string | null;
  next_dagrun_run_after: string | null;
  file_token: string;
  fileloc: string;
  has_import_errors: boolean;
  max_active_runs: number | null;
  last_parsed_time: string | null;
}

export interface V2DagDetail extends V2Dag {
  catchup: boolean;
  doc_md: string | null;
  start_date: string | null;
  timezone: string | null;
  params: Record<string, unknown> | null;
  last_parsed: string | null;
}

export interface V2DagRun {
  dag_run_id: string;
  dag_id: string;
  logical_date: string | null;
  queued_at: string | null;
  start_date: string | null;
  end_date: string | null;
  run_after: string;
  run_type: 'backfill' | 'scheduled' | 'manual' | 'asset_triggered' | 'asset_materialization';
  state: 'queued' | 'running' | 'success' | 'failed';
  triggered_by: string | null;
  conf: Record<string, unknown> | null;
  note: string | null;
}

export interface V2TaskInstance {
  task_id: string;
  dag_id: string;
  dag_run_id: string;
  map_index: number;
  start_date: string | null;
  end_date: string | null;
  duration: number | null;
  state: string | null;
  try_number: number;
  max_tries: number;
  hostname: string | null;
  pool: string;
  operator: string | null;
  queued_when: string | null;
  note?: string | null;
  rendered_fields?: Record<string, unknown>;
}

export interface V2Task {
  task_id: string | null;
  operator_name: string | null;
  class_ref: { class_name?: string } | null;
  downstream_task_ids: string[] | null;
  is_mapped: boolean | null;
  retries: number | null;
  trigger_rule: string | null;
  doc_md: string | null;
}

export interface V2XCom {
  key: string;
  timestamp: string;
  map_index: number;
  task_id: string;
  value?: unknown;
}

export interface V2EventLog {
  event_log_id: number;
  when: string;
  dag_id: string | null;
  task_id: string | null;
  run_id: string | null;
  try_number: number | null;
  event: string;
  owner: string | null;
  extra: string | null;
}

export interface V2LogRecord {
  event: string;
  timestamp?: string;
  level?: string;
  [key: string]: unknown;
}

export interface V2Log {
  content: (V2LogRecord | string)[];
  continuation_token: string | null;
}

/** /ui/grid/structure: the nested task and task-group tree. */
export interface V2GridNode {
  id: string;
  label: string;
  children?: V2GridNode[] | null;
  is_mapped: boolean | null;
}

export interface V2GridRun {
  dag_id: string;
  run_id: string;
  queued_at: string | null;
  start_date: string | null;
  end_date: string | null;
  run_after: string;
  state: V2DagRun['state'] | null;
  run_type: V2DagRun['run_type'];
}

export interface V2GridTISummaries {
  run_id: string;
  dag_id: string;
  task_instances: {
    task_id: string;
    state: string | null;
    child_states: Record<string, number> | null;
    min_start_date: string | null;
    max_end_date: string | null;
  }[];
}

export interface V2StructureData {
  nodes: { id: string; label: string; type: string; children?: V2StructureData['nodes'] | null; is_mapped?: boolean | null; operator?: string | null }[];
  edges: { source_id: string; target_id: string }[];
}
