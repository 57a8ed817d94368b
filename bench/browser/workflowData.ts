// Generated workflow data for the workflow bench page: a grid of runs × tasks and an Airflow-style log.
import type { DagRun, GraphData, GraphNode, GridData, GridNode, TaskState } from '../../contracts/workflow';

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

const GROUPS = 24;
const EXTRACTS = 20;
const PUBLISHES = 22;
const CHAINS = 3;
const CHAIN_LENGTH = 6;

const task = (id: string, label: string, operator = 'PythonOperator'): GraphNode => ({ id, label, operator, isGroup: false, isMapped: false, children: [] });

/**
 * A 500-task DAG shaped as the demo's big ones: start → 20 extracts → 24 task groups (three chains of
 * six joined by a `done` task, 19 each) → 22 publish tasks → end. `variant` renames the start task,
 * so each sample is a graph the layout has not seen (the app keeps layouts by graph).
 */
export function makeGraph(variant: number): { graph: GraphData; tasks: number; states: Map<string, TaskState> } {
  const nodes: GraphNode[] = [task('start', `start_${variant}`, 'EmptyOperator')];
  const edges: GraphData['edges'] = [];
  for (let e = 0; e < EXTRACTS; e++) {
    nodes.push(task(`extract_${e}`, `extract_${e}`));
    edges.push({ source: 'start', target: `extract_${e}` });
  }
  for (let g = 0; g < GROUPS; g++) {
    const children: GraphNode[] = [];
    for (let c = 0; c < CHAINS; c++) {
      for (let s = 0; s < CHAIN_LENGTH; s++) {
        const id = `group_${g}.chain_${c}_step_${s}`;
        children.push(task(id, `chain_${c}_step_${s}`, s % 2 ? 'SQLExecuteQueryOperator' : 'PythonOperator'));
        edges.push({ source: s === 0 ? `extract_${g % EXTRACTS}` : `group_${g}.chain_${c}_step_${s - 1}`, target: id });
      }
      edges.push({ source: `group_${g}.chain_${c}_step_${CHAIN_LENGTH - 1}`, target: `group_${g}.done` });
    }
    children.push(task(`group_${g}.done`, 'done', 'EmptyOperator'));
    nodes.push({ id: `group_${g}`, label: `group_${g}`, operator: null, isGroup: true, isMapped: false, children });
  }
  for (let p = 0; p < PUBLISHES; p++) {
    nodes.push(task(`publish_${p}`, `publish_${p}`, 'BashOperator'));
    edges.push({ source: `group_${p % GROUPS}.done`, target: `publish_${p}` }, { source: `group_${(p + 1) % GROUPS}.done`, target: `publish_${p}` }, { source: `publish_${p}`, target: 'end' });
  }
  nodes.push(task('end', 'end', 'EmptyOperator'));
  const ids = nodes.flatMap((n) => (n.isGroup ? n.children.map((c) => c.id) : [n.id]));
  const states = new Map(ids.map((id, i) => [id, STATES[Math.floor(noise(i, variant) * STATES.length)]]));
  return { graph: { nodes, edges }, tasks: ids.length, states };
}
