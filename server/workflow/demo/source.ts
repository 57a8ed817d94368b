import type { DagSpec, TaskSpec } from '../model';

/**
 * The DAG file of a demo DAG, Airflow 2 style, written from its definition so that what
 * /dagSources serves names exactly the tasks, groups and dependencies the API reports.
 */
export function dagSource(spec: DagSpec): string {
  const lines = [
    `"""${spec.description ?? spec.dag_id}."""`,
    ...imports(spec),
    '',
    ...callables(spec),
    'default_args = {',
    `    "owner": "${spec.owners[0]}",`,
    '    "retries": 1,',
    '    "retry_delay": timedelta(minutes=5),',
    '}',
    '',
    'with DAG(',
    `    dag_id="${spec.dag_id}",`,
    `    description="${spec.description ?? ''}",`,
    `    schedule=${spec.schedule_text ?? 'None'},`,
    `    start_date=pendulum.datetime(${new Date(spec.start_date).toISOString().slice(0, 10).split('-').map(Number).join(', ')}, tz="UTC"),`,
    '    catchup=False,',
    `    max_active_runs=${spec.max_active_runs},`,
    `    tags=[${spec.tags.map((tag) => `"${tag}"`).join(', ')}],`,
    '    default_args=default_args,',
    `    params={"full_refresh": False, "target_env": "prod"},`,
    ') as dag:',
    ...body(spec).map((line) => (line ? `    ${line}` : line)),
    '',
  ];
  return lines.join('\n');
}

function imports(spec: DagSpec): string[] {
  const modules = new Map<string, Set<string>>();
  for (const task of spec.tasks) {
    if (!modules.has(task.module)) modules.set(task.module, new Set());
    modules.get(task.module)!.add(task.operator);
  }
  return [
    'from datetime import timedelta',
    '',
    'import pendulum',
    '',
    'from airflow import DAG',
    ...[...modules].sort(([a], [b]) => a.localeCompare(b)).map(([module, names]) => `from ${module} import ${[...names].sort().join(', ')}`),
    ...(spec.groups.length ? ['from airflow.utils.task_group import TaskGroup'] : []),
    ...(spec.tasks.some((task) => task.operator === 'PythonOperator') ? ['', 'from jobs.loaders import load, load_partition'] : []),
  ];
}

function callables(spec: DagSpec): string[] {
  const python = spec.tasks.filter((task) => task.operator === 'PythonOperator' || task.branch);
  return python.flatMap((task) => [
    `def ${functionName(task)}(ds${task.mapped !== null ? ', partition' : ''}, **context):`,
    ...(task.branch
      ? ['    full = context["params"]["full_refresh"] or pendulum.parse(ds).day == 1', '    return "full_refresh" if full else "incremental_load"']
      : task.mapped !== null
        ? ['    rows = load_partition(partition, ds)', '    return {"partition": partition, "rows": rows}']
        : [`    rows = load("${leaf(task)}", ds)`, '    return {"rows": rows}']),
    '',
    '',
  ]);
}

function body(spec: DagSpec): string[] {
  const lines: string[] = [];
  for (const task of spec.tasks.filter((t) => t.group === null)) {
    lines.push(...declaration(task), '');
  }
  for (const group of spec.groups) {
    lines.push(`with TaskGroup("${group.group_id}", tooltip="${group.tooltip}") as ${group.group_id}:`);
    for (const task of spec.tasks.filter((t) => t.group === group.group_id)) lines.push(...declaration(task).map((line) => `    ${line}`));
    lines.push('');
  }
  for (const task of spec.tasks) {
    if (task.upstream.length === 0) continue;
    const ups = task.upstream.map((id) => variable(spec.tasks.find((t) => t.task_id === id)!));
    lines.push(`${ups.length === 1 ? ups[0] : `[${ups.join(', ')}]`} >> ${variable(task)}`);
  }
  return lines;
}

function declaration(task: TaskSpec): string[] {
  const name = variable(task);
  const args = [`task_id="${leaf(task)}"`, ...argumentsOf(task)];
  if (task.trigger_rule !== 'all_success') args.push(`trigger_rule="${task.trigger_rule}"`);
  if (task.retries !== 1) args.push(`retries=${task.retries}`);
  if (task.mapped !== null) {
    const partitions = Array.from({ length: task.mapped }, (_, i) => `{"partition": ${i}}`).join(', ');
    return [`${name} = ${task.operator}.partial(${args.join(', ')}).expand(`, `    op_kwargs=[${partitions}],`, ')'];
  }
  return [`${name} = ${task.operator}(`, ...args.map((arg) => `    ${arg},`), ')'];
}

function argumentsOf(task: TaskSpec): string[] {
  if (task.operator === 'BashOperator') return [`bash_command="${task.templates.bash_command}"`];
  if (task.operator === 'SQLExecuteQueryOperator') return ['conn_id="warehouse"', `sql="${task.templates.sql}"`];
  if (task.operator === 'PythonOperator' || task.branch) return [`python_callable=${functionName(task)}`];
  return [];
}

const leaf = (task: TaskSpec) => task.task_id.slice(task.task_id.lastIndexOf('.') + 1);
const variable = (task: TaskSpec) => task.task_id.replaceAll('.', '_');
const functionName = (task: TaskSpec) => `_${variable(task)}`;
