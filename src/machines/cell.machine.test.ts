import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import type { NbOutput } from '../../contracts/kernels';
import { CANCEL_WAIT_MS, CANCELLED_OUTPUT, cellMachine, type CellMachineEvent, type RunCellInput } from './cell.machine';

const stdout = (text: string): NbOutput => ({ output_type: 'stream', name: 'stdout', text });
const raised: NbOutput = { output_type: 'error', ename: 'ZeroDivisionError', evalue: 'division by zero', traceback: ['\u001b[31mTraceback\u001b[0m', 'ZeroDivisionError: division by zero'] };

/** A cell whose runCell actor the test drives by hand: `send` is the actor's sendBack. */
function start(outputs: NbOutput[] = [stdout('old\n')]) {
  const runs: RunCellInput[] = [];
  const stopped: string[] = [];
  const log: unknown[] = [];
  let send: (event: CellMachineEvent) => void = () => {
    throw new Error('no run under way');
  };
  const machine = cellMachine.provide({
    actors: {
      runCell: fromCallback<CellMachineEvent, RunCellInput>(({ input, sendBack }) => {
        runs.push(input);
        send = sendBack;
        return () => stopped.push(input.cellId);
      }),
    },
    actions: {
      finished: (_, params) => void log.push(['finished', params]),
      interruptKernel: () => void log.push(['interruptKernel']),
    },
  });
  const actor = createActor(machine, { input: { cellId: 'c1', outputs, runningNumber: 3 } }).start();
  return { actor, runs, stopped, log, send: (event: CellMachineEvent) => send(event), state: () => actor.getSnapshot().value, context: () => actor.getSnapshot().context };
}

const QUEUE = { type: 'QUEUE', code: 'print(1)', kernelId: 'k1' } as const;

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('cellMachine', () => {
  it('idle → queued → running → succeeded, outputs built as events stream in, the count from the kernel', () => {
    const cell = start();
    cell.actor.send(QUEUE);
    expect(cell.state()).toBe('queued');
    expect(cell.runs).toEqual([]);
    cell.actor.send({ type: 'START' });
    expect(cell.state()).toBe('running');
    expect(cell.runs).toEqual([{ cellId: 'c1', code: 'print(1)', language: 'python', kernelId: 'k1' }]);
    // No guessed count while it runs: the kernel's comes at the end.
    expect(cell.context()).toMatchObject({ outputs: [], runningNumber: 3 });
    cell.send({ type: 'RUN_EVENT', event: { type: 'output', output: stdout('a') } });
    cell.send({ type: 'RUN_EVENT', event: { type: 'output', output: stdout('b\n') } });
    expect(cell.context().outputs).toEqual([stdout('ab\n')]);
    cell.send({ type: 'RUN_DONE', done: { type: 'done', status: 'ok', execution_count: 9 } });
    expect(cell.state()).toBe('succeeded');
    expect(cell.context()).toMatchObject({ runningNumber: 9, output: '' });
    expect(cell.log).toEqual([['finished', { cellId: 'c1', status: 'succeeded' }]]);
  });

  it('counts one more per run when the kernel gives no count (SQL)', () => {
    const cell = start();
    for (const expected of [4, 5]) {
      cell.actor.send({ type: 'QUEUE', code: 'select 1', language: 'sql', kernelId: null });
      cell.actor.send({ type: 'START' });
      cell.send({ type: 'RUN_DONE', done: { type: 'done', status: 'ok', execution_count: null } });
      expect(cell.context().runningNumber).toBe(expected);
    }
  });

  it('ABORT of a queued cell just dequeues it: idle, outputs untouched, no run', () => {
    const cell = start();
    cell.actor.send(QUEUE);
    cell.actor.send({ type: 'ABORT' });
    expect(cell.state()).toBe('idle');
    expect(cell.context().outputs).toEqual([stdout('old\n')]);
    expect(cell.runs).toEqual([]);
    expect(cell.log).toEqual([['finished', { cellId: 'c1', status: 'dequeued' }]]);
  });

  const interrupted: NbOutput = { output_type: 'error', ename: 'KeyboardInterrupt', evalue: '', traceback: ['\u001b[31mKeyboardInterrupt\u001b[0m'] };

  it('ABORT of the running cell asks the kernel to interrupt and waits for its end: cancelled with its KeyboardInterrupt and its count', () => {
    const cell = start();
    cell.actor.send(QUEUE);
    cell.actor.send({ type: 'START' });
    cell.actor.send({ type: 'ABORT' });
    cell.actor.send({ type: 'ABORT' }); // a second click asks nothing more
    expect(cell.state()).toBe('running');
    expect(cell.stopped).toEqual([]);
    cell.send({ type: 'RUN_EVENT', event: { type: 'output', output: interrupted } });
    cell.send({ type: 'RUN_DONE', done: { type: 'done', status: 'error', execution_count: 7 } });
    expect(cell.state()).toBe('cancelled');
    expect(cell.context()).toMatchObject({ output: CANCELLED_OUTPUT, runningNumber: 7, outputs: [interrupted] });
    expect(cell.log).toEqual([['interruptKernel'], ['finished', { cellId: 'c1', status: 'cancelled' }]]);
  });

  it('ABORT of a running SQL cell stops its request at once', () => {
    const cell = start();
    cell.actor.send({ type: 'QUEUE', code: 'select 1', language: 'sql', kernelId: null });
    cell.actor.send({ type: 'START' });
    cell.actor.send({ type: 'ABORT' });
    expect(cell.state()).toBe('cancelled');
    expect(cell.stopped).toEqual(['c1']);
  });

  it('the kernel’s interrupt cancels the running cell without asking again, and dequeues a queued one', () => {
    const running = start();
    running.actor.send(QUEUE);
    running.actor.send({ type: 'START' });
    running.actor.send({ type: 'KERNEL_INTERRUPTED' });
    running.send({ type: 'RUN_DONE', done: { type: 'done', status: 'aborted', execution_count: 5 } });
    expect(running.state()).toBe('cancelled');
    expect(running.context()).toMatchObject({ output: 'Execution cancelled', runningNumber: 5 });
    expect(running.log).toEqual([['finished', { cellId: 'c1', status: 'cancelled' }]]);

    const queued = start();
    queued.actor.send(QUEUE);
    queued.actor.send({ type: 'KERNEL_INTERRUPTED' });
    expect(queued.state()).toBe('idle');
  });

  it('a kernel that never ends the interrupted run: cancelled after CANCEL_WAIT_MS, without a count, the run stopped', () => {
    const cell = start();
    cell.actor.send(QUEUE);
    cell.actor.send({ type: 'START' });
    cell.actor.send({ type: 'KERNEL_INTERRUPTED' });
    vi.advanceTimersByTime(CANCEL_WAIT_MS - 1);
    expect(cell.state()).toBe('running');
    vi.advanceTimersByTime(1);
    expect(cell.state()).toBe('cancelled');
    expect(cell.context()).toMatchObject({ output: CANCELLED_OUTPUT, runningNumber: null });
    expect(cell.stopped).toEqual(['c1']);
  });

  it('a run that ends aborted (interrupted elsewhere) is cancelled', () => {
    const cell = start();
    cell.actor.send(QUEUE);
    cell.actor.send({ type: 'START' });
    cell.send({ type: 'RUN_DONE', done: { type: 'done', status: 'aborted', execution_count: 4 } });
    expect(cell.state()).toBe('cancelled');
    expect(cell.context().output).toBe(CANCELLED_OUTPUT);
  });

  it('failure: "Error executing cell" with the traceback (ANSI kept), the error output shown', () => {
    const cell = start();
    cell.actor.send(QUEUE);
    cell.actor.send({ type: 'START' });
    cell.send({ type: 'RUN_EVENT', event: { type: 'output', output: raised } });
    cell.send({ type: 'RUN_DONE', done: { type: 'done', status: 'error', execution_count: 4 } });
    expect(cell.state()).toBe('failed');
    expect(cell.context().output).toBe('Error executing cell\n\u001b[31mTraceback\u001b[0m\nZeroDivisionError: division by zero');
    expect(cell.context().outputs).toEqual([raised]);
  });

  it('an unreachable kernel (offline, no answer) fails with "Kernel unreachable: …"; a refusal says so', () => {
    const offline = start();
    offline.actor.send(QUEUE);
    offline.actor.send({ type: 'START' });
    offline.send({ type: 'RUN_FAILED', error: Object.assign(new Error('The console server could not be reached'), { status: null }) });
    expect(offline.state()).toBe('failed');
    expect(offline.context().output).toBe('Kernel unreachable: The console server could not be reached');
    // It never ran: no count (it showed [4], a count no kernel gave).
    expect(offline.context().runningNumber).toBeNull();

    const refused = start();
    refused.actor.send(QUEUE);
    refused.actor.send({ type: 'START' });
    refused.send({ type: 'RUN_FAILED', error: Object.assign(new Error('No kernel with id k1'), { status: 404 }) });
    expect(refused.context().output).toBe('Error executing cell: No kernel with id k1');
  });

  it('fails at once with "Kernel unreachable: …" when no kernel runs', () => {
    const cell = start();
    cell.actor.send({ ...QUEUE, kernelId: null });
    cell.actor.send({ type: 'START' });
    expect(cell.state()).toBe('failed');
    expect(cell.context().output).toBe('Kernel unreachable: no kernel is running for this notebook');
    expect(cell.runs).toEqual([]);
  });

  it('runs again from any end state', () => {
    const cell = start();
    cell.actor.send(QUEUE);
    cell.actor.send({ type: 'START' });
    cell.actor.send({ type: 'ABORT' });
    cell.send({ type: 'RUN_DONE', done: { type: 'done', status: 'aborted', execution_count: 4 } });
    cell.actor.send({ ...QUEUE, code: 'print(2)' });
    cell.actor.send({ type: 'START' });
    expect(cell.runs.map((run) => run.code)).toEqual(['print(1)', 'print(2)']);
  });
});
