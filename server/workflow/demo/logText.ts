import { rng, type Rng } from '../rng';
import type { TaskSpec } from '../model';

/** One try of a task instance, as its log describes it. */
export interface TryFacts {
  dag_id: string;
  run_id: string;
  map_index: number;
  try_number: number;
  max_tries: number;
  logical_date: number;
  start: number;
  /** When the try ends (planned for a running one). */
  end: number;
  /** success, failed or up_for_retry. */
  outcome: string;
  hostname: string;
  pid: number;
}

export interface LogLine {
  at: number;
  text: string;
}

/** Lines of the stress-case log (one task of the large DAG), for the viewer's 100,000-line case. */
const BIG_LOG_LINES = 100_000;

const stamp = (at: number) => `[${new Date(at).toISOString().replace('Z', '+0000')}]`;

/**
 * The log of one try, line by line with the time each is written, in Airflow 2.10's format,
 * generated from a seed: the same try always has the same log (historical logs are never stored).
 */
export function tryLog(task: TaskSpec, facts: TryFacts): LogLine[] {
  const r = rng(`log:${facts.dag_id}:${facts.run_id}:${task.task_id}:${facts.map_index}:${facts.try_number}`);
  const body = operatorLines(task, facts, r);
  const head = header(task, facts);
  const tail = footer(task, facts);
  const all = [...head, ...body, ...tail];
  const span = Math.max(1, facts.end - facts.start);
  // Spread evenly over the try; a traceback's lines carry no time stamp, as Python prints them.
  return all.map((text, i) => {
    const at = facts.start + Math.round((span * i) / Math.max(1, all.length - 1));
    return { at, text: text.startsWith('{') ? `${stamp(at)} ${text}` : text };
  });
}

export function logText(lines: LogLine[]): string {
  return lines.length ? `${lines.map((line) => line.text).join('\n')}\n` : '';
}

function header(task: TaskSpec, facts: TryFacts): string[] {
  const ti = `<TaskInstance: ${facts.dag_id}.${task.task_id} ${facts.run_id}${facts.map_index >= 0 ? ` map_index=${facts.map_index}` : ''} [queued]>`;
  return [
    `{local_task_job_runner.py:123} INFO - ::group::Pre task execution logs`,
    `{taskinstance.py:2613} INFO - Dependencies all met for dep_context=non-requeueable deps ti=${ti}`,
    `{taskinstance.py:2613} INFO - Dependencies all met for dep_context=requeueable deps ti=${ti}`,
    `{taskinstance.py:2866} INFO - Starting attempt ${facts.try_number} of ${facts.max_tries + 1}`,
    `{taskinstance.py:2889} INFO - Executing <Task(${task.operator}): ${task.task_id}> on ${new Date(facts.logical_date).toISOString().replace('T', ' ').replace('.000Z', '+00:00')}`,
    `{standard_task_runner.py:72} INFO - Started process ${facts.pid} to run task`,
    `{standard_task_runner.py:104} INFO - Job ${facts.pid + 1000}: Subtask ${task.task_id}`,
    `{task_command.py:467} INFO - Running ${ti.replace('[queued]', '[running]')} on host ${facts.hostname}`,
    `{local_task_job_runner.py:124} INFO - ::endgroup::`,
  ];
}

function operatorLines(task: TaskSpec, facts: TryFacts, r: Rng): string[] {
  const lines: string[] = [];
  const count = task.big_log && facts.outcome === 'success' ? BIG_LOG_LINES : r.int(4, 30);
  const name = task.task_id.slice(task.task_id.lastIndexOf('.') + 1);
  if (task.operator === 'BashOperator') lines.push(`{subprocess.py:63} INFO - Tmp dir root location: /tmp`, `{subprocess.py:75} INFO - Running command: ['/usr/bin/bash', '-c', '${task.templates.bash_command}']`, `{subprocess.py:86} INFO - Output:`);
  if (task.operator === 'SQLExecuteQueryOperator') lines.push(`{sql.py:276} INFO - Executing: ${task.templates.sql}`, `{base.py:84} INFO - Retrieving connection 'warehouse'`);
  for (let i = 0; i < count; i++) {
    const roll = r.next();
    if (roll < 0.04) lines.push(`{logging_mixin.py:190} WARNING - /opt/airflow/jobs/${name}.py:${r.int(10, 400)} FutureWarning: the default of observed=False is deprecated`);
    else if (roll < 0.08) lines.push(`{${name}.py:${r.int(10, 400)}} WARNING - Slow batch ${i}: ${r.int(2, 40)} s (retrying connection)`);
    else lines.push(`{${name}.py:${r.int(10, 400)}} INFO - Processed batch ${i} (${r.int(100, 90000)} rows, ${r.int(1, 999)} ms)`);
  }
  if (facts.outcome !== 'success') lines.push(...traceback(task, name, r));
  else if (task.operator === 'PythonOperator' || task.branch) lines.push(`{python.py:240} INFO - Done. Returned value was: ${task.branch ? "'incremental_load'" : `{'rows': ${r.int(1000, 500000)}}`}`);
  else if (task.operator === 'SQLExecuteQueryOperator') lines.push(`{sql.py:509} INFO - Rows affected: ${r.int(0, 200000)}`);
  else if (task.operator === 'BashOperator') lines.push(`{subprocess.py:97} INFO - Command exited with return code 0`);
  return lines;
}

function traceback(task: TaskSpec, name: string, r: Rng): string[] {
  const error = r.pick([
    'psycopg2.OperationalError: could not connect to server: Connection timed out',
    'requests.exceptions.HTTPError: 503 Server Error: Service Unavailable for url: https://api.internal/v2/export',
    `KeyError: 'customer_id'`,
    'airflow.exceptions.AirflowException: Bash command failed. The command returned a non-zero exit code 1.',
  ]);
  return [
    `{taskinstance.py:3310} ERROR - Task failed with exception`,
    'Traceback (most recent call last):',
    '  File "/home/airflow/.local/lib/python3.12/site-packages/airflow/models/taskinstance.py", line 767, in _execute_task',
    '    result = _execute_callable(context=context, **execute_callable_kwargs)',
    `  File "/opt/airflow/jobs/${name}.py", line ${r.int(20, 300)}, in run`,
    `    batch = source.fetch(${task.task_id.includes('.') ? 'group' : 'ds'})`,
    error,
  ];
}

function footer(task: TaskSpec, facts: TryFacts): string[] {
  const mark = facts.outcome === 'success' ? 'SUCCESS' : facts.outcome === 'up_for_retry' ? 'UP_FOR_RETRY' : 'FAILED';
  return [
    `{taskinstance.py:1206} INFO - Marking task as ${mark}. dag_id=${facts.dag_id}, task_id=${task.task_id}, run_id=${facts.run_id}, map_index=${facts.map_index}, execution_date=${compact(facts.logical_date)}, start_date=${compact(facts.start)}, end_date=${compact(facts.end)}`,
    ...(facts.outcome === 'success' ? [] : [`{standard_task_runner.py:124} ERROR - Failed to execute job ${facts.pid + 1000} for task ${task.task_id}; ${facts.pid}`]),
    `{local_task_job_runner.py:243} INFO - Task exited with return code ${facts.outcome === 'success' ? 0 : 1}`,
    `{taskinstance.py:3900} INFO - 0 downstream tasks scheduled from follow-on schedule check`,
  ];
}

const compact = (at: number) => new Date(at).toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, '');
