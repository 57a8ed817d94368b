import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import type { Dag, DagRun, LogChunk, Page, WorkflowService } from '../../../contracts/workflow';
import { LOG_PAGE_LINES, LOG_READ_LINES, LOG_WINDOW_LINES, type KeptLog } from '../../model/workflow/logReads';
import { freshDbs } from '../../db/testing/db';
import { readWorkflowView, readWorkflowViews } from '../../db/workflowViews';
import { httpError, networkError } from '../../sync/api/testing/httpErrors';
import { refreshWatchedViews } from '../../sync/caches/workflowViews';
import { viewKey } from '../../model/workflow/views';
import type { Notice } from '../core';
import { createWorkflows } from './workflows';

const openDb = freshDbs('workflows');

const dag = (id: string): Dag => ({
  id, displayName: id, description: null, isPaused: false, isActive: true, owners: ['ana'], tags: [], schedule: '@daily',
  nextRun: null, sourceKey: id, fileloc: `/dags/${id}.py`, hasImportErrors: false, maxActiveRuns: 16,
});
const run = (runId: string): DagRun => ({
  dagId: 'etl', runId, state: 'queued', runType: 'manual', logicalDate: null, runAfter: '2026-11-25T10:00:00Z', queuedAt: null,
  startDate: null, endDate: null, conf: {}, note: null, triggeredBy: 'rest_api',
});

function setup(service: Partial<WorkflowService>) {
  const db = openDb();
  const notices: Notice[] = [];
  let clock = 1_000_000;
  const refreshWatched = vi.fn();
  const workflows = createWorkflows({ db, service: service as WorkflowService, notify: (n) => notices.push(n), refreshWatched, graphs: { layout: () => Promise.reject(new Error('no layout here')), stop: () => undefined }, now: () => clock });
  return { db, notices, workflows, refreshWatched, advance: (ms: number) => (clock += ms), now: () => clock };
}

const dagsView = { kind: 'dags' as const, query: { limit: 10, offset: 0 } };

describe('workflow views', () => {
  it('keeps an answer for every tab, asks again only when it is old, and keeps it when the server is gone', async () => {
    const listDags = vi.fn<WorkflowService['listDags']>().mockResolvedValue({ items: [dag('etl')], total: 1 });
    const { db, workflows, advance } = setup({ listDags });
    await workflows.show(dagsView);
    await workflows.show(dagsView);
    expect(listDags).toHaveBeenCalledTimes(1);
    expect((await readWorkflowView(db, dagsView)).value).toEqual({ items: [dag('etl')], total: 1 });

    advance(60_000);
    listDags.mockRejectedValueOnce(networkError());
    await workflows.show(dagsView);
    const kept = await readWorkflowView(db, dagsView);
    expect(kept.value).toEqual({ items: [dag('etl')], total: 1 } satisfies Page<Dag>);
    expect(kept.error).toBe('The workflow server could not be reached');
  });

  it('the poller refreshes only what a tab looked at in the last minute', async () => {
    const listDags = vi.fn<WorkflowService['listDags']>().mockResolvedValue({ items: [], total: 0 });
    const { db, workflows, advance, now } = setup({ listDags });
    await workflows.show(dagsView);
    advance(30_000);
    expect(await refreshWatchedViews(db, { listDags } as unknown as WorkflowService, now, new AbortController().signal)).toBe(1);
    advance(61_000);
    expect(await refreshWatchedViews(db, { listDags } as unknown as WorkflowService, now, new AbortController().signal)).toBe(0);
    expect(listDags).toHaveBeenCalledTimes(2);
  });

  it('polls a grid only while some run is unfinished; a trigger resumes it at once, a new run shows on the slow check', async () => {
    const gridView = { kind: 'grid' as const, dagId: 'etl', numRuns: 25 };
    const finished = { ...run('r1'), state: 'success' as const };
    const grid = vi.fn<WorkflowService['grid']>().mockResolvedValue({ runs: [{ ...run('r1'), state: 'running' }], nodes: [] });
    const triggerRun = vi.fn<WorkflowService['triggerRun']>().mockResolvedValue(run('r2'));
    const service = { grid, triggerRun } as unknown as WorkflowService;
    const { db, workflows, advance, now } = setup({ grid, triggerRun });
    const poll = () => refreshWatchedViews(db, service, now, new AbortController().signal);
    await workflows.show(gridView);
    grid.mockResolvedValue({ runs: [finished], nodes: [] });
    advance(5_000);
    expect(await poll()).toBe(1);
    advance(5_000);
    expect(await poll()).toBe(0);
    advance(15_000);
    await workflows.show(gridView);
    expect(grid).toHaveBeenCalledTimes(2);
    // Triggered: the grid is asked at once and has an unfinished run again.
    grid.mockResolvedValue({ runs: [finished, run('r2')], nodes: [] });
    await workflows.trigger('etl', { confText: '{}', logicalDate: null });
    expect(grid).toHaveBeenCalledTimes(3);
    advance(5_000);
    expect(await poll()).toBe(1);
    // All finished again: the next ask is the slow check, a minute on.
    grid.mockResolvedValue({ runs: [finished, { ...run('r2'), state: 'failed' }], nodes: [] });
    advance(5_000);
    await poll();
    advance(30_000);
    expect(await poll()).toBe(0);
    // The tab still shows it: noted as watched, not asked.
    const asked = grid.mock.calls.length;
    await workflows.show(gridView);
    expect(grid).toHaveBeenCalledTimes(asked);
    advance(30_000);
    expect(await poll()).toBe(1);
    expect(grid).toHaveBeenCalledTimes(asked + 1);
  });
});

describe('a view the server asks to be asked again later (Retry-After)', () => {
  it('keeps its reason, is not asked again before the time given, is no failure to back off from, and shows once answered', async () => {
    const gridView = { kind: 'grid' as const, dagId: 'wide', numRuns: 25 };
    const stillReading = httpError(504, { detail: "Airflow is still reading the DAG's structure (31 s so far)" }, { 'retry-after': '30' });
    const grid = vi.fn<WorkflowService['grid']>().mockRejectedValue(stillReading);
    const service = { grid } as unknown as WorkflowService;
    const { db, workflows, advance, now } = setup({ grid });
    const poll = () => refreshWatchedViews(db, service, now, new AbortController().signal);
    await workflows.show(gridView);
    expect(await db.workflowViews.get(viewKey(gridView))).toMatchObject({ error: expect.stringMatching(/still reading/), retryAt: now() + 30_000 });
    advance(10_000);
    expect(await poll()).toBe(0); // before Retry-After: not asked
    expect(grid).toHaveBeenCalledTimes(1);
    advance(20_000);
    await expect(poll()).resolves.toBe(1); // asked, asked later again: resolved, so the poller does not back off
    expect(grid).toHaveBeenCalledTimes(2);
    grid.mockResolvedValue({ runs: [{ ...run('r1'), state: 'running' }], nodes: [] });
    advance(30_000);
    expect(await poll()).toBe(1);
    const kept = await db.workflowViews.get(viewKey(gridView));
    expect(kept?.value).toMatchObject({ runs: [{ runId: 'r1' }] });
    expect(kept?.retryAt).toBeUndefined();
    expect(kept?.error).toBeUndefined();
  });

  it('a failure without Retry-After is still thrown, so the poller backs off', async () => {
    const gridView = { kind: 'grid' as const, dagId: 'wide', numRuns: 25 };
    const grid = vi.fn<WorkflowService['grid']>().mockRejectedValue(httpError(504, { detail: 'Gateway Timeout' }));
    const { db, workflows, now } = setup({ grid });
    await workflows.show(gridView);
    await expect(refreshWatchedViews(db, { grid } as unknown as WorkflowService, now, new AbortController().signal)).rejects.toThrow(/504/);
  });
});

describe('trigger', () => {
  it('refuses a conf that is not a JSON object before anything is sent', async () => {
    const triggerRun = vi.fn<WorkflowService['triggerRun']>();
    const { workflows } = setup({ triggerRun });
    expect(await workflows.trigger('etl', { confText: '{"a": ', logicalDate: null })).toMatchObject({ ok: false, field: 'conf', message: expect.stringMatching(/^Conf is not valid JSON/) });
    expect(await workflows.trigger('etl', { confText: '[1, 2]', logicalDate: null })).toMatchObject({ ok: false, field: 'conf', message: expect.stringMatching(/must be a JSON object/) });
    expect(triggerRun).not.toHaveBeenCalled();
  });

  it('sends the conf and date, says so, and refreshes the views of that DAG', async () => {
    const triggerRun = vi.fn<WorkflowService['triggerRun']>().mockResolvedValue(run('manual__1'));
    const listDags = vi.fn<WorkflowService['listDags']>().mockResolvedValue({ items: [dag('etl')], total: 1 });
    const { workflows, notices, refreshWatched } = setup({ triggerRun, listDags });
    await workflows.show(dagsView);
    const outcome = await workflows.trigger('etl', { confText: '{"day": "2026-11-25"}', logicalDate: '2026-11-25T00:00:00.000Z' });
    expect(outcome).toEqual({ ok: true, run: run('manual__1') });
    expect(triggerRun).toHaveBeenCalledWith('etl', { conf: { day: '2026-11-25' }, logicalDate: '2026-11-25T00:00:00.000Z', note: undefined });
    expect(notices).toEqual([{ kind: 'success', message: 'Triggered etl: manual__1' }]);
    expect(listDags).toHaveBeenCalledTimes(2);
    expect(refreshWatched).toHaveBeenCalled();
  });

  it('a refusal of the server is shown in the dialog, not lost', async () => {
    const { workflows } = setup({ triggerRun: vi.fn().mockRejectedValue(new Error('DAG with dag_id: etl not found')) });
    expect(await workflows.trigger('etl', { confText: '', logicalDate: null })).toEqual({ ok: false, field: 'server', message: 'DAG with dag_id: etl not found' });
  });
});

describe('actions', () => {
  it('pausing says what it did, or why it failed', async () => {
    const setPaused = vi.fn<WorkflowService['setPaused']>().mockResolvedValueOnce({ ...dag('etl'), isPaused: true }).mockRejectedValueOnce(networkError());
    const { workflows, notices } = setup({ setPaused });
    await workflows.setPaused('etl', true);
    await workflows.setPaused('etl', false);
    expect(notices).toEqual([
      { kind: 'success', message: 'DAG etl paused' },
      { kind: 'error', message: 'Failed to unpause DAG: The workflow server could not be reached' },
    ]);
  });
});

describe('logs', () => {
  const logView = { kind: 'log' as const, dagId: 'etl', runId: 'r1', taskId: 't', mapIndex: 7, tryNumber: 1 };
  /** A finished log of `total` lines, `line <n>`, paged as the console server pages it. */
  const pagedLog = (total: number) =>
    vi.fn<WorkflowService['getLogPage']>().mockImplementation(async (_d, _r, _t, _m, _try, cursor, limit) => {
      const end = Math.min(total, cursor + limit);
      return { lines: Array.from({ length: Math.max(0, end - cursor) }, (_, i) => `line ${cursor + i}`), cursor, next: end >= total ? null : end };
    });

  it('follows a running try with the continuation token, and reads it again by pages from the top once it has ended', async () => {
    const chunks: LogChunk[] = [
      { content: 'line 0\n', token: 'a', endOfLog: false },
      { content: '', token: 'a', endOfLog: false },
      { content: 'line 1\nline 1\n', token: 'b', endOfLog: true },
    ];
    const getLog = vi.fn<WorkflowService['getLog']>().mockImplementation(async () => chunks.shift()!);
    const getLogPage = pagedLog(2);
    const { db, workflows } = setup({ getLog, getLogPage });
    await workflows.readLog(logView, { running: true });
    expect((await readWorkflowView(db, logView)).value).toEqual({ content: 'line 0\n', token: 'a', endOfLog: false });
    await workflows.readLog(logView, { running: true });
    expect(getLog).toHaveBeenLastCalledWith('etl', 'r1', 't', 7, 1, 'a');
    expect((await readWorkflowView(db, logView)).value).toEqual({ content: 'line 0\nline 1\nline 1\n', token: 'b', endOfLog: true });
    await workflows.readLog(logView, { running: true });
    expect(getLog).toHaveBeenCalledTimes(3);
    // The try has ended: the token read repeated a line at its edge; the pages say each line once.
    await workflows.readLog(logView, { running: false });
    expect((await readWorkflowView(db, logView)).value).toEqual({ content: 'line 0\nline 1\n', token: null, endOfLog: true, paged: { first: 0, next: null } });
    await workflows.readLog(logView, { running: false });
    expect(getLog).toHaveBeenCalledTimes(3);
    expect(getLogPage).toHaveBeenCalledTimes(1);
  });

  it('reads a finished log by pages, a bounded window of it, loading on and back as the reader asks', async () => {
    const total = LOG_WINDOW_LINES + LOG_READ_LINES + 5;
    const getLogPage = pagedLog(total);
    const { db, workflows } = setup({ getLogPage });
    const kept = async () => (await readWorkflowView(db, logView)).value!;
    const written = vi.fn();
    db.workflowViews.hook('updating', (changes: { value?: KeptLog }) => void (changes.value && written(changes.value.paged)));
    await workflows.readLog(logView, { running: false });
    expect((await kept()).paged).toEqual({ first: 0, next: LOG_READ_LINES });
    // The first page was kept (and shown) before the rest of the first read.
    expect(written.mock.calls[0]).toEqual([{ first: 0, next: LOG_PAGE_LINES }]);
    expect(getLogPage.mock.calls.every((call) => call[6] <= LOG_PAGE_LINES)).toBe(true);
    // Opened again, nothing more is read: the next lines come when the reader asks for them.
    await workflows.readLog(logView, { running: false });
    expect((await kept()).paged).toEqual({ first: 0, next: LOG_READ_LINES });
    for (let read = 0; read < 3; read += 1) await workflows.readLog(logView, { running: false, more: true });
    const end = await kept();
    // The window moved on: its top lines were let go, its lines are the log's last ones, in order.
    expect(end.paged).toEqual({ first: total - LOG_WINDOW_LINES, next: null });
    expect(end.endOfLog).toBe(true);
    const lines = end.content.replace(/\n$/, '').split('\n');
    expect(lines).toHaveLength(LOG_WINDOW_LINES);
    expect([lines[0], lines.at(-1)]).toEqual([`line ${total - LOG_WINDOW_LINES}`, `line ${total - 1}`]);
    await workflows.readLogBack(logView);
    const back = await kept();
    expect(back.paged).toEqual({ first: total - LOG_WINDOW_LINES - LOG_READ_LINES, next: total - LOG_READ_LINES });
    expect(back.endOfLog).toBe(false);
    expect(back.content.startsWith(`line ${total - LOG_WINDOW_LINES - LOG_READ_LINES}\n`)).toBe(true);
  });

  it('offline, what was read stays and the reason is kept beside it', async () => {
    const getLog = vi.fn<WorkflowService['getLog']>().mockResolvedValueOnce({ content: 'kept\n', token: null, endOfLog: false }).mockRejectedValueOnce(networkError());
    const { db, workflows } = setup({ getLog });
    await workflows.readLog(logView, { running: true });
    await workflows.readLog(logView, { running: true });
    const kept = await readWorkflowView(db, logView);
    expect(kept.value?.content).toBe('kept\n');
    expect(kept.error).toBe('The workflow server could not be reached');
  });
});

describe('the poller offline', () => {
  it('marks every watched view with the failure, not only the first, and still backs off', async () => {
    const fail = vi.fn().mockRejectedValue(networkError());
    const { db, workflows, advance, now } = setup({ listDags: vi.fn().mockResolvedValue({ items: [], total: 0 }), getDag: vi.fn().mockResolvedValue(dag('etl')) });
    const dagView = { kind: 'dag' as const, dagId: 'etl' };
    await workflows.show(dagsView);
    await workflows.show(dagView);
    advance(1000);
    const offline = { listDags: fail, getDag: fail } as unknown as WorkflowService;
    await expect(refreshWatchedViews(db, offline, now, new AbortController().signal)).rejects.toThrow('Network Error');
    expect((await readWorkflowView(db, dagsView)).error).toBe('The workflow server could not be reached');
    expect((await readWorkflowView(db, dagView)).error).toBe('The workflow server could not be reached');
    expect((await readWorkflowView(db, dagView)).value).toEqual(dag('etl'));
  });
});

describe('writes the screens would read again for nothing', () => {
  it('an unchanged answer leaves the row alone for a minute, then renews its age; a changed one is written at once', async () => {
    const listDags = vi.fn<WorkflowService['listDags']>().mockResolvedValue({ items: [dag('etl')], total: 1 });
    const { db, workflows, advance } = setup({ listDags });
    await workflows.show(dagsView);
    const first = (await readWorkflowView(db, dagsView)).fetchedAt!;
    advance(20_000);
    await workflows.show(dagsView, { force: true });
    expect((await readWorkflowView(db, dagsView)).fetchedAt).toBe(first);
    advance(50_000);
    await workflows.show(dagsView, { force: true });
    expect((await readWorkflowView(db, dagsView)).fetchedAt).toBe(first + 70_000);
    listDags.mockResolvedValueOnce({ items: [], total: 0 });
    advance(1000);
    await workflows.show(dagsView, { force: true });
    expect((await readWorkflowView(db, dagsView)).value).toEqual({ items: [], total: 0 });
  });
});

describe('a list of rows each with its own view (the DAG list’s recent runs)', () => {
  const runsView = (dagId: string) => ({ kind: 'runs' as const, dagId, query: { limit: 10, offset: 0 } });

  it('notes and fetches them as one: one write for all answers, each kept in its own row, a fresh one not asked again', async () => {
    const listRuns = vi.fn<WorkflowService['listRuns']>(async (dagId) => ({ items: [{ ...run(`${dagId}-1`), dagId }], total: 1 }));
    const { db, workflows, advance } = setup({ listRuns });
    await workflows.showAll([runsView('etl'), runsView('ml')]);
    expect(listRuns.mock.calls.map(([dagId]) => dagId).sort()).toEqual(['etl', 'ml']);

    const writes: string[] = [];
    db.workflowViews.hook('creating', (key) => void writes.push(String(key)));
    db.workflowViews.hook('updating', (_changes, key) => void writes.push(String(key)));
    // A next page that shares a DAG: only the new one is asked for.
    advance(1000);
    await workflows.showAll([runsView('ml'), runsView('web')]);
    expect(listRuns.mock.calls.map(([dagId]) => dagId).sort()).toEqual(['etl', 'ml', 'web']);
    const read = await readWorkflowViews(db, [runsView('etl'), runsView('ml'), runsView('web')]);
    expect(read.map((c) => c.value?.items[0].runId)).toEqual(['etl-1', 'ml-1', 'web-1']);
    // The new row is written when noted and when answered; nothing else is touched.
    expect(writes.filter((k) => !k.includes('"web"'))).toEqual([]);
  });

  it('a DAG whose runs cannot be read keeps its failure; the others are kept', async () => {
    const listRuns = vi.fn<WorkflowService['listRuns']>(async (dagId) => {
      if (dagId === 'ml') throw networkError();
      return { items: [{ ...run(`${dagId}-1`), dagId }], total: 1 };
    });
    const { db, workflows } = setup({ listRuns });
    await workflows.showAll([runsView('etl'), runsView('ml')]);
    const [etl, ml] = await readWorkflowViews(db, [runsView('etl'), runsView('ml')]);
    expect(etl.value?.items).toHaveLength(1);
    expect(etl.error).toBeUndefined();
    expect(ml.value).toBeUndefined();
    expect(ml.error).toBe('The workflow server could not be reached');
  });
});
