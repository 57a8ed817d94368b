import { sleep } from '../support/time';

/** What the Airflow UI comparison needs on a real Airflow 3: a 200-task DAG with 100 runs, and a 100,000-line log. */

export const WIDE_DAG = 'console_wide';
export const WIDE_TASKS = 200;
export const WIDE_RUNS = 100;
export const BIG_LOG_DAG = 'console_big_log';
export const BIG_LOG_TASK = 'shout';
/** The bench's own runs: found again by this prefix, so a second bench run reuses them. */
const PREFIX = 'bench__';
const JSON_TYPE = { 'content-type': 'application/json', accept: 'application/json' };

interface Run {
  dag_run_id: string;
  state: string;
}

export class AirflowApi {
  constructor(readonly url: string, private readonly token: string) {}

  async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      const response = await fetch(this.url + path, { method, headers: { ...JSON_TYPE, authorization: `Bearer ${this.token}` }, body: body === undefined ? undefined : JSON.stringify(body) });
      const text = await response.text();
      if (response.ok) return (text ? JSON.parse(text) : null) as T;
      // A write meeting the scheduler's (SQLite's lock, PostgreSQL's deadlock: Airflow says "Database error") is tried again.
      if (attempt < 5 && /database is locked|Database error/i.test(text)) {
        await sleep(500 * (attempt + 1));
        continue;
      }
      throw new Error(`airflow: ${method} ${path} answered ${response.status}: ${text.slice(0, 300)}`);
    }
  }

  async runs(dag: string, query = ''): Promise<Run[]> {
    const all: Run[] = [];
    for (let offset = 0; ; offset += 100) {
      const page = await this.call<{ dag_runs: Run[]; total_entries: number }>('GET', `/api/v2/dags/${dag}/dagRuns?limit=100&offset=${offset}${query}`);
      all.push(...page.dag_runs);
      if (page.dag_runs.length < 100) return all;
    }
  }

  async taskCount(dag: string, run: string): Promise<number> {
    const page = await this.call<{ total_entries: number }>('GET', `/api/v2/dags/${dag}/dagRuns/${encodeURIComponent(run)}/taskInstances?limit=1`);
    return page.total_entries;
  }

  pause(dag: string, paused: boolean): Promise<unknown> {
    return this.call('PATCH', `/api/v2/dags/${dag}`, { is_paused: paused });
  }
}

export async function airflowToken(url: string, username: string, password: string): Promise<string> {
  const response = await fetch(`${url}/auth/token`, { method: 'POST', headers: JSON_TYPE, body: JSON.stringify({ username, password }) });
  if (!response.ok) throw new Error(`airflow: /auth/token answered ${response.status}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

async function until(what: string, deadlineMs: number, done: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + deadlineMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`airflow: ${what} not done in ${deadlineMs / 1000} s`);
    await sleep(1000);
  }
}

/**
 * Each missing `bench__NNN` run of console_wide: created while the DAG is unpaused (the scheduler
 * creates a run's task instances only when it starts it), then marked success, which marks its 200
 * task instances too: no task is executed. Logical dates after the DAG's start_date, or Airflow
 * creates no task instance at all.
 */
async function ensureWideRuns(api: AirflowApi): Promise<void> {
  const have = new Map((await api.runs(WIDE_DAG, '&run_id_pattern=bench__')).map((run) => [run.dag_run_id, run.state]));
  const ids = Array.from({ length: WIDE_RUNS }, (_, i) => `${PREFIX}${String(i).padStart(3, '0')}`);
  const missing = ids.filter((id) => have.get(id) !== 'success');
  if (missing.length === 0) return;
  await api.pause(WIDE_DAG, false);
  try {
    for (const id of missing) {
      if (!have.has(id)) {
        const at = new Date(Date.UTC(2026, 1, 1) + ids.indexOf(id) * 3_600_000).toISOString();
        await api.call('POST', `/api/v2/dags/${WIDE_DAG}/dagRuns`, { dag_run_id: id, logical_date: at, note: 'bench: Airflow UI comparison' });
      }
      await until(`${id}'s ${WIDE_TASKS} task instances`, 120_000, async () => (await api.taskCount(WIDE_DAG, id)) >= WIDE_TASKS);
      await api.call('PATCH', `/api/v2/dags/${WIDE_DAG}/dagRuns/${id}`, { state: 'success' });
    }
  } finally {
    await api.pause(WIDE_DAG, true);
  }
}

/** A finished run of console_big_log (one is triggered, ~30 s, when there is none). */
async function ensureBigLog(api: AirflowApi): Promise<string> {
  const done = await api.runs(BIG_LOG_DAG, '&state=success');
  if (done.length > 0) return done[0].dag_run_id;
  const id = `${PREFIX}log_${Date.now()}`;
  await api.pause(BIG_LOG_DAG, false);
  try {
    await api.call('POST', `/api/v2/dags/${BIG_LOG_DAG}/dagRuns`, { dag_run_id: id, logical_date: null });
    await until(`${BIG_LOG_DAG} run ${id}`, 180_000, async () => {
      const run = await api.call<Run>('GET', `/api/v2/dags/${BIG_LOG_DAG}/dagRuns/${id}`);
      if (run.state === 'failed') throw new Error(`airflow: ${BIG_LOG_DAG} run ${id} failed`);
      return run.state === 'success';
    });
  } finally {
    await api.pause(BIG_LOG_DAG, true);
  }
  return id;
}

/** Creates only what is missing; answers the big log's run id. */
export async function ensureUiData(api: AirflowApi): Promise<{ logRun: string }> {
  await ensureWideRuns(api);
  return { logRun: await ensureBigLog(api) };
}
