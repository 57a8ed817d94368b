import type { Queryable, SqlValue, Store } from '../store/db';
import { insertRows } from './bulk';
import type { DagSpec } from './model';
import { notFound } from './problem';
import { EVENT_COLUMNS, RUN_COLUMNS, TI_COLUMNS, TRY_COLUMNS, type DagRow, type EventRow, type RunRow, type TiRow, type TryRow, type XComRow } from './rows';

export interface Dag {
  row: DagRow;
  spec: DagSpec;
}

/** Reads and writes of the workflow tables; DAG definitions never change, so they are parsed once per app. */
export class WorkflowStore {
  private readonly specs = new Map<string, DagSpec>();

  constructor(readonly db: Store) {}

  async dags(): Promise<Dag[]> {
    const rows = await this.db.all<DagRow>('SELECT * FROM wf_dags ORDER BY dag_id');
    return rows.map((row) => ({ row, spec: this.specOf(row) }));
  }

  async dag(dagId: string): Promise<Dag> {
    const [row] = await this.db.all<DagRow>('SELECT * FROM wf_dags WHERE dag_id = $1', [dagId]);
    if (!row) throw notFound('DAG not found', `DAG with dag_id: '${dagId}' not found`);
    return { row, spec: this.specOf(row) };
  }

  private specOf(row: DagRow): DagSpec {
    let spec = this.specs.get(row.dag_id);
    if (!spec) this.specs.set(row.dag_id, (spec = JSON.parse(row.spec) as DagSpec));
    return spec;
  }

  setPaused(dagId: string, paused: boolean): Promise<void> {
    return this.db.run('UPDATE wf_dags SET is_paused = $1 WHERE dag_id = $2', [paused ? 1 : 0, dagId]);
  }

  setNextDagrun(dagId: string, next: number | null): Promise<void> {
    return this.db.run('UPDATE wf_dags SET next_dagrun = $1 WHERE dag_id = $2', [next, dagId]);
  }

  async run(dagId: string, runId: string): Promise<RunRow> {
    const [row] = await this.db.all<RunRow>('SELECT * FROM wf_dag_runs WHERE dag_id = $1 AND run_id = $2', [dagId, runId]);
    if (!row) throw notFound('DAGRun not found', `DAGRun with DAG ID: '${dagId}' and DagRun ID: '${runId}' not found`);
    return row;
  }

  async runExists(dagId: string, runId: string): Promise<boolean> {
    return (await this.db.all('SELECT 1 FROM wf_dag_runs WHERE dag_id = $1 AND run_id = $2', [dagId, runId])).length > 0;
  }

  /** Rows and the total matching `where` (a SQL condition on wf_dag_runs with its parameters). */
  async runsPage(where: string, params: SqlValue[], orderBy: string, limit: number, offset: number): Promise<{ rows: RunRow[]; total: number }> {
    const [{ total }] = await this.db.all<{ total: number }>(`SELECT count(*) AS total FROM wf_dag_runs WHERE ${where}`, params);
    const rows = await this.db.all<RunRow>(`SELECT * FROM wf_dag_runs WHERE ${where} ORDER BY ${orderBy} LIMIT ${limit} OFFSET ${offset}`, params);
    return { rows, total };
  }

  /** The latest runs of a DAG (by logical date), newest first. */
  recentRuns(dagId: string, limit: number, before: number = Number.MAX_SAFE_INTEGER): Promise<RunRow[]> {
    return this.db.all<RunRow>('SELECT * FROM wf_dag_runs WHERE dag_id = $1 AND logical_date <= $2 ORDER BY logical_date DESC LIMIT $3', [dagId, before, limit]);
  }

  runsInState(states: string[]): Promise<RunRow[]> {
    return this.db.all<RunRow>(`SELECT * FROM wf_dag_runs WHERE state IN (${states.map((_, i) => `$${i + 1}`).join(', ')}) ORDER BY queued_at, logical_date`, states);
  }

  insertRun(run: RunRow, q: Queryable = this.db): Promise<void> {
    return insertRows(q, 'wf_dag_runs', RUN_COLUMNS, [run]);
  }

  updateRun(run: RunRow, q: Queryable = this.db): Promise<void> {
    return q.run('UPDATE wf_dag_runs SET state = $1, start_date = $2, end_date = $3, note = $4, updated_at = $5 WHERE dag_id = $6 AND run_id = $7', [
      run.state, run.start_date, run.end_date, run.note, run.updated_at, run.dag_id, run.run_id,
    ]);
  }

  tis(dagId: string, runId: string): Promise<TiRow[]> {
    return this.db.all<TiRow>('SELECT * FROM wf_task_instances WHERE dag_id = $1 AND run_id = $2 ORDER BY task_id, map_index', [dagId, runId]);
  }

  /** Task instances of several runs of one DAG (the grid's). */
  tisOfRuns(dagId: string, runIds: string[]): Promise<TiRow[]> {
    if (runIds.length === 0) return Promise.resolve([]);
    const marks = runIds.map((_, i) => `$${i + 2}`).join(', ');
    return this.db.all<TiRow>(`SELECT * FROM wf_task_instances WHERE dag_id = $1 AND run_id IN (${marks})`, [dagId, ...runIds]);
  }

  async ti(dagId: string, runId: string, taskId: string, mapIndex = -1): Promise<TiRow> {
    const [row] = await this.db.all<TiRow>('SELECT * FROM wf_task_instances WHERE dag_id = $1 AND run_id = $2 AND task_id = $3 AND map_index = $4', [dagId, runId, taskId, mapIndex]);
    if (!row) throw notFound('Task instance not found', `Task instance not found: ${dagId}.${taskId} in run ${runId}${mapIndex >= 0 ? ` map_index ${mapIndex}` : ''}`);
    return row;
  }

  /** Writes task instances, replacing those with the same key. */
  putTis(rows: TiRow[], q: Queryable = this.db): Promise<void> {
    return insertRows(q, 'wf_task_instances', TI_COLUMNS, rows, ['dag_id', 'run_id', 'task_id', 'map_index']);
  }

  putTries(rows: TryRow[], q: Queryable = this.db): Promise<void> {
    return insertRows(q, 'wf_task_tries', TRY_COLUMNS, rows, ['dag_id', 'run_id', 'task_id', 'map_index', 'try_number']);
  }

  tries(dagId: string, runId: string, taskId: string, mapIndex = -1): Promise<TryRow[]> {
    return this.db.all<TryRow>('SELECT * FROM wf_task_tries WHERE dag_id = $1 AND run_id = $2 AND task_id = $3 AND map_index = $4 ORDER BY try_number', [dagId, runId, taskId, mapIndex]);
  }

  xcoms(dagId: string, runId: string, taskId: string, mapIndex: number | null): Promise<XComRow[]> {
    const mapped = mapIndex === null ? '' : ' AND map_index = $4';
    const params: SqlValue[] = [dagId, runId, taskId, ...(mapIndex === null ? [] : [mapIndex])];
    return this.db.all<XComRow>(`SELECT * FROM wf_xcoms WHERE dag_id = $1 AND run_id = $2 AND task_id = $3${mapped} ORDER BY map_index, key`, params);
  }

  putXcom(row: XComRow): Promise<void> {
    return this.db.run(`INSERT INTO wf_xcoms (dag_id, run_id, task_id, map_index, key, value, timestamp) VALUES ($1, $2, $3, $4, $5, $6, $7)
      ON CONFLICT (dag_id, run_id, task_id, map_index, key) DO UPDATE SET value = excluded.value, timestamp = excluded.timestamp`, [
      row.dag_id, row.run_id, row.task_id, row.map_index, row.key, row.value, row.timestamp,
    ]);
  }

  addEvent(row: EventRow, q: Queryable = this.db): Promise<void> {
    return insertRows(q, 'wf_event_logs', EVENT_COLUMNS, [row]);
  }

  async storedLog(key: LogKey): Promise<string | null> {
    const [row] = await this.db.all<{ content: string }>('SELECT content FROM wf_logs WHERE dag_id = $1 AND run_id = $2 AND task_id = $3 AND map_index = $4 AND try_number = $5', logParams(key));
    return row ? row.content : null;
  }

  appendLog(key: LogKey, text: string): Promise<void> {
    return this.db.run(
      `INSERT INTO wf_logs (dag_id, run_id, task_id, map_index, try_number, content) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (dag_id, run_id, task_id, map_index, try_number) DO UPDATE SET content = wf_logs.content || excluded.content`,
      [...logParams(key), text],
    );
  }
}

export interface LogKey {
  dag_id: string;
  run_id: string;
  task_id: string;
  map_index: number;
  try_number: number;
}

const logParams = (key: LogKey): SqlValue[] => [key.dag_id, key.run_id, key.task_id, key.map_index, key.try_number];
