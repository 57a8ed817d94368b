import { afterAll, beforeAll, expect, it } from 'vitest';
import { EMPTY_LOG, readLogOn, type KeptLog } from '../../src/model/workflow/logReads';
import type { ViewOf } from '../../src/model/workflow/views';
import { forEachAirflow } from '../testing/airflowSuite';
import { setPaused, tiState, triggerOwnRun, waitForEnd } from '../testing/dagRuns';

// A try's log read through the console's client as the log pane reads it (readLogOn: on from what
// was kept), on the 100,000-line ANSI log of console_big_log: followed through Airflow's
// continuation token while the try runs, then read again by the console server's pages once it has
// ended (as a finished log is read).

const DAG = 'console_big_log';
const LINES = 100_000;
const EMPTY: KeptLog = EMPTY_LOG;

/** How many times each of the task's numbered lines appears: all LINES of them, once each. */
function lineCounts(text: string): { distinct: number; repeated: number } {
  const seen = new Map<string, number>();
  for (const match of text.matchAll(/line (\d{6}) /g)) seen.set(match[1], (seen.get(match[1]) ?? 0) + 1);
  return { distinct: seen.size, repeated: [...seen.values()].filter((n) => n > 1).length };
}

await forEachAirflow('Task logs through the console', (context) => {
  let runId = '';
  const view = (): ViewOf<'log'> => ({ kind: 'log', dagId: DAG, runId, taskId: 'shout', mapIndex: -1, tryNumber: 1 });

  beforeAll(async () => {
    const { airflow, attached } = context();
    await setPaused(airflow, attached.running.api, DAG, false);
    runId = await triggerOwnRun(airflow, attached.running.api, DAG);
  }, 60_000);
  afterAll(async () => {
    const { airflow, attached } = context();
    await setPaused(airflow, attached.running.api, DAG, true);
  }, 60_000);

  it('follows a running try to its end: each line once, none read again after the end', async () => {
    const { airflow, console } = context();
    const { service } = await console.workflow('editor');
    const started = Date.now();
    while ((await tiState(airflow, DAG, runId, 'shout')) !== 'running' && Date.now() - started < 180_000) await new Promise((r) => setTimeout(r, 500));
    let log = EMPTY;
    let reads = 0;
    while (!log.endOfLog && Date.now() - started < 300_000) {
      log = await readLogOn(service, view(), log, { running: true });
      reads += 1;
      if (!log.endOfLog) await new Promise((r) => setTimeout(r, 1000));
    }
    expect(log.endOfLog).toBe(true);
    expect(reads).toBeGreaterThan(0);
    expect(lineCounts(log.content).distinct).toBeGreaterThan(LINES * 0.99);
    expect((await waitForEnd(airflow, DAG, runId, 120_000)).state).toBe('success');
    // The try has ended: its log is read again by pages, from its top, each line once (Airflow's
    // positions in a file still being written can miss or repeat a line at the edge of a token read).
    const ended = await readLogOn(service, view(), log, { running: false });
    expect(ended.paged).toEqual({ first: 0, next: null });
    expect(lineCounts(ended.content)).toEqual({ distinct: LINES, repeated: 0 });
    // The pane reads again on every reopen: an ended log is not read again.
    expect(await readLogOn(service, view(), ended, { running: false })).toBe(ended);
  }, 420_000);

  it('reads a finished log by pages, as text (no Python repr), the same text as Airflow gives whole', async () => {
    const { airflow, console, attached } = context();
    await waitForEnd(airflow, DAG, runId, 240_000);
    const { service } = await console.workflow('editor');
    const first = await readLogOn(service, view(), EMPTY, { running: false });
    expect(first.endOfLog).toBe(true);
    expect(first.paged).toEqual({ first: 0, next: null });
    expect(lineCounts(first.content)).toEqual({ distinct: LINES, repeated: 0 });
    // Airflow 3 keeps the task's ANSI colours; Airflow 2 strips them from what a task prints (logging_mixin).
    expect(first.content).toContain(attached.running.api === 'v2' ? '\x1b[31mINFO\x1b[0m line 000000 \x1b[1mrecord\x1b[0m' : 'INFO line 000000 record id=0\n');
    expect(first.content).not.toContain("[('");
    expect(first.content).not.toContain('\\x1b');
    expect(first.content).not.toContain('\\n');
    // The pages (Airflow's stream, read by the console server) say the log as the client says Airflow's whole JSON answer.
    expect((await service.getLog(DAG, runId, 'shout', -1, 1, null)).content).toBe(first.content);
    // Reopened: what was kept is shown and nothing is read on; read afresh: the same text.
    expect(await readLogOn(service, view(), first, { running: false })).toBe(first);
    expect((await readLogOn(service, view(), EMPTY, { running: false })).content).toBe(first.content);
  }, 420_000);

  it('gives a page from the middle of the log, and the whole log as a file', async () => {
    const { airflow, console } = context();
    await waitForEnd(airflow, DAG, runId, 240_000);
    const { service, http } = await console.workflow('editor');
    const whole = (await readLogOn(service, view(), EMPTY, { running: false })).content.replace(/\n$/, '').split('\n');
    const page = await service.getLogPage(DAG, runId, 'shout', -1, 1, 50_000, 7);
    expect(page).toEqual({ lines: whole.slice(50_000, 50_007), cursor: 50_000, next: 50_007 });
    const last = await service.getLogPage(DAG, runId, 'shout', -1, 1, whole.length - 2, 20_000);
    expect(last).toEqual({ lines: whole.slice(-2), cursor: whole.length - 2, next: null });
    const file = await http.get<string>(service.logDownloadUrl(DAG, runId, 'shout', -1, 1), { responseType: 'text' });
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="console_big_log__/);
    expect(file.data).toBe(`${whole.join('\n')}\n`);
    await expect(service.getLogPage(DAG, runId, 'shout', -1, 1, -1, 10)).rejects.toThrow(/Bad cursor/);
  }, 420_000);
});
