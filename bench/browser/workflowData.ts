// Generated workflow data for the workflow bench page: a grid of runs × tasks and an Airflow-style log.
import type { DagRun, GridData, GridNode, TaskState } from '../../contracts/workflow';

const STATES: TaskState[] = ['success', 'success', 'success', 'success', 'failed', 'upstream_failed', 'skipped', 'up_for_retry', 'running', 'queued', null];
const RUN_STATES: DagRun['state'][] = ['success', 'success', 'success', 'failed', 'success', 'running'];

/** A deterministic pseudo-random number in [0, 1) from two integers, so every sample draws the same grid. */
const noise = (a: number, b: number) => ((Math.sin(a * 12.9898 + b * 78.233) * 43758.5453) % 1 + 1) % 1;

function makeRuns(count: number): DagRun[] {
  const start = Date.parse('2026-08-01T00:00:00Z');
  return Array.from({ length: count }, (_, i) => {
    const at = new Date(start + i * 86_400_000);
    const duration = 60 + Math.round(noise(i, 1) * 1800);
    return {
      dagId: 'bench_dag', runId: `scheduled__${at.toISOString()}`, state: RUN_STATES[i % RUN_STATES.length], runType: 'scheduled',
      logicalDate: at.toISOString(), runAfter: at.toISOString(), queuedAt: at.toISOString(), startDate: at.toISOString(),
      endDate: new Date(at.getTime() + duration * 1000).toISOString(), conf: {}, note: null, triggeredBy: 'timetable',
    };
  });
}

function makeTask(id: string, label: string, runs: DagRun[], seed: number): GridNode {
  const instances: GridNode['instances'] = {};
  runs.forEach((run, r) => {
    instances[run.runId] = { state: STATES[Math.floor(noise(seed, r) * STATES.length)], tryNumber: 1 + (r % 3 === 0 ? 1 : 0), startDate: run.startDate, endDate: run.endDate };
  });
  return { id, label, isGroup: false, isMapped: seed % 17 === 3, operator: 'PythonOperator', children: [], instances };
}

/** `taskCount` tasks in groups of 10 (a group's cells take its first child's states), over `runCount` daily runs. */
export function makeGrid(runCount: number, taskCount: number): GridData {
  const runs = makeRuns(runCount);
  const nodes: GridNode[] = [];
  for (let g = 0; g * 10 < taskCount; g++) {
    const children = Array.from({ length: Math.min(10, taskCount - g * 10) }, (_, i) => makeTask(`group_${g}.task_${i}`, `task_${i}`, runs, g * 10 + i));
    nodes.push({ id: `group_${g}`, label: `group_${g}`, isGroup: true, isMapped: false, operator: null, children, instances: children[0].instances });
  }
  return { runs, nodes };
}

const MESSAGES = [
  'Dependencies all met for dep_context=non-requeueable deps ti=<TaskInstance: etl.load scheduled__2026-11-25 [queued]>',
  'Executing <Task(PythonOperator): load_orders> on 2026-11-25 00:00:00+00:00',
  'Fetched 1,250 rows from s3://warehouse/raw/orders/2026-11-25/part-0007.parquet in 0.84 s',
  'Running statement: SELECT order_id, customer_id, amount FROM staging.orders WHERE loaded_at > %(since)s',
  'Rows affected: 1250',
];

/** `count` lines as Airflow writes them: INFO mostly, some DEBUG and WARNING (coloured), an ERROR with a traceback now and then. */
export function makeLog(count: number): string {
  const lines: string[] = [];
  for (let i = 0; lines.length < count; i++) {
    const time = `[2026-11-25, ${String(10 + Math.floor(i / 3600) % 14).padStart(2, '0')}:${String(Math.floor(i / 60) % 60).padStart(2, '0')}:${String(i % 60).padStart(2, '0')} UTC]`;
    if (i % 997 === 500) {
      lines.push(`${time} {taskinstance.py:3100} ERROR - Task failed with exception`, 'Traceback (most recent call last):', '  File "/opt/airflow/dags/etl.py", line 88, in load_orders', `ValueError: batch ${i} has 3 rows without an order_id`);
    } else if (i % 101 === 7) {
      lines.push(`${time} {logging_mixin.py:190} WARNING - \x1b[33mslow query: batch ${i} took 4.2 s\x1b[0m`);
    } else if (i % 5 === 4) {
      lines.push(`${time} {base.py:84} DEBUG - connection pool: 4 idle, 1 busy (batch ${i})`);
    } else {
      lines.push(`${time} {etl.py:${40 + (i % 30)}} INFO - ${MESSAGES[i % MESSAGES.length]} (batch ${i})`);
    }
  }
  return `${lines.slice(0, count).join('\n')}\n`;
}
