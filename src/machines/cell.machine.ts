import { assertEvent, assign, cancel, fromCallback, raise, setup } from 'xstate';
import type { NbOutput } from '../../contracts/kernels';
import { applyRunEvent } from '../../contracts/runOutputs';
import {
  CANCELLED_OUTPUT,
  FAILED_OUTPUT,
  NO_KERNEL_REASON,
  UNREACHABLE_PREFIX,
  type CellContext,
  type CellFinished,
  type CellMachineEvent,
  type CellMachineInput,
  type RunCellInput,
} from './cell.types';
import { isUnreachable } from '../sync/serverReason';

export * from './cell.types';

/** 'Error executing cell' and the traceback lines (ANSI colours kept for the renderer). */
function failedText(outputs: readonly NbOutput[]): string {
  const lines = outputs.flatMap((output) => (output.output_type === 'error' ? output.traceback : []));
  return [FAILED_OUTPUT, ...lines].join('\n');
}

/** A run that never got an answer: the kernel (or the server) could not be reached, or refused. */
function callFailedText(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return isUnreachable(error) ? `${UNREACHABLE_PREFIX}${message}` : `${FAILED_OUTPUT}: ${message}`;
}

/** The kernel a cell runs on: the one START names, else the one it was queued with. */
function kernelOf(context: CellContext, event: CellMachineEvent): string | null {
  return event.type === 'START' && event.kernelId !== undefined ? event.kernelId : (context.run?.kernelId ?? null);
}

/**
 * How long a cancelled cell waits for the kernel's end of the run (its KeyboardInterrupt traceback
 * and its count) before it lets the run go.
 */
export const CANCEL_WAIT_MS = 5000;

const finished = (status: CellFinished['status']) => ({ type: 'finished' as const, params: ({ context }: { context: CellContext }) => ({ cellId: context.cellId, status }) });

/**
 * One cell's execution: idle → queued → running → succeeded | failed | cancelled. Which queued cell
 * starts is its owner's queue (notebookRun.machine.ts); `finished` tells it when a cell is done or left
 * the queue. The runCell actor streams the run (RUN_EVENT…, then RUN_DONE or RUN_FAILED); leaving
 * `running` stops it. Aborting the running cell also asks the kernel to interrupt (`interruptKernel`).
 */
export const cellMachine = setup({
  types: {
    context: {} as CellContext,
    events: {} as CellMachineEvent,
    input: {} as CellMachineInput,
  },
  actors: {
    runCell: fromCallback<CellMachineEvent, RunCellInput>(() => {
      throw new Error('cellMachine: the "runCell" actor must be provided');
    }),
  },
  actions: {
    finished: (_, _params: CellFinished) => {},
    interruptKernel: () => {},
    queue: assign(({ event }) => {
      assertEvent(event, 'QUEUE');
      return { run: { code: event.code, language: event.language ?? 'python', kernelId: event.kernelId, ...(event.place ? { place: event.place } : {}) } };
    }),
    // No count is guessed here: the kernel gives it at the end (a guess was what an interrupted cell kept).
    begin: assign({ outputs: [], clearOnNext: false, output: '', cancelling: false }),
    apply: assign(({ context, event }) => {
      assertEvent(event, 'RUN_EVENT');
      return applyRunEvent(context, event.event);
    }),
    count: assign({
      runningNumber: ({ context, event }) => {
        assertEvent(event, 'RUN_DONE');
        // SQL runs have no kernel count: one more per run.
        return event.done.execution_count ?? (context.runningNumber ?? 0) + 1;
      },
    }),
    cancelledOutput: assign({ output: CANCELLED_OUTPUT }),
    useKernel: assign({ run: ({ context, event }) => context.run && { ...context.run, kernelId: kernelOf(context, event) } }),
  },
  guards: {
    noKernel: ({ context, event }) => context.run?.language !== 'sql' && !kernelOf(context, event),
    isSql: ({ context }) => context.run?.language === 'sql',
    isCancelling: ({ context }) => context.cancelling,
    isSqlOrGone: ({ context, event }) => context.run?.language === 'sql' || (event.type === 'KERNEL_INTERRUPTED' && event.gone === true),
    ok: ({ event }) => event.type === 'RUN_DONE' && event.done.status === 'ok',
    raised: ({ event }) => event.type === 'RUN_DONE' && event.done.status === 'error',
  },
}).createMachine({
  id: 'cell',
  context: ({ input }) => ({ cellId: input.cellId, outputs: input.outputs ?? [], clearOnNext: false, output: '', runningNumber: input.runningNumber ?? null, run: null, cancelling: false }),
  initial: 'idle',
  states: {
    idle: { on: { QUEUE: { target: 'queued', actions: 'queue' } } },
    queued: {
      on: {
        START: [
          { guard: 'noKernel', target: 'failed', actions: assign({ output: `${UNREACHABLE_PREFIX}${NO_KERNEL_REASON}` }) },
          { target: 'running', actions: ['useKernel', 'begin'] },
        ],
        ABORT: { target: 'idle', actions: finished('dequeued') },
        KERNEL_INTERRUPTED: { target: 'idle', actions: finished('dequeued') },
      },
    },
    running: {
      invoke: {
        src: 'runCell',
        input: ({ context }) => {
          const run = context.run!;
          return { cellId: context.cellId, code: run.code, language: run.language, kernelId: run.kernelId ?? '', ...(run.place ? { place: run.place } : {}) };
        },
      },
      exit: cancel('cancelWait'),
      on: {
        RUN_EVENT: { actions: 'apply' },
        RUN_DONE: [
          // Interrupted: the kernel's end, with its KeyboardInterrupt traceback and its count.
          { guard: 'isCancelling', target: 'cancelled', actions: ['count', 'cancelledOutput'] },
          { guard: 'ok', target: 'succeeded', actions: 'count' },
          { guard: 'raised', target: 'failed', actions: ['count', assign({ output: ({ context }) => failedText(context.outputs) })] },
          { target: 'cancelled', actions: ['count', 'cancelledOutput'] },
        ],
        // Never answered: it did not run, so it has no count (it had none to show as run).
        RUN_FAILED: [
          { guard: 'isCancelling', target: 'cancelled', actions: ['cancelledOutput', assign({ runningNumber: null })] },
          { target: 'failed', actions: assign({ output: ({ event }) => callFailedText(event.error), runningNumber: null }) },
        ],
        CANCEL_TIMEOUT: { guard: 'isCancelling', target: 'cancelled', actions: ['cancelledOutput', assign({ runningNumber: null })] },
        // A SQL query stops with its request; a kernel's run ends when the kernel says so.
        ABORT: [
          { guard: 'isSql', target: 'cancelled', actions: ['cancelledOutput', 'interruptKernel'] },
          { guard: 'isCancelling' },
          { actions: [assign({ cancelling: true }), raise({ type: 'CANCEL_TIMEOUT' }, { delay: CANCEL_WAIT_MS, id: 'cancelWait' }), 'interruptKernel'] },
        ],
        // The run goes on until the kernel ends it (or CANCEL_WAIT_MS pass).
        KERNEL_INTERRUPTED: [
          { guard: 'isSqlOrGone', target: 'cancelled', actions: ['cancelledOutput', assign({ runningNumber: null })] },
          { guard: 'isCancelling' },
          { actions: [assign({ cancelling: true }), raise({ type: 'CANCEL_TIMEOUT' }, { delay: CANCEL_WAIT_MS, id: 'cancelWait' })] },
        ],
      },
    },
    succeeded: { entry: finished('succeeded'), on: { QUEUE: { target: 'queued', actions: 'queue' } } },
    failed: { entry: finished('failed'), on: { QUEUE: { target: 'queued', actions: 'queue' } } },
    cancelled: { entry: finished('cancelled'), on: { QUEUE: { target: 'queued', actions: 'queue' } } },
  },
});
