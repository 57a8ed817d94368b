import type { V1Dag, V1DagDetail, V1DagRun, V1EventLog, V1GraphData, V1GridData, V1Task, V1TaskInstance, V1XComEntry } from '../../../../contracts/airflowV1';

/** Answers an Airflow 2.10 would give for a small ETL DAG (our own data, shaped by airflow-v1.yaml). */

export const V1_DAG: V1Dag = {
  dag_id: 'orders_etl',
  dag_display_name: 'Orders ETL',
  description: 'Loads the day\'s orders into the warehouse',
  is_paused: false,
  is_active: true,
  is_subdag: false,
  owners: ['data-eng', 'alice'],
  tags: [{ name: 'etl' }, { name: 'orders' }],
  schedule_interval: { __type: 'CronExpression', value: '30 2 * * *' },
  timetable_description: 'At 02:30',
  next_dagrun: '2025-11-27T02:30:00+00:00',
  next_dagrun_data_interval_start: '2025-11-27T02:30:00+00:00',
  next_dagrun_data_interval_end: '2025-11-28T02:30:00+00:00',
  next_dagrun_create_after: '2025-11-28T02:30:00+00:00',
  file_token: 'Ii9vcHQvYWlyZmxvdy9kYWdzL29yZGVyc19ldGwucHki.8cJ1Vw',
  fileloc: '/opt/airflow/dags/orders_etl.py',
  has_import_errors: false,
  has_task_concurrency_limits: false,
  max_active_runs: 1,
  max_active_tasks: 16,
  last_parsed_time: '2025-11-26T04:59:12+00:00',
  default_view: 'grid',
  root_dag_id: null,
};

export const V1_HOURLY: V1Dag = {
  ...V1_DAG,
  dag_id: 'clickstream_rollup',
  dag_display_name: 'clickstream_rollup',
  owners: ['bob'],
  tags: [],
  is_paused: true,
  schedule_interval: { __type: 'TimeDelta', days: 0, seconds: 3600, microseconds: 0 },
  next_dagrun: null,
  next_dagrun_create_after: null,
};

export const V1_DETAIL: V1DagDetail = {
  ...V1_DAG,
  catchup: false,
  doc_md: '# Orders\nNightly load.',
  start_date: '2025-01-01T00:00:00+00:00',
  end_date: null,
  timezone: 'UTC',
  params: { region: 'eu' },
  last_parsed: '2025-11-26T04:59:12+00:00',
  orientation: 'LR',
  is_paused_upon_creation: null,
  render_template_as_native_obj: false,
  template_search_path: null,
  dag_run_timeout: null,
};

export function v1Run(runId: string, logicalDate: string, state: V1DagRun['state'] = 'success'): V1DagRun {
  return {
    dag_id: 'orders_etl',
    dag_run_id: runId,
    state,
    run_type: runId.startsWith('manual') ? 'manual' : 'scheduled',
    execution_date: logicalDate,
    logical_date: logicalDate,
    data_interval_start: logicalDate,
    data_interval_end: logicalDate,
    start_date: logicalDate,
    end_date: state === 'running' || state === 'queued' ? null : logicalDate,
    last_scheduling_decision: logicalDate,
    external_trigger: runId.startsWith('manual'),
    conf: {},
    note: null,
  };
}

const classRef = (name: string) => ({ class_name: name, module_path: `airflow.operators.${name.toLowerCase()}` });

export function v1Task(taskId: string, downstream: string[], operator = 'PythonOperator', isMapped = false): V1Task {
  return {
    task_id: taskId,
    task_display_name: taskId,
    class_ref: classRef(operator),
    owner: 'data-eng',
    start_date: '2025-01-01T00:00:00+00:00',
    end_date: null,
    trigger_rule: 'all_success',
    extra_links: [],
    depends_on_past: false,
    is_mapped: isMapped,
    wait_for_downstream: false,
    retries: 2,
    queue: 'default',
    executor: null,
    pool: 'default_pool',
    pool_slots: 1,
    execution_timeout: null,
    retry_delay: { __type: 'TimeDelta', days: 0, seconds: 300, microseconds: 0 },
    retry_exponential_backoff: false,
    priority_weight: 1,
    weight_rule: 'downstream',
    ui_color: '#ffefeb',
    ui_fgcolor: '#000',
    template_fields: ['templates_dict', 'op_args', 'op_kwargs'],
    downstream_task_ids: downstream,
    doc_md: null,
  };
}

/** start → extract.orders → extract.customers → load; 'load' is mapped over the files. */
export const V1_TASKS: V1Task[] = [
  v1Task('extract.customers', ['load']),
  v1Task('extract.orders', ['extract.customers']),
  v1Task('load', [], 'PythonOperator', true),
  v1Task('start', ['extract.orders'], 'EmptyOperator'),
];

export function v1Ti(runId: string, taskId: string, state: string | null, extra: Partial<V1TaskInstance> = {}): V1TaskInstance {
  return {
    dag_id: 'orders_etl',
    dag_run_id: runId,
    task_id: taskId,
    task_display_name: taskId,
    map_index: -1,
    execution_date: '2025-11-25T02:30:00+00:00',
    start_date: state ? '2025-11-26T02:30:05+00:00' : null,
    end_date: state === 'success' || state === 'failed' ? '2025-11-26T02:31:05+00:00' : null,
    duration: state === 'success' || state === 'failed' ? 60 : null,
    state,
    try_number: 1,
    max_tries: 2,
    hostname: state ? 'worker-1' : '',
    unixname: 'airflow',
    pool: 'default_pool',
    pool_slots: 1,
    queue: 'default',
    priority_weight: 3,
    operator: 'PythonOperator',
    queued_when: null,
    pid: null,
    executor: null,
    executor_config: '{}',
    note: null,
    rendered_map_index: null,
    rendered_fields: { op_kwargs: { region: 'eu' } },
    trigger: null,
    triggerer_job: null,
    sla_miss: null,
    ...extra,
  };
}

export const V1_XCOM: V1XComEntry = {
  dag_id: 'orders_etl',
  execution_date: '2025-11-25T02:30:00+00:00',
  key: 'return_value',
  map_index: -1,
  task_id: 'extract.orders',
  timestamp: '2025-11-26T02:31:05+00:00',
};

export const V1_EVENT: V1EventLog = {
  event_log_id: 812,
  when: '2025-11-26T08:15:00+00:00',
  dag_id: 'orders_etl',
  task_id: null,
  run_id: null,
  map_index: null,
  try_number: null,
  event: 'paused',
  execution_date: null,
  owner: 'alice',
  extra: '[(\'is_paused\', True)]',
};

/** Airflow 2.10's grid_data for two runs of orders_etl (groups carry their summary). */
export const V1_GRID: V1GridData = {
  groups: {
    id: null,
    label: null,
    instances: [],
    children: [
      { id: 'start', label: 'start', operator: 'EmptyOperator', is_mapped: false, instances: [{ run_id: 'scheduled__2025-11-25T02:30:00+00:00', task_id: 'start', state: 'success', try_number: 1, start_date: null, end_date: null, queued_dttm: null, note: null }] },
      {
        id: 'extract',
        label: 'extract',
        instances: [{ run_id: 'scheduled__2025-11-25T02:30:00+00:00', task_id: 'extract', state: 'failed', try_number: 0, start_date: '2025-11-26T02:30:05+00:00', end_date: '2025-11-26T02:33:00+00:00', queued_dttm: null, note: null }],
        children: [{ id: 'extract.orders', label: 'orders', operator: 'PythonOperator', instances: [] }],
      },
      { id: 'load', label: 'load', is_mapped: true, instances: [{ run_id: 'scheduled__2025-11-25T02:30:00+00:00', task_id: 'load', state: 'running', try_number: 1, start_date: null, end_date: null, queued_dttm: null, note: null, mapped_states: { success: 3, running: 1, none: 2 } }] },
    ],
  },
  dag_runs: [
    { ...v1Run('scheduled__2025-11-25T02:30:00+00:00', '2025-11-25T02:30:00+00:00', 'running'), run_id: 'scheduled__2025-11-25T02:30:00+00:00', queued_at: null, conf_is_json: false, duration: null },
    { ...v1Run('scheduled__2025-11-24T02:30:00+00:00', '2025-11-24T02:30:00+00:00'), run_id: 'scheduled__2025-11-24T02:30:00+00:00', queued_at: null, conf_is_json: false, duration: 80 },
  ],
  ordering: ['data_interval_end', 'execution_date'],
  errors: [],
};

export const V1_GRAPH: V1GraphData = {
  arrange: 'LR',
  nodes: {
    id: null,
    value: { label: null as unknown as string },
    children: [
      { id: 'start', value: { label: 'start' } },
      { id: 'extract', value: { label: 'extract' }, children: [{ id: 'extract.orders', value: { label: 'orders' } }] },
    ],
  },
  edges: [{ source_id: 'start', target_id: 'extract.orders' }],
};
