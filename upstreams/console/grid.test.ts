import type { InternalAxiosRequestConfig } from 'axios';
import { expect, it } from 'vitest';
import { createAllowlist } from '../../server/workflow/upstream/allowlist';
import { forEachAirflow, type AirflowContext } from '../testing/airflowSuite';

// The grid of a 200-task DAG after our own run, read by the browser's adapter through the
// console's proxy: on Airflow 3.3 from the NDJSON ti_summaries call (never the per-run call, gone
// since 3.2, nor POST taskInstances/list, which writes an audit-log row each time).

const DAG = 'console_wide';
const TASKS = 200;
const RUN_DEADLINE_MS = 240_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits (bounded) for our run to finish, asking Airflow behind the console's back. */
async function finished(context: AirflowContext, runId: string): Promise<string> {
  const deadline = Date.now() + RUN_DEADLINE_MS;
  for (;;) {
    const run = (await context.airflow.get(`/dags/${DAG}/dagRuns/${encodeURIComponent(runId)}`)) as { state: string };
    if (run.state === 'success' || run.state === 'failed') return run.state;
    if (Date.now() > deadline) throw new Error(`${runId} still ${run.state} after ${RUN_DEADLINE_MS / 1000} s`);
    await sleep(1000);
  }
}

/** Unpaused for the test's own run, then put back as it was (others share this Airflow). */
async function whileUnpaused<T>(context: AirflowContext, body: () => Promise<T>): Promise<T> {
  const v1 = context.attached.running.api === 'v1';
  const pause = (value: boolean) => context.airflow.send('PATCH', `/dags/${DAG}${v1 ? '?update_mask=is_paused' : ''}`, { is_paused: value });
  const { is_paused: paused } = (await context.airflow.get(`/dags/${DAG}`)) as { is_paused: boolean };
  if (paused) await pause(false);
  try {
    return await body();
  } finally {
    if (paused) await pause(true);
  }
}

await forEachAirflow('The grid through the console', (context) => {
  it(`shows each of the ${TASKS} tasks' state for a run we triggered`, async () => {
    const { service, http } = await context().console.workflow('admin');
    const sent: string[] = [];
    http.interceptors.request.use((config: InternalAxiosRequestConfig) => {
      sent.push(`${(config.method ?? 'get').toUpperCase()} ${http.getUri(config).replace(/^.*\/api\/workflow/, '')}`);
      return config;
    });
    const run = await whileUnpaused(context(), async () => {
      const triggered = await service.triggerRun(DAG, { conf: {}, logicalDate: null, note: 'grid test' });
      expect(await finished(context(), triggered.runId)).toBe('success');
      return triggered;
    });
    const grid = await service.grid(DAG, { numRuns: 25 });
    expect(grid.runs.map((each) => each.runId)).toContain(run.runId);
    expect(grid.runs.find((each) => each.runId === run.runId)?.state).toBe('success');
    const leaves = grid.nodes.flatMap((node) => (node.children.length > 0 ? node.children : [node]));
    expect(leaves).toHaveLength(TASKS);
    const states = leaves.map((node) => node.instances[run.runId]?.state);
    expect(states.filter((state) => state === 'success' || state === 'skipped')).toHaveLength(TASKS);
    if (context().attached.running.api === 'v2') {
      const summaries = sent.filter((call) => call.includes('/ui/grid/ti_summaries/'));
      expect(summaries).toHaveLength(1);
      expect(summaries[0]).toMatch(new RegExp(`^GET /ui/grid/ti_summaries/${DAG}\\?run_ids=`));
      const [path, query] = summaries[0].slice(4).split('?');
      expect(createAllowlist('v2')('GET', path, query)).toMatchObject({ kind: 'forward', call: 'GET /ui/grid/ti_summaries/{}' });
      expect(sent.filter((call) => call.includes('taskInstances/list'))).toEqual([]);
    }
  }, RUN_DEADLINE_MS + 60_000);
});
