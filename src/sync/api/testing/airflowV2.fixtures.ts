/** Answers an Airflow 3.2 would give for the same small ETL DAG (our own data, shaped by airflow-v2.yaml). */

export const V2_DAG = {
  dag_id: 'orders_etl', dag_display_name: 'Orders ETL', is_paused: false, is_stale: false, last_parsed_time: '2025-11-26T04:59:12Z',
  last_parse_duration: 0.41, last_expired: null, bundle_name: 'dags-folder', bundle_version: null, relative_fileloc: 'orders_etl.py',
  fileloc: '/opt/airflow/dags/orders_etl.py', description: 'Loads the day\'s orders into the warehouse', timetable_summary: '30 2 * * *',
  timetable_description: 'At 02:30', timetable_partitioned: false, tags: [{ name: 'etl', dag_id: 'orders_etl', dag_display_name: 'Orders ETL' }], max_active_tasks: 16, max_active_runs: 1,
  max_consecutive_failed_dag_runs: 0, has_task_concurrency_limits: false, has_import_errors: false, next_dagrun_logical_date: '2025-11-27T02:30:00Z',
  next_dagrun_data_interval_start: '2025-11-27T02:30:00Z', next_dagrun_data_interval_end: '2025-11-28T02:30:00Z', next_dagrun_run_after: '2025-11-28T02:30:00Z',
  allowed_run_types: null, owners: ['data-eng'], file_token: '.eJzLL0pNzs8rSS0u0c8rzcnRSy9KLMjPSa0EAGRdCCs.aBc',
};

export const V2_DETAIL = {
  ...V2_DAG, catchup: false, dag_run_timeout: null, asset_expression: null, doc_md: null, start_date: '2025-01-01T00:00:00Z', end_date: null,
  is_paused_upon_creation: null, params: { region: { value: 'eu', description: null, schema: {} } }, render_template_as_native_obj: false,
  template_search_path: null, timezone: 'UTC', last_parsed: '2025-11-26T04:59:12Z', default_args: {}, concurrency: 16, latest_dag_version: null,
};

export function v2Run(runId: string, runAfter: string, state = 'success', logicalDate: string | null = runAfter) {
  return {
    dag_run_id: runId, dag_id: 'orders_etl', logical_date: logicalDate, queued_at: runAfter, start_date: runAfter, end_date: state === 'success' || state === 'failed' ? runAfter : null,
    duration: state === 'success' ? 61.5 : null, data_interval_start: logicalDate, data_interval_end: logicalDate, run_after: runAfter, last_scheduling_decision: null,
    run_type: logicalDate ? 'scheduled' : 'manual', state, triggered_by: logicalDate ? 'timetable' : 'ui', triggering_user_name: logicalDate ? null : 'alice',
    conf: logicalDate ? {} : null, note: null, dag_versions: [], bundle_version: null, dag_display_name: 'Orders ETL', partition_key: null,
  };
}

export function v2Task(taskId: string, downstream: string[], isMapped = false) {
  return {
    task_id: taskId, task_display_name: taskId, owner: 'data-eng', start_date: null, end_date: null, trigger_rule: 'all_success', depends_on_past: false,
    wait_for_downstream: false, retries: 1, queue: 'default', pool: 'default_pool', pool_slots: 1, execution_timeout: null, retry_delay: null,
    retry_exponential_backoff: 0, priority_weight: 1, weight_rule: 'downstream', ui_color: '#fff', ui_fgcolor: '#000', template_fields: [],
    downstream_task_ids: downstream, doc_md: null, operator_name: 'PythonOperator', params: {}, class_ref: { class_name: 'PythonOperator', module_path: 'airflow.providers.standard.operators.python' },
    is_mapped: isMapped, extra_links: [],
  };
}

export const V2_TASKS = [v2Task('extract.orders', ['load']), v2Task('load', [], true), v2Task('start', ['extract.orders'])];

export function v2Ti(runId: string, taskId: string, state: string | null, extra: Record<string, unknown> = {}) {
  return {
    id: '0193f0a1-7c1e-7d2a-9c51-8f1e2b3c4d5e', task_id: taskId, dag_id: 'orders_etl', dag_run_id: runId, map_index: -1, logical_date: null, run_after: '2025-11-26T09:00:00Z',
    start_date: state ? '2025-11-26T09:00:05Z' : null, end_date: state === 'success' ? '2025-11-26T09:01:05Z' : null, duration: state === 'success' ? 60 : null, state,
    try_number: 1, max_tries: 1, task_display_name: taskId, dag_display_name: 'Orders ETL', hostname: state ? 'worker-2' : null, unixname: 'airflow', pool: 'default_pool',
    pool_slots: 1, queue: 'default', priority_weight: 1, operator: 'PythonOperator', operator_name: 'PythonOperator', queued_when: null, scheduled_when: null, pid: null,
    executor: null, executor_config: '{}', note: null, rendered_map_index: null, rendered_fields: {}, trigger: null, triggerer_job: null, dag_version: null, ...extra,
  };
}
