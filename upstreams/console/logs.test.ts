import { afterAll, beforeAll, expect, it } from 'vitest';
import type { LogChunk } from '../../contracts/workflow';
import { readLogFrom, type ViewOf } from '../../src/model/workflow/views';
import { forEachAirflow } from '../testing/airflowSuite';
import { setPaused, tiState, triggerOwnRun, waitForEnd } from '../testing/dagRuns';

// A try's log read through the console's client as the log pane reads it (readLogFrom: on from what
// was kept, through the upstream's continuation token), on the 100,000-line ANSI log of
// console_big_log: followed while the try runs, then read again once it has ended.

const DAG = 'console_big_log';
const LINES = 100_000;
const EMPTY: LogChunk = { content: '', token: null, endOfLog: false };

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
      log = await readLogFrom(service, view(), log);
      reads += 1;
      if (!log.endOfLog) await new Promise((r) => setTimeout(r, 1000));
    }
    expect(log.endOfLog).toBe(true);
    expect(reads).toBeGreaterThan(0);
    expect(lineCounts(log.content)).toEqual({ distinct: LINES, repeated: 0 });
    // The pane reads again when the try ends and on every reopen: an ended log is not read again.
    expect((await readLogFrom(service, view(), log)).content).toBe(log.content);
    expect((await waitForEnd(airflow, DAG, runId, 120_000)).state).toBe('success');
  }, 420_000);

  it('reads a finished log once, as text (no Python repr), the same every time', async () => {
    const { airflow, console, attached } = context();
    await waitForEnd(airflow, DAG, runId, 240_000);
    const { service } = await console.workflow('editor');
    const first = await readLogFrom(service, view(), EMPTY);
    expect(first.endOfLog).toBe(true);
    expect(lineCounts(first.content)).toEqual({ distinct: LINES, repeated: 0 });
    // Airflow 3 keeps the task's ANSI colours; Airflow 2 strips them from what a task prints (logging_mixin).
    expect(first.content).toContain(attached.running.api === 'v2' ? '\x1b[31mINFO\x1b[0m line 000000 \x1b[1mrecord\x1b[0m' : 'INFO line 000000 record id=0\n');
    expect(first.content).not.toContain("[('");
    expect(first.content).not.toContain('\\x1b');
    expect(first.content).not.toContain('\\n');
    // Reopened: what was kept is shown and nothing is read on; read afresh: the same text.
    expect(await readLogFrom(service, view(), first)).toEqual(first);
    expect((await readLogFrom(service, view(), EMPTY)).content).toBe(first.content);
    if (attached.running.api === 'v2') expect(first.token).toBeNull();
  }, 420_000);
});
