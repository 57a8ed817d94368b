import type { FastifyBaseLogger } from 'fastify';
import { tryOf } from './actions';
import { nextLogicalDate } from './cron';
import { runIdOf, HOSTS } from './demo/history';
import { tryLog, type LogLine } from './demo/logText';
import { branchChoice, downstreamOf, FINISHED_TASK_STATES, mapIndexes, readiness, runOutcome, topologicalOrder, type DagSpec, type TaskSpec } from './model';
import { hashString } from './rng';
import type { RunRow, TiRow, TryRow } from './rows';
import type { Dag, LogKey, WorkflowStore } from './store';

export interface ExecutorOptions {
  /** How long a task of weight 1 runs; retries wait as long. */
  taskMs: number;
  now: () => number;
  log: Pick<FastifyBaseLogger, 'error'>;
}

/** What a running try will do: its log lines (with the time each is written) and how it ends. */
interface Plan {
  lines: LogLine[];
  end: number;
  outcome: 'success' | 'failed';
  written: number;
}

/**
 * The demo's scheduler and worker in one timer loop (a stand-in for Airflow's): creates scheduled
 * runs when they fall due, starts queued runs of unpaused DAGs, and moves their task instances
 * along in dependency order (trigger rules, branches, retries), writing each try's log as it goes.
 * Whether a try fails is decided from its identity, so a restart continues the same story.
 */
export class Executor {
  private timer: NodeJS.Timeout | null = null;
  private ticking: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private readonly plans = new Map<string, Plan>();

  constructor(
    private readonly store: WorkflowStore,
    private readonly options: ExecutorOptions,
  ) {}

  start(): void {
    const every = Math.min(500, Math.max(5, Math.floor(this.options.taskMs / 5)));
    this.timer = setInterval(() => this.wake(), every);
    this.timer.unref();
  }

  /** Runs a pass now (or right after the one running). */
  wake(): void {
    if (this.stopped) return;
    if (this.ticking) {
      this.again = true;
      return;
    }
    this.ticking = this.pass()
      .catch((error: unknown) => this.options.log.error({ err: error }, 'workflow executor pass failed'))
      .finally(() => {
        this.ticking = null;
        if (this.again && !this.stopped) {
          this.again = false;
          this.wake();
        }
      });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.ticking;
  }

  private async pass(): Promise<void> {
    const now = this.options.now();
    const dags = new Map((await this.store.dags()).map((dag) => [dag.spec.dag_id, dag]));
    for (const dag of dags.values()) if (dag.row.is_paused === 0) await this.schedule(dag, now);
    const active = await this.store.runsInState(['queued', 'running']);
    const running = new Map<string, number>();
    for (const run of active) if (run.state === 'running') running.set(run.dag_id, (running.get(run.dag_id) ?? 0) + 1);
    for (const run of active) {
      const dag = dags.get(run.dag_id);
      if (!dag || dag.row.is_paused === 1 || this.stopped) continue;
      if (run.state === 'queued') {
        if ((running.get(run.dag_id) ?? 0) >= dag.spec.max_active_runs) continue;
        running.set(run.dag_id, (running.get(run.dag_id) ?? 0) + 1);
        await this.startRun(dag.spec, run, now);
      } else {
        await this.advance(dag.spec, run, now);
      }
    }
  }

  /** Creates the latest scheduled run that fell due (no catch-up of missed ones, as catchup=False). */
  private async schedule({ spec, row }: Dag, now: number): Promise<void> {
    if (spec.schedule === null || row.next_dagrun === null) return;
    let logical = row.next_dagrun;
    let end = nextLogicalDate(spec.schedule, logical)!;
    if (end > now) return;
    for (let next = nextLogicalDate(spec.schedule, end)!; next <= now; next = nextLogicalDate(spec.schedule, next)!) [logical, end] = [end, next];
    const run_id = runIdOf('scheduled', logical);
    if (!(await this.store.runExists(spec.dag_id, run_id))) {
      await this.store.insertRun({
        dag_id: spec.dag_id, run_id, state: 'queued', run_type: 'scheduled', logical_date: logical, interval_start: logical, interval_end: end,
        queued_at: now, start_date: null, end_date: null, conf: '{}', note: null, external_trigger: 0, updated_at: now,
      });
    }
    await this.store.setNextDagrun(spec.dag_id, end);
  }

  private async startRun(spec: DagSpec, run: RunRow, now: number): Promise<void> {
    const existing = new Set((await this.store.tis(run.dag_id, run.run_id)).map((ti) => `${ti.task_id}:${ti.map_index}`));
    const fresh: TiRow[] = spec.tasks.flatMap((task) =>
      mapIndexes(task).filter((map_index) => !existing.has(`${task.task_id}:${map_index}`)).map((map_index) => ({
        dag_id: run.dag_id, run_id: run.run_id, task_id: task.task_id, map_index, state: null, try_number: 0, max_tries: task.retries,
        queued_when: null, start_date: null, end_date: null, hostname: '', pid: null, note: null,
      })),
    );
    await this.store.db.transaction(async (tx) => {
      await this.store.putTis(fresh, tx);
      await this.store.updateRun({ ...run, state: 'running', start_date: now, end_date: null, updated_at: now }, tx);
    });
  }

  /** One step of a running run: each task instance moves at most one state. */
  private async advance(spec: DagSpec, run: RunRow, now: number): Promise<void> {
    const tis = await this.store.tis(run.dag_id, run.run_id);
    const byTask = new Map<string, TiRow[]>();
    for (const ti of tis) byTask.set(ti.task_id, [...(byTask.get(ti.task_id) ?? []), ti]);
    const downstream = downstreamOf(spec);
    const changed = new Map<string, TiRow>();
    const tries: TryRow[] = [];
    const set = (ti: TiRow, update: Partial<TiRow>) => {
      Object.assign(ti, update);
      changed.set(`${ti.task_id}:${ti.map_index}`, ti);
    };
    let slots = spec.max_active_tasks - tis.filter((ti) => ti.state === 'running').length;
    for (const task of topologicalOrder(spec)) {
      for (const ti of byTask.get(task.task_id) ?? []) {
        if (ti.state === 'running') await this.runTry(task, run, ti, now, set, tries, byTask, downstream.get(task.task_id)!);
        else if (ti.state === 'up_for_retry' && now >= (ti.end_date ?? 0) + this.options.taskMs) set(ti, { state: 'queued', queued_when: now });
        else if (ti.state === 'queued' && slots > 0) {
          slots--;
          const r = hashString(`${ti.run_id}:${ti.task_id}:${ti.map_index}:${ti.try_number + 1}`);
          set(ti, { state: 'running', try_number: ti.try_number + 1, start_date: now, end_date: null, hostname: HOSTS[r % HOSTS.length], pid: 1000 + (r % 50000) });
        } else if (ti.state === null) {
          const decision = readiness(task.trigger_rule, task.upstream.flatMap((id) => (byTask.get(id) ?? []).map((up) => up.state)));
          if (decision === 'run') set(ti, { state: 'queued', queued_when: now });
          else if (decision !== 'wait') set(ti, { state: decision, start_date: now, end_date: now });
        }
      }
    }
    const states = new Map([...byTask].map(([id, rows]) => [id, rows.map((ti) => ti.state)]));
    const finished = tis.every((ti) => ti.state !== null && FINISHED_TASK_STATES.has(ti.state));
    await this.store.db.transaction(async (tx) => {
      await this.store.putTries(tries, tx);
      await this.store.putTis([...changed.values()], tx);
      if (finished) await this.store.updateRun({ ...run, state: runOutcome(spec, states, downstream), end_date: now, updated_at: now }, tx);
    });
  }

  private async runTry(task: TaskSpec, run: RunRow, ti: TiRow, now: number, set: (ti: TiRow, update: Partial<TiRow>) => void, tries: TryRow[], byTask: Map<string, TiRow[]>, downstream: string[]): Promise<void> {
    const key: LogKey = { dag_id: ti.dag_id, run_id: ti.run_id, task_id: ti.task_id, map_index: ti.map_index, try_number: ti.try_number };
    const plan = await this.planOf(task, run, ti, key);
    const due = now >= plan.end ? plan.lines.length : plan.lines.filter((line) => line.at <= now).length;
    if (due > plan.written) {
      await this.store.appendLog(key, plan.lines.slice(plan.written, due).map((line) => `${line.text}\n`).join(''));
      plan.written = due;
    }
    if (now < plan.end) return;
    this.plans.delete(JSON.stringify(key));
    if (plan.outcome === 'success') {
      set(ti, { state: 'success', end_date: now });
      if (task.branch) {
        const followed = branchChoice(downstream, (hashString(run.run_id) % 1000) / 1000);
        for (const id of downstream) if (!followed.includes(id)) for (const other of byTask.get(id) ?? []) if (other.state === null) set(other, { state: 'skipped', start_date: now, end_date: now });
        await this.store.putXcom({ ...key, key: 'skipmixin_key', value: JSON.stringify({ followed }), timestamp: now });
      } else if (task.operator === 'PythonOperator') {
        await this.store.putXcom({ ...key, key: 'return_value', value: JSON.stringify({ rows: hashString(JSON.stringify(key)) % 100000 }), timestamp: now });
      }
    } else if (ti.try_number <= ti.max_tries) {
      set(ti, { state: 'up_for_retry', end_date: now });
      tries.push({ ...tryOf(ti), state: 'up_for_retry' });
    } else {
      set(ti, { state: 'failed', end_date: now });
    }
  }

  /** The try's plan, made once (again after a restart: the same try gives the same plan). */
  private async planOf(task: TaskSpec, run: RunRow, ti: TiRow, key: LogKey): Promise<Plan> {
    const id = JSON.stringify(key);
    let plan = this.plans.get(id);
    if (plan) return plan;
    const start = ti.start_date ?? this.options.now();
    const end = start + task.weight * this.options.taskMs;
    const outcome = (hashString(`live:${id}`) % 10_000) / 10_000 < task.fail_rate ? 'failed' : 'success';
    const facts = {
      dag_id: ti.dag_id, run_id: ti.run_id, map_index: ti.map_index, try_number: ti.try_number, max_tries: ti.max_tries, logical_date: run.logical_date,
      start, end, outcome: outcome === 'failed' && ti.try_number <= ti.max_tries ? 'up_for_retry' : outcome, hostname: ti.hostname, pid: ti.pid ?? 0,
    };
    // The stress-case log stays a feature of the history: live tries write ordinary logs.
    const lines = tryLog({ ...task, big_log: false }, facts);
    const stored = await this.store.storedLog(key);
    plan = { lines, end, outcome, written: stored === null ? 0 : stored.split('\n').length - 1 };
    this.plans.set(id, plan);
    return plan;
  }
}
