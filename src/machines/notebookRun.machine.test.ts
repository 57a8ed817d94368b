import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, type ActorRefFrom } from 'xstate';
import type { KernelModel, RunDone } from '../../contracts/kernels';
import type { CellMachineEvent, RunCellInput } from './cell.machine';
import { kernelMachine, RESTART_AND_RUN_ALL_FAILED_MESSAGE } from './kernel.machine';
import { notebookRunMachine, runCellMachine, type RunnableCell } from './notebookRun.machine';

const model: KernelModel = { id: 'k1', name: 'python3', provider: 'pyodide', execution_state: 'idle', last_activity: '', owner: 'ann', path: 'a.ipynb' };

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

/** A run whose kernel calls answer when the test says so, and whose cells' runs end when the test says so. */
function start(existing: KernelModel | null = model) {
  const calls: string[] = [];
  const notices: unknown[] = [];
  const recorded: [string, number | null][] = [];
  const runs: { input: RunCellInput; end: (done: RunDone['status'], count?: number) => void }[] = [];
  const answers = { start: deferred<KernelModel>(), interrupt: deferred<KernelModel>(), restart: deferred<KernelModel>() };
  const call = <T, I>(name: keyof typeof answers | 'shutdown', answer: () => Promise<T>) => fromPromise<T, I>(() => (calls.push(name), answer()));
  const machine = notebookRunMachine.provide({
    actors: {
      kernel: kernelMachine.provide({
        actors: {
          startKernel: call('start', () => answers.start.promise),
          interruptKernel: call('interrupt', () => answers.interrupt.promise),
          restartKernel: call('restart', () => answers.restart.promise),
          shutdownKernel: call('shutdown', async () => {}),
        },
      }),
      cell: runCellMachine.provide({
        actors: {
          runCell: fromCallback<CellMachineEvent, RunCellInput>(({ input, sendBack }) => {
            runs.push({ input, end: (status, count = runs.length) => sendBack({ type: 'RUN_DONE', done: { type: 'done', status, execution_count: count } }) });
          }),
        },
      }),
    },
    actions: {
      notify: (_, notice) => void notices.push(notice),
      record: (_, { cellId, executionCount }) => void recorded.push([cellId, executionCount]),
    },
  });
  const actor = createActor(machine, { input: { path: 'a.ipynb', existing } }).start();
  const cell = (id: string) => actor.getSnapshot().context.cells[id] as ActorRefFrom<typeof runCellMachine>;
  return {
    actor,
    calls,
    notices,
    recorded,
    runs,
    answers,
    ran: () => runs.map((run) => run.input.cellId),
    cellState: (id: string) => cell(id)?.getSnapshot().value,
    kernelState: () => (actor.getSnapshot().children.kernel as ActorRefFrom<typeof kernelMachine>).getSnapshot().value,
  };
}

const py = (id: string): RunnableCell => ({ id, source: `print("${id}")`, language: 'python' });
const sql = (id: string): RunnableCell => ({ id, source: 'select 1', language: 'sql', place: { databaseId: 1, schema: null } });

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('notebookRunMachine', () => {
  it('queues at once, starts a kernel for Python cells, then runs them one at a time in order, recording each', async () => {
    const run = start(null);
    run.actor.send({ type: 'RUN', cells: [py('a'), py('b'), py('c')] });
    expect(run.calls).toEqual(['start']);
    expect(run.actor.getSnapshot().matches({ queue: 'waiting' })).toBe(true);
    expect(['a', 'b', 'c'].map(run.cellState)).toEqual(['queued', 'queued', 'queued']);
    run.answers.start.resolve(model);
    await vi.runAllTimersAsync();
    expect(run.ran()).toEqual(['a']);
    expect(run.runs[0].input.kernelId).toBe('k1');
    run.runs[0].end('ok');
    await vi.runAllTimersAsync();
    expect(run.ran()).toEqual(['a', 'b']);
    run.runs[1].end('ok');
    run.runs[2].end('ok');
    await vi.runAllTimersAsync();
    expect(run.recorded.map(([id]) => id)).toEqual(['a', 'b', 'c']);
    expect(run.actor.getSnapshot().matches({ queue: 'idle' })).toBe(true);
  });

  it('does not queue a cell twice; a cell run again after it ended runs again', async () => {
    const run = start();
    run.actor.send({ type: 'RUN', cells: [py('a'), py('b')] });
    run.actor.send({ type: 'RUN', cells: [py('a'), py('b'), py('c'), py('c')] });
    expect(run.actor.getSnapshot().context).toMatchObject({ running: 'a', queued: [{ id: 'b' }, { id: 'c' }] });
    for (let i = 0; i < 3; i++) run.runs[i].end('ok');
    run.actor.send({ type: 'RUN', cells: [py('a')] });
    expect(run.ran()).toEqual(['a', 'b', 'c', 'a']);
  });

  it('a SQL cell does not wait for the kernel to start', () => {
    const run = start(null);
    run.actor.send({ type: 'RUN', cells: [sql('s')] });
    expect(run.calls).toEqual([]);
    expect(run.ran()).toEqual(['s']);
  });

  it('a failed kernel start fails the queued Python cells with the reason', async () => {
    const run = start(null);
    run.actor.send({ type: 'RUN', cells: [py('a'), py('b')] });
    run.answers.start.reject(new Error('no kernel'));
    await vi.runAllTimersAsync();
    expect(run.kernelState()).toBe('none');
    expect(['a', 'b'].map(run.cellState)).toEqual(['failed', 'failed']);
    expect(run.ran()).toEqual([]);
  });

  it('a cell’s error does not stop a plain run (as today): the next cell runs', () => {
    const run = start();
    run.actor.send({ type: 'RUN', cells: [py('a'), py('b')] });
    run.runs[0].end('error');
    expect(run.cellState('a')).toBe('failed');
    expect(run.ran()).toEqual(['a', 'b']);
  });

  it('aborting a queued cell takes it out of the queue: the cells after it still run', () => {
    const run = start();
    run.actor.send({ type: 'RUN', cells: [py('a'), py('b'), py('c')] });
    run.actor.send({ type: 'ABORT', cellId: 'b' });
    expect(run.cellState('b')).toBe('idle');
    run.runs[0].end('ok');
    expect(run.ran()).toEqual(['a', 'c']);
    run.runs[1].end('ok');
    run.actor.send({ type: 'RUN', cells: [py('d')] });
    expect(run.ran()).toEqual(['a', 'c', 'd']);
  });

  it('interrupt clears the queue, asks the kernel, and the running cell ends when the kernel ends its run', async () => {
    const run = start();
    run.actor.send({ type: 'RUN', cells: [py('a'), py('b'), py('c')] });
    run.actor.send({ type: 'INTERRUPT' });
    expect(run.calls).toEqual(['interrupt']);
    expect(['a', 'b', 'c'].map(run.cellState)).toEqual(['running', 'idle', 'idle']);
    // A cell run meanwhile waits for the running one and for the interrupt's answer.
    run.actor.send({ type: 'RUN', cells: [py('d')] });
    run.runs[0].end('error', 6);
    expect(run.cellState('a')).toBe('cancelled');
    expect(run.recorded).toEqual([['a', 6]]);
    expect(run.ran()).toEqual(['a']);
    run.answers.interrupt.resolve(model);
    await vi.runAllTimersAsync();
    expect(run.ran()).toEqual(['a', 'd']);
  });

  it('restart and run all: restarts, then runs the cells one by one and stops at the first that fails', async () => {
    const run = start();
    run.actor.send({ type: 'RUN', cells: [py('x')] });
    run.actor.send({ type: 'RESTART_AND_RUN_ALL', cells: [py('a'), py('b'), py('c')] });
    expect(run.calls).toEqual(['restart']);
    expect(run.actor.getSnapshot().matches({ runAll: 'restarting' })).toBe(true);
    run.runs[0].end('aborted'); // the kernel ends the interrupted run
    run.answers.restart.resolve(model);
    await vi.runAllTimersAsync();
    expect(run.ran()).toEqual(['x', 'a']);
    // Only the cell it runs now is queued: the others wait for it to succeed.
    expect(run.cellState('b')).toBeUndefined();
    run.runs[1].end('ok');
    expect(run.ran()).toEqual(['x', 'a', 'b']);
    run.runs[2].end('error');
    await vi.runAllTimersAsync();
    expect(run.ran()).toEqual(['x', 'a', 'b']);
    expect(run.actor.getSnapshot().matches({ runAll: 'off' })).toBe(true);
    expect(run.notices).toEqual([]);
  });

  it('restart and run all asked again while the kernel restarts: one restart, the cells of the last ask', async () => {
    const run = start();
    run.actor.send({ type: 'RESTART_AND_RUN_ALL', cells: [py('a')] });
    run.actor.send({ type: 'RESTART_AND_RUN_ALL', cells: [py('b')] });
    expect(run.calls).toEqual(['restart']);
    expect(run.notices).toEqual([]);
    run.answers.restart.resolve(model);
    await vi.runAllTimersAsync();
    expect(run.ran()).toEqual(['b']);
  });

  it('restart and run all without a kernel, or when the restart fails, says it failed and runs nothing', async () => {
    const none = start(null);
    none.actor.send({ type: 'RESTART_AND_RUN_ALL', cells: [py('a')] });
    expect(none.notices).toEqual([{ kind: 'error', message: RESTART_AND_RUN_ALL_FAILED_MESSAGE }]);
    expect(none.calls).toEqual([]);

    const refused = start();
    refused.actor.send({ type: 'RESTART_AND_RUN_ALL', cells: [py('a')] });
    refused.answers.restart.reject(new Error('no'));
    await vi.runAllTimersAsync();
    expect(refused.notices).toEqual([{ kind: 'error', message: RESTART_AND_RUN_ALL_FAILED_MESSAGE }]);
    expect(refused.ran()).toEqual([]);
    expect(refused.actor.getSnapshot().matches({ runAll: 'off' })).toBe(true);
  });

  it('the kernel’s death (removed elsewhere) cancels the running cell at once and empties the queue; another kernel’s is ignored', () => {
    const run = start();
    run.actor.send({ type: 'RUN', cells: [py('a'), py('b')] });
    run.actor.send({ type: 'KERNEL_REMOVED', id: 'other' });
    expect(run.cellState('a')).toBe('running');
    run.actor.send({ type: 'KERNEL_STATUS', id: 'k1', execution_state: 'busy' });
    expect(run.kernelState()).toBe('busy');
    run.actor.send({ type: 'KERNEL_REMOVED', id: 'k1' });
    expect(run.kernelState()).toBe('none');
    expect(['a', 'b'].map(run.cellState)).toEqual(['cancelled', 'idle']);
    expect(run.actor.getSnapshot().matches({ queue: 'idle' })).toBe(true);
  });

  it('shutdown cancels the running cell at once (no end of its run will come)', async () => {
    const run = start();
    run.actor.send({ type: 'RUN', cells: [py('a'), py('b')] });
    run.actor.send({ type: 'SHUTDOWN' });
    expect(['a', 'b'].map(run.cellState)).toEqual(['cancelled', 'idle']);
    await vi.runAllTimersAsync();
    expect(run.kernelState()).toBe('shutDown');
  });

  it('aborting the running Python cell asks the kernel to interrupt; the next cell runs once it did', async () => {
    const run = start();
    run.actor.send({ type: 'RUN', cells: [py('a'), py('b')] });
    run.actor.send({ type: 'ABORT', cellId: 'a' });
    expect(run.calls).toEqual(['interrupt']);
    run.runs[0].end('error');
    expect(run.cellState('a')).toBe('cancelled');
    expect(run.cellState('b')).toBe('queued');
    run.answers.interrupt.resolve(model);
    await vi.runAllTimersAsync();
    expect(run.ran()).toEqual(['a', 'b']);
  });
});
