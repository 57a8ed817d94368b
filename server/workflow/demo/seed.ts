import type { Queryable, Store } from '../../store/db';
import { insertRows } from '../bulk';
import { topologicalOrder, type DagSpec } from '../model';
import { EVENT_COLUMNS, RUN_COLUMNS, TI_COLUMNS, TRY_COLUMNS, XCOM_COLUMNS } from '../rows';
import { buildDag } from './build';
import { DEMO_CATALOG, generatedCatalog, type CatalogEntry } from './catalog';
import { dagHistory, event, FULL_HISTORY, LIGHT_HISTORY, runIdOf, type History, type HistoryDepth } from './history';
import { dagSource } from './source';

/** A paused DAG whose latest run stays caught mid-way (a task up for retry) until it is unpaused. */
const FROZEN_DAG = 'finance_month_close';
/** A paused DAG with a manual run triggered while paused: queued until it is unpaused. */
const QUEUED_DAG = 'adhoc_backfill_orders';

/**
 * Writes the demo DAGs and their history once, on the first start of a data directory (later
 * starts find the DAGs and keep what the executor and users did). `dagCount` beyond the catalog's
 * 25 adds generated copies with a few runs each. Returns whether it seeded.
 */
export async function seedWorkflowDemo(store: Store, now: number, dagCount = DEMO_CATALOG.length): Promise<boolean> {
  if (await isSeeded(store)) return false;
  await store.transaction(async (tx) => {
    for (const entry of DEMO_CATALOG) await writeDag(tx, entry, now, FULL_HISTORY);
    for (const entry of generatedCatalog(dagCount - DEMO_CATALOG.length)) await writeDag(tx, entry, now, LIGHT_HISTORY);
  });
  return true;
}

async function writeDag(tx: Queryable, entry: CatalogEntry, now: number, depth: HistoryDepth): Promise<void> {
  const spec = buildDag(entry, now);
  const history = dagHistory(spec, now, entry.paused, depth);
  if (spec.dag_id === FROZEN_DAG) freezeLatestRun(spec, history);
  if (spec.dag_id === QUEUED_DAG) queueRun(spec, history, now);
  await tx.run('INSERT INTO wf_dags (dag_id, is_paused, spec, source, next_dagrun, last_parsed) VALUES ($1, $2, $3, $4, $5, $6)', [
    spec.dag_id, entry.paused ? 1 : 0, JSON.stringify(spec), dagSource(spec), history.nextDagrun, now,
  ]);
  await writeHistory(tx, history);
}

export async function isSeeded(store: Queryable): Promise<boolean> {
  return (await store.all('SELECT 1 FROM wf_dags LIMIT 1')).length > 0;
}

async function writeHistory(tx: Queryable, history: History): Promise<void> {
  await insertRows(tx, 'wf_dag_runs', RUN_COLUMNS, history.runs);
  await insertRows(tx, 'wf_task_instances', TI_COLUMNS, history.tis);
  await insertRows(tx, 'wf_task_tries', TRY_COLUMNS, history.tries);
  await insertRows(tx, 'wf_xcoms', XCOM_COLUMNS, history.xcoms);
  await insertRows(tx, 'wf_event_logs', EVENT_COLUMNS, history.events.sort((a, b) => a.dttm - b.dttm));
}

/** The first third of the latest run's tasks done, the next one up for retry, the rest not started. */
function freezeLatestRun(spec: DagSpec, history: History): void {
  const run = history.runs.reduce((latest, candidate) => (candidate.logical_date > latest.logical_date ? candidate : latest));
  const order = topologicalOrder(spec).map((task) => task.task_id);
  const done = new Set(order.slice(0, Math.floor(order.length / 3)));
  const retrying = order[done.size];
  Object.assign(run, { state: 'running', end_date: null });
  for (const ti of history.tis) {
    if (ti.run_id !== run.run_id || done.has(ti.task_id)) continue;
    if (ti.task_id === retrying) Object.assign(ti, { state: 'up_for_retry', try_number: 1 });
    else Object.assign(ti, { state: null, try_number: 0, start_date: null, end_date: null, queued_when: null, hostname: '', pid: null });
  }
  for (const ti of history.tis) if (ti.run_id === run.run_id && done.has(ti.task_id)) ti.state = 'success';
  history.tries = history.tries.filter((row) => row.run_id !== run.run_id || done.has(row.task_id));
  history.xcoms = history.xcoms.filter((row) => row.run_id !== run.run_id || done.has(row.task_id));
  history.events = history.events.filter((row) => row.run_id !== run.run_id || row.event === 'trigger');
}

function queueRun(spec: DagSpec, history: History, now: number): void {
  const at = now - 10 * 60 * 1000;
  const run_id = runIdOf('manual', at);
  history.runs.push({
    dag_id: spec.dag_id, run_id, state: 'queued', run_type: 'manual', logical_date: at, interval_start: at, interval_end: at,
    queued_at: at, start_date: null, end_date: null, conf: '{"reason": "backfill 2019 orders"}', note: null, external_trigger: 1, updated_at: at,
  });
  history.events.push(event(at, spec.dag_id, 'trigger', 'admin', run_id));
}
