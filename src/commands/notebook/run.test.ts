import { describe, expect, it, vi } from 'vitest';
import { waitFor } from 'xstate';
import type { KernelModel, RunDone, RunEvent } from '../../../contracts/kernels';
import type { KernelsApi } from '../../sync/api/kernels.api';
import { createNotebookRun } from './run';

const kernel: KernelModel = { id: 'k1', name: 'python', provider: 'pyodide', execution_state: 'idle', last_activity: '', owner: 'ann', path: 'a.ipynb' };

/** A kernels API whose runs print their code and end when the test says so. */
function fakeApi() {
  const runs: { code: string; finish: (done: RunDone) => void; signal?: AbortSignal }[] = [];
  const api = {
    start: vi.fn(async () => kernel),
    interrupt: vi.fn(async () => kernel),
    restart: vi.fn(async () => kernel),
    shutdown: vi.fn(async () => {}),
    run: vi.fn(
      (body: { code: string }, onEvent: (event: RunEvent) => void, signal?: AbortSignal) =>
        new Promise<RunDone>((finish) => {
          onEvent({ type: 'output', output: { output_type: 'stream', name: 'stdout', text: `${body.code}\n` } });
          runs.push({ code: body.code, finish, signal });
        }),
    ),
  };
  return { api: api as unknown as KernelsApi, calls: api, runs };
}

function setup() {
  const fake = fakeApi();
  const record = vi.fn();
  const run = createNotebookRun({ api: fake.api, notify: vi.fn(), path: 'a.ipynb', record, changed: () => {} });
  return { ...fake, record, run };
}

const cell = (id: string) => ({ id, source: id, language: 'python' as const });
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('NotebookRun', () => {
  it('starts a kernel for the notebook at the first run, runs cells one at a time in order and records each at done', async () => {
    const { run, runs, record, calls } = setup();
    await run.run([cell('a'), cell('b')]);
    expect(calls.start).toHaveBeenCalledWith({ path: 'a.ipynb' });
    await vi.waitFor(() => expect(runs.map((r) => r.code)).toEqual(['a']));
    expect(run.view().cells.b.state).toBe('queued');

    runs[0].finish({ type: 'done', execution_count: 1, status: 'ok' });
    await vi.waitFor(() => expect(record).toHaveBeenCalledWith('a', [{ output_type: 'stream', name: 'stdout', text: 'a\n' }], 1));
    await vi.waitFor(() => expect(runs.map((r) => r.code)).toEqual(['a', 'b']));
    expect(run.view().cells.a.state).toBe('succeeded');
    expect(run.view().cells.b.state).toBe('running');
  });

  it('shows the cells queued while their kernel starts, and runs them on it once it is up', async () => {
    const { run, runs, calls } = setup();
    let started = (_: KernelModel) => {};
    calls.start.mockImplementationOnce(() => new Promise<KernelModel>((resolve) => (started = resolve)));
    const running = run.run([cell('a'), cell('b')]);
    await flush();
    expect(run.view().cells.a.state).toBe('queued');
    expect(run.view().cells.b.state).toBe('queued');
    expect(runs).toHaveLength(0);
    started(kernel);
    await running;
    await vi.waitFor(() => expect(runs.map((r) => r.code)).toEqual(['a']));
    expect(calls.run.mock.calls[0][0]).toMatchObject({ kernelId: 'k1' });
  });

  it('a SQL cell runs on the warehouse at its place with a runId, and its stop cancels the query there', async () => {
    const { run, calls } = setup();
    const cancelRun = vi.fn(async () => {});
    Object.assign(calls, { cancelRun });
    await run.run([{ id: 's', source: 'select 1', language: 'sql', place: { databaseId: 2, schema: 'gaming' } }]);
    await vi.waitFor(() => expect(calls.run).toHaveBeenCalledTimes(1));
    const body = calls.run.mock.calls[0][0] as unknown as Record<string, unknown>;
    expect(body).toMatchObject({ code: 'select 1', language: 'sql', database_id: 2, schema: 'gaming' });
    expect(String(body.runId)).toMatch(/^[0-9A-Z]{11}$/);
    expect(calls.start).not.toHaveBeenCalled();
    run.abort('s');
    await flush();
    expect(cancelRun).toHaveBeenCalledWith(body.runId);
    expect(run.view().cells.s).toMatchObject({ state: 'cancelled', output: 'Execution cancelled' });
  });

  it('interrupt cancels the running cell, dequeues the others and asks the kernel', async () => {
    const { run, runs, calls, record } = setup();
    await run.run([cell('a'), cell('b')]);
    await vi.waitFor(() => expect(runs).toHaveLength(1));
    run.interrupt();
    await flush();
    // The run goes on until the kernel ends it: its KeyboardInterrupt and its count are the kernel's.
    expect(run.view().cells.a.state).toBe('running');
    expect(run.view().cells.b.state).toBe('idle');
    runs[0].finish({ type: 'done', execution_count: 6, status: 'error' });
    await vi.waitFor(() => expect(run.view().cells.a).toMatchObject({ state: 'cancelled', output: 'Execution cancelled', runningNumber: 6 }));
    await waitFor(run.kernel, (s) => s.value === 'idle');
    expect(calls.interrupt).toHaveBeenCalledWith('k1');
    expect(record.mock.calls.map(([id]) => id)).toEqual(['a']);
    // The queue is free again: the next run starts at once.
    await run.run([cell('c')]);
    await vi.waitFor(() => expect(runs.map((r) => r.code)).toEqual(['a', 'c']));
  });

  it('a kernel removed elsewhere leaves the notebook without one', async () => {
    const { run } = setup();
    await run.run([cell('a')]);
    run.heard({ type: 'kernel', kernel: { ...kernel, execution_state: 'busy' } });
    expect(run.view().kernel.state).toBe('busy');
    run.heard({ type: 'kernel_removed', id: 'k1', owner: 'ann' });
    expect(run.view().kernel.state).toBe('none');
    expect(run.view().cells.a.state).toBe('cancelled');
  });

  it('aborting a queued cell takes it out of the queue: the cells after it, and later runs, still run', async () => {
    const { run, runs } = setup();
    await run.run([cell('a'), cell('b'), cell('c')]);
    await vi.waitFor(() => expect(runs).toHaveLength(1));
    run.abort('b');
    runs[0].finish({ type: 'done', execution_count: 1, status: 'ok' });
    await vi.waitFor(() => expect(runs.map((r) => r.code)).toEqual(['a', 'c']));
    runs[1].finish({ type: 'done', execution_count: 2, status: 'ok' });
    await run.run([cell('d')]);
    await vi.waitFor(() => expect(runs.map((r) => r.code)).toEqual(['a', 'c', 'd']));
  });

  it('restart and run all restarts the kernel, then runs the cells in order, stopping at the first error', async () => {
    const { run, runs, calls } = setup();
    await run.run([cell('x')]);
    await vi.waitFor(() => expect(runs).toHaveLength(1));
    runs[0].finish({ type: 'done', execution_count: 1, status: 'ok' });
    const all = run.restartAndRunAll([cell('a'), cell('b'), cell('c')]);
    await vi.waitFor(() => expect(runs.map((r) => r.code)).toEqual(['x', 'a']));
    expect(calls.restart).toHaveBeenCalledWith('k1');
    runs[1].finish({ type: 'done', execution_count: 1, status: 'ok' });
    await vi.waitFor(() => expect(runs.map((r) => r.code)).toEqual(['x', 'a', 'b']));
    runs[2].finish({ type: 'done', execution_count: 2, status: 'error' });
    await all;
    expect(runs.map((r) => r.code)).toEqual(['x', 'a', 'b']);
    expect(run.view().cells.b.state).toBe('failed');
  });
});
