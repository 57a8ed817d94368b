import { rng, type Rng } from '../rng';
import type { DagSpec, GroupSpec, TaskSpec, TriggerRule } from '../model';
import { RELIABLE_DAG, type CatalogEntry } from './catalog';

const DAY = 24 * 3600 * 1000;
const SOURCES = ['postgres_orders', 's3_events', 'salesforce_accounts', 'stripe_charges', 'ga4_sessions', 'sftp_prices', 'kafka_clicks', 'zendesk_tickets', 'hubspot_contacts', 'mysql_inventory', 'bigquery_ads', 'csv_uploads'];
const DOMAINS = ['orders', 'customers', 'payments', 'inventory', 'shipments', 'marketing', 'finance', 'sessions', 'products', 'reviews', 'returns', 'suppliers', 'ledger', 'campaigns'];
const STEPS = ['validate', 'clean', 'transform', 'enrich', 'aggregate', 'publish'];

interface Operator { operator: string; module: string }
const EMPTY: Operator = { operator: 'EmptyOperator', module: 'airflow.operators.empty' };
const PYTHON: Operator = { operator: 'PythonOperator', module: 'airflow.operators.python' };
const BASH: Operator = { operator: 'BashOperator', module: 'airflow.operators.bash' };
const SQL: Operator = { operator: 'SQLExecuteQueryOperator', module: 'airflow.providers.common.sql.operators.sql' };
const BRANCH: Operator = { operator: 'BranchPythonOperator', module: 'airflow.operators.python' };

/** The DAG definition of a catalog entry; the same entry always gives the same DAG. */
export function buildDag(entry: CatalogEntry, now: number): DagSpec {
  const r = rng(`dag:${entry.dag_id}`);
  const { tasks, groups } = entry.dag_id === RELIABLE_DAG ? exampleEtl() : entry.tasks <= 5 ? chain(entry, r) : layered(entry, r);
  if (entry.reliable) for (const task of tasks) task.fail_rate = 0;
  return {
    dag_id: entry.dag_id,
    description: entry.description,
    owners: entry.owners,
    tags: entry.tags,
    schedule: entry.schedule,
    schedule_text: entry.schedule_text,
    start_date: Math.floor((now - 120 * DAY) / DAY) * DAY,
    catchup: false,
    max_active_runs: entry.schedule?.kind === 'cron' && entry.schedule.expression.startsWith('*/') ? 1 : 16,
    max_active_tasks: 16,
    doc_md: `### ${entry.dag_id}\n\n${entry.description}.\n\nOwned by **${entry.owners.join(', ')}**.`,
    fileloc: `/opt/airflow/dags/${entry.dag_id}.py`,
    file_token: Buffer.from(`/opt/airflow/dags/${entry.dag_id}.py`).toString('base64url'),
    params: { full_refresh: false, target_env: 'prod' },
    groups,
    tasks,
  };
}

function task(task_id: string, kind: Operator, upstream: string[], extra: Partial<TaskSpec> = {}): TaskSpec {
  const dot = task_id.lastIndexOf('.');
  const name = task_id.replaceAll('.', '_');
  return {
    task_id, group: dot === -1 ? null : task_id.slice(0, dot), ...kind, upstream, trigger_rule: 'all_success', retries: 1, mapped: null,
    branch: kind === BRANCH, fail_rate: 0.01, weight: 1, templates: templatesOf(kind, name), doc_md: null, big_log: false, ...extra,
  };
}

function templatesOf(kind: Operator, name: string): Record<string, string> {
  if (kind === BASH) return { bash_command: `python -m jobs.${name} --date {{ ds }}`, env: '{}' };
  if (kind === SQL) return { sql: `INSERT INTO mart.${name} SELECT * FROM staging.${name} WHERE ds = '{{ ds }}'`, parameters: '{}' };
  if (kind === PYTHON || kind === BRANCH) return { op_args: '[]', op_kwargs: `{'ds': '{{ ds }}'}`, templates_dict: 'None' };
  return {};
}

function exampleEtl(): { tasks: TaskSpec[]; groups: GroupSpec[] } {
  const tasks = [
    task('extract_orders', PYTHON, []),
    task('extract_customers', PYTHON, []),
    task('transform.clean_orders', PYTHON, ['extract_orders', 'extract_customers']),
    task('transform.join_customers', SQL, ['transform.clean_orders']),
    task('load_warehouse', SQL, ['transform.join_customers']),
    task('notify', BASH, ['load_warehouse'], { trigger_rule: 'all_done' }),
  ];
  return { tasks, groups: [{ group_id: 'transform', tooltip: 'Cleans and joins the extracts', parent: null }] };
}

function chain(entry: CatalogEntry, r: Rng): { tasks: TaskSpec[]; groups: GroupSpec[] } {
  const names = ['check_source', 'run_job', 'verify_output', 'report'].slice(0, entry.tasks - 1);
  const tasks: TaskSpec[] = [];
  for (const name of names) tasks.push(task(name, r.pick([PYTHON, BASH]), tasks.length ? [tasks[tasks.length - 1].task_id] : []));
  tasks.push(task('cleanup', BASH, [tasks[tasks.length - 1].task_id], { trigger_rule: 'all_done' }));
  return { tasks, groups: [] };
}

/**
 * start → extracts → (a mapped task) → one TaskGroup per domain (a chain of steps) → (a branch
 * between a full and an incremental load, joined again) → end (all_done).
 */
function layered(entry: CatalogEntry, r: Rng): { tasks: TaskSpec[]; groups: GroupSpec[] } {
  const hasMapped = entry.tasks >= 8;
  const hasBranch = entry.tasks >= 10;
  let rest = entry.tasks - 2 - (hasMapped ? 1 : 0) - (hasBranch ? 4 : 0);
  const groupSize = entry.tasks >= 40 ? 5 : 3;
  let extracts = Math.min(5, Math.max(1, Math.floor(rest / 4)));
  rest -= extracts;
  const groupCount = Math.min(DOMAINS.length, Math.floor(rest / groupSize));
  extracts += rest - groupCount * groupSize;
  const tasks: TaskSpec[] = [task('start', EMPTY, [], { fail_rate: 0 })];
  const extractIds = SOURCES.slice(0, extracts).map((source) => `extract_${source}`);
  for (const id of extractIds) tasks.push(task(id, r.pick([PYTHON, SQL]), ['start'], flaky(r)));
  let feed = extractIds;
  if (hasMapped) {
    tasks.push(task('process_partition', PYTHON, extractIds, { mapped: r.int(3, 8), ...flaky(r) }));
    feed = ['process_partition'];
  }
  const groups: GroupSpec[] = [];
  const ends: string[] = [];
  for (const domain of DOMAINS.slice(0, groupCount)) {
    groups.push({ group_id: domain, tooltip: `Models the ${domain} domain`, parent: null });
    let previous = feed;
    for (const step of STEPS.slice(STEPS.length - groupSize)) {
      const id = `${domain}.${step}`;
      tasks.push(task(id, r.pick([PYTHON, BASH, SQL]), previous, { weight: r.int(1, 3), ...flaky(r) }));
      previous = [id];
    }
    ends.push(previous[0]);
  }
  let last = ends.length ? ends : feed;
  if (hasBranch) {
    tasks.push(task('choose_load_mode', BRANCH, last, { fail_rate: 0 }));
    tasks.push(task('full_refresh', SQL, ['choose_load_mode'], flaky(r)));
    tasks.push(task('incremental_load', SQL, ['choose_load_mode'], flaky(r)));
    tasks.push(task('join_loads', EMPTY, ['full_refresh', 'incremental_load'], { trigger_rule: 'none_failed_min_one_success' as TriggerRule, fail_rate: 0 }));
    last = ['join_loads'];
  }
  tasks.push(task('end', EMPTY, last, { trigger_rule: 'all_done', fail_rate: 0 }));
  if (entry.tasks >= 40) tasks[1].big_log = true;
  return { tasks, groups };
}

/** Most tasks rarely fail; about one in six is flaky and retried twice, so retries and failures show. */
function flaky(r: Rng): Partial<TaskSpec> {
  return r.chance(0.17) ? { fail_rate: 0.25, retries: 2 } : { fail_rate: 0.01, retries: 1 };
}
