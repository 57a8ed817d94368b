import type { V1Dag, V1DagDetail, V1DagRun, V1EventLog, V1RunState, V1Schedule, V1Task, V1TaskInstance, V1XComEntry } from '../../contracts/airflowV1';
import { nextLogicalDate } from './cron';
import type { DagSpec, TaskSpec } from './model';
import type { Dag } from './store';
import type { EventRow, RunRow, TiRow, TryRow, XComRow } from './rows';

/** Airflow's form of a UTC time: ISO 8601 with +00:00. */
export const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString().replace('Z', '+00:00'));
const isoNow = (ms: number) => iso(ms)!;

const timedelta = (seconds: number) => ({ __type: 'TimeDelta' as const, days: Math.floor(seconds / 86400), seconds: seconds % 86400, microseconds: 0 });

function schedule(spec: DagSpec): V1Schedule {
  if (spec.schedule === null) return null;
  if (spec.schedule.kind === 'delta') return timedelta(spec.schedule.seconds);
  return { __type: 'CronExpression', value: spec.schedule.expression };
}

function timetableDescription(spec: DagSpec): string {
  if (spec.schedule === null) return 'Never, external triggers only';
  if (spec.schedule.kind === 'delta') return `Every ${spec.schedule.seconds / 3600} hours`;
  return spec.schedule.expression.startsWith('@') ? `${spec.schedule.expression.slice(1)}` : `Cron: ${spec.schedule.expression}`;
}

export function presentDag({ row, spec }: Dag): V1Dag {
  const next = row.next_dagrun;
  const nextEnd = next === null || spec.schedule === null ? null : nextLogicalDate(spec.schedule, next);
  return {
    dag_id: spec.dag_id,
    dag_display_name: spec.dag_id,
    description: spec.description,
    is_paused: row.is_paused === 1,
    is_active: true,
    is_subdag: false,
    owners: spec.owners,
    tags: spec.tags.map((name) => ({ name })),
    schedule_interval: schedule(spec),
    timetable_description: timetableDescription(spec),
    next_dagrun: iso(next),
    next_dagrun_data_interval_start: iso(next),
    next_dagrun_data_interval_end: iso(nextEnd),
    next_dagrun_create_after: iso(nextEnd),
    file_token: spec.file_token,
    fileloc: spec.fileloc,
    has_import_errors: false,
    has_task_concurrency_limits: false,
    max_active_runs: spec.max_active_runs,
    max_active_tasks: spec.max_active_tasks,
    last_parsed_time: iso(row.last_parsed),
    default_view: 'grid',
    root_dag_id: null,
  };
}

export function presentDagDetail(dag: Dag): V1DagDetail {
  const { spec } = dag;
  return {
    ...presentDag(dag),
    catchup: spec.catchup,
    doc_md: spec.doc_md,
    start_date: iso(spec.start_date),
    end_date: null,
    timezone: 'Timezone(\'UTC\')',
    params: Object.fromEntries(Object.entries(spec.params).map(([key, value]) => [key, { __class: 'airflow.models.param.Param', value, description: null, schema: {} }])),
    last_parsed: iso(dag.row.last_parsed),
    orientation: 'LR',
    is_paused_upon_creation: null,
    render_template_as_native_obj: false,
    template_search_path: null,
    dag_run_timeout: null,
  };
}

export function presentRun(run: RunRow): V1DagRun {
  return {
    dag_id: run.dag_id,
    dag_run_id: run.run_id,
    state: run.state as V1RunState,
    run_type: run.run_type as V1DagRun['run_type'],
    execution_date: isoNow(run.logical_date),
    logical_date: isoNow(run.logical_date),
    data_interval_start: iso(run.interval_start),
    data_interval_end: iso(run.interval_end),
    start_date: iso(run.start_date),
    end_date: iso(run.end_date),
    last_scheduling_decision: iso(run.updated_at),
    external_trigger: run.external_trigger === 1,
    conf: JSON.parse(run.conf) as Record<string, unknown>,
    note: run.note,
  };
}

export function presentTask(spec: DagSpec, task: TaskSpec, downstream: string[]): V1Task {
  return {
    task_id: task.task_id,
    task_display_name: task.task_id,
    class_ref: { class_name: task.operator, module_path: task.module },
    owner: spec.owners[0],
    start_date: iso(spec.start_date),
    end_date: null,
    trigger_rule: task.trigger_rule,
    extra_links: [],
    depends_on_past: false,
    is_mapped: task.mapped !== null,
    wait_for_downstream: false,
    retries: task.retries,
    queue: 'default',
    executor: null,
    pool: 'default_pool',
    pool_slots: 1,
    execution_timeout: null,
    retry_delay: timedelta(300),
    retry_exponential_backoff: false,
    priority_weight: 1,
    weight_rule: 'downstream',
    ui_color: task.operator === 'EmptyOperator' ? '#e8f7e4' : task.operator === 'BashOperator' ? '#f0ede4' : '#ffefeb',
    ui_fgcolor: '#000',
    template_fields: Object.keys(task.templates),
    downstream_task_ids: downstream,
    doc_md: task.doc_md,
  };
}

/** A task instance (or one of its earlier tries) with the run's logical date and the task's operator. */
export function presentTi(ti: TiRow | (TryRow & { max_tries?: number; note?: string | null }), run: RunRow, task: TaskSpec | undefined): V1TaskInstance {
  const duration = ti.start_date !== null && ti.end_date !== null ? (ti.end_date - ti.start_date) / 1000 : null;
  const ds = new Date(run.logical_date).toISOString().slice(0, 10);
  return {
    dag_id: ti.dag_id,
    dag_run_id: ti.run_id,
    task_id: ti.task_id,
    task_display_name: ti.task_id,
    map_index: ti.map_index,
    execution_date: isoNow(run.logical_date),
    start_date: iso(ti.start_date),
    end_date: iso(ti.end_date),
    duration,
    state: ti.state,
    try_number: ti.try_number,
    max_tries: ti.max_tries ?? task?.retries ?? 0,
    hostname: ti.hostname,
    unixname: 'airflow',
    pool: 'default_pool',
    pool_slots: 1,
    queue: 'default',
    priority_weight: 1,
    operator: task?.operator ?? null,
    queued_when: iso(ti.queued_when),
    pid: ti.pid,
    executor: null,
    executor_config: '{}',
    note: ti.note ?? null,
    rendered_map_index: ti.map_index >= 0 ? String(ti.map_index) : null,
    rendered_fields: Object.fromEntries(Object.entries(task?.templates ?? {}).map(([key, value]) => [key, value.replaceAll('{{ ds }}', ds)])),
    trigger: null,
    triggerer_job: null,
    sla_miss: null,
  };
}

export function presentXcom(row: XComRow, run: RunRow, withValue: boolean): V1XComEntry {
  const entry: V1XComEntry = { dag_id: row.dag_id, execution_date: isoNow(run.logical_date), key: row.key, map_index: row.map_index, task_id: row.task_id, timestamp: isoNow(row.timestamp) };
  if (withValue) entry.value = JSON.parse(row.value);
  return entry;
}

export function presentEvent(row: EventRow): V1EventLog {
  return {
    event_log_id: row.id!,
    when: isoNow(row.dttm),
    dag_id: row.dag_id,
    task_id: row.task_id,
    run_id: row.run_id,
    map_index: row.map_index,
    try_number: row.try_number,
    event: row.event,
    execution_date: iso(row.logical_date),
    owner: row.owner,
    extra: row.extra,
  };
}
