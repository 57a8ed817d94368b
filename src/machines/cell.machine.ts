import { assertEvent, assign, fromCallback, setup } from 'xstate';
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
import { isUnreachable } from './serverReason';

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

const finished = (status: CellFinished['status']) => ({ type: 'finished' as const, params: ({ context }: { context: CellContext }) => ({ cellId: context.cellId, status }) });

/**
 * One cell's execution: idle → queued → running → succeeded | failed | cancelled. Which queued cell
 * starts is the owner's run queue (runQueue.ts); `finished` tells it when a cell is done or left
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
    begin: assign(({ context }) => ({ outputs: [], clearOnNext: false, output: '', runningNumber: (context.runningNumber ?? 0) + 1 })),
    apply: assign(({ context, event }) => {
      assertEvent(event, 'RUN_EVENT');
      return applyRunEvent(context, event.event);
    }),
    count: assign({
      runningNumber: ({ context, event }) => {
        assertEvent(event, 'RUN_DONE');
        return event.done.execution_count ?? context.runningNumber;
      },
    }),
    cancelledOutput: assign({ output: CANCELLED_OUTPUT }),
    useKernel: assign({ run: ({ context, event }) => context.run && { ...context.run, kernelId: kernelOf(context, event) } }),
  },
  guards: {
    noKernel: ({ context, event }) => context.run?.language !== 'sql' && !kernelOf(context, event),
    ok: ({ event }) => event.type === 'RUN_DONE' && event.done.status === 'ok',
    raised: ({ event }) => event.type === 'RUN_DONE' && event.done.status === 'error',
  },
}).createMachine({
  id: 'cell',
  context: ({ input }) => ({ cellId: input.cellId, outputs: input.outputs ?? [], clearOnNext: false, output: '', runningNumber: input.runningNumber ?? null, run: null }),
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
      on: {
        RUN_EVENT: { actions: 'apply' },
        RUN_DONE: [
          { guard: 'ok', target: 'succeeded', actions: 'count' },
          { guard: 'raised', target: 'failed', actions: ['count', assign({ output: ({ context }) => failedText(context.outputs) })] },
          { target: 'cancelled', actions: ['count', 'cancelledOutput'] },
        ],
        RUN_FAILED: { target: 'failed', actions: assign({ output: ({ event }) => callFailedText(event.error) }) },
        ABORT: { target: 'cancelled', actions: ['cancelledOutput', 'interruptKernel'] },
        KERNEL_INTERRUPTED: { target: 'cancelled', actions: 'cancelledOutput' },
      },
    },
    succeeded: { entry: finished('succeeded'), on: { QUEUE: { target: 'queued', actions: 'queue' } } },
    failed: { entry: finished('failed'), on: { QUEUE: { target: 'queued', actions: 'queue' } } },
    cancelled: { entry: finished('cancelled'), on: { QUEUE: { target: 'queued', actions: 'queue' } } },
  },
});
