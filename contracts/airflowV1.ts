/**
 * The Airflow 2 stable REST API v1 shapes the embedded workflow server answers and the client's
 * v1 adapter reads (the subset the console uses; the spec is ../shared/contracts/airflow-v1.yaml),
 * plus the Airflow 2.10 webserver views grid_data and graph_data, which no spec describes.
 */

export interface V1Collection {
  total_entries: number;
}

export type V1Schedule =
  | { __type: 'CronExpression'; value: string }
  | { __type: 'TimeDelta'; days: number; seconds: number; microseconds: number }
  | null;

export interface V1Dag {
  dag_id: string;
  dag_display_name: string;
  description: string | null;
  is_paused: boolean | null;
  is_active: boolean | null;
  is_subdag: boolean;
  owners: string[];
  tags: { name: string }[] | null;
  schedule_interval: V1Schedule;
  timetable_description: string | null;
  next_dagrun: string | null;
  next_dagrun_data_interval_start: string | null;
  next_dagrun_data_interval_end: string | null;
  next_dagrun_create_after: string | null;
  file_token: string;
  fileloc: string;
  has_import_errors: boolean | null;
  has_task_concurrency_limits: boolean | null;
  max_active_runs: number | null;
  max_active_tasks: number | null;
  last_parsed_time: string | null;
  default_view: string | null;
  root_dag_id: string | null;
}

export interface V1DagDetail extends V1Dag {
  catchup: boolean | null;
  doc_md: string | null;
  start_date: string | null;
  end_date: string | null;
  timezone: string | null;
  params: Record<string, unknown>;
  last_parsed: string | null;
  orientation: string | null;
  is_paused_upon_creation: boolean | null;
  render_template_as_native_obj: boolean | null;
  template_search_path: string[] | null;
  dag_run_timeout: { __type: 'TimeDelta'; days: number; seconds: number; microseconds: number } | null;
}

export type V1RunState = 'queued' | 'running' | 'success' | 'failed';

export interface V1DagRun {
  dag_id: string;
  dag_run_id: string;
  state: V1RunState;
  run_type: 'backfill' | 'manual' | 'scheduled' | 'dataset_triggered';
  execution_date: string;
  logical_date: string;
  data_interval_start: string | null;
  data_interval_end: string | null;
  start_date: string | null;
  end_date: string | null;
  last_scheduling_decision: string | null;
  external_trigger: boolean;
  conf: Record<string, unknown>;
  note: string | null;
}

export interface V1TaskInstance {
  dag_id: string;
  dag_run_id: string;
  task_id: string;
  task_display_name: string;
  map_index: number;
  execution_date: string;
  start_date: string | null;
  end_date: string | null;
  duration: number | null;
  state: string | null;
  try_number: number;
  max_tries: number;
  hostname: string;
  unixname: string;
  pool: string;
  pool_slots: number;
  queue: string | null;
  priority_weight: number | null;
  operator: string | null;
  queued_when: string | null;
  pid: number | null;
  executor: string | null;
  executor_config: string;
  note: string | null;
  rendered_map_index: string | null;
  rendered_fields: Record<string, unknown>;
  trigger: null;
  triggerer_job: null;
  sla_miss: null;
}

export interface V1Task {
  task_id: string;
  task_display_name: string;
  class_ref: { class_name: string; module_path: string };
  owner: string;
  start_date: string | null;
  end_date: string | null;
  trigger_rule: string;
  extra_links: { class_ref: { class_name: string; module_path: string } }[];
  depends_on_past: boolean;
  is_mapped: boolean;
  wait_for_downstream: boolean;
  retries: number;
  queue: string | null;
  executor: string | null;
  pool: string;
  pool_slots: number;
  execution_timeout: null;
  retry_delay: { __type: 'TimeDelta'; days: number; seconds: number; microseconds: number } | null;
  retry_exponential_backoff: boolean;
  priority_weight: number;
  weight_rule: string;
  ui_color: string;
  ui_fgcolor: string;
  template_fields: string[];
  downstream_task_ids: string[];
  doc_md: string | null;
}

export interface V1XComEntry {
  dag_id: string;
  execution_date: string;
  key: string;
  map_index: number;
  task_id: string;
  timestamp: string;
  value?: unknown;
}

export interface V1EventLog {
  event_log_id: number;
  when: string;
  dag_id: string | null;
  task_id: string | null;
  run_id: string | null;
  map_index: number | null;
  try_number: number | null;
  event: string;
  execution_date: string | null;
  owner: string | null;
  extra: string | null;
}

export interface V1Log {
  content: string;
  continuation_token: string;
}

export interface V1DagStats {
  dags: { dag_id: string; stats: { state: V1RunState; count: number }[] }[];
  total_entries: number;
}

/** RFC 7807 problem, as Airflow 2's API answers errors. */
export interface V1Problem {
  type: string;
  title: string;
  status: number;
  detail?: string;
  instance?: string;
}

/** Airflow 2.10's /grid_data: task tree with per-run instances, and the runs. */
export interface V1GridInstance {
  run_id: string;
  task_id: string;
  state: string | null;
  try_number: number;
  start_date: string | null;
  end_date: string | null;
  queued_dttm: string | null;
  note: string | null;
  mapped_states?: Record<string, number>;
}

export interface V1GridNode {
  id: string | null;
  label: string | null;
  instances: V1GridInstance[];
  children?: V1GridNode[];
  is_mapped?: boolean;
  operator?: string;
  trigger_rule?: string;
  tooltip?: string;
  has_outlet_datasets?: boolean;
}

export interface V1GridData {
  groups: V1GridNode;
  dag_runs: (Omit<V1DagRun, 'dag_id' | 'dag_run_id' | 'logical_date'> & { run_id: string; queued_at: string | null; conf_is_json: boolean; duration: number | null })[];
  ordering: string[];
  errors: string[];
}

/** Airflow 2.10's /graph_data: a nested node tree (groups have children) and edges by id. */
export interface V1GraphNode {
  id: string | null;
  value: { label: string; labelStyle?: string; style?: string; rx?: number; ry?: number; clusterLabel?: string };
  children?: V1GraphNode[];
  tooltip?: string;
}

export interface V1GraphData {
  arrange: 'LR' | 'TB' | 'RL' | 'BT';
  nodes: V1GraphNode;
  edges: { source_id: string; target_id: string; label?: string }[];
}
