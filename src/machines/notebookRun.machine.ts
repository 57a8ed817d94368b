import { assertEvent, assign, enqueueActions, sendParent, sendTo, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { cellMachine, type CellFinished } from './cell.machine';
import { kernelMachine, RESTART_AND_RUN_ALL_FAILED_MESSAGE } from './kernel.machine';
import type { KernelSeen, Notice, NotebookRunEvent, NotebookRunInput, Recorded, RunnableCell } from './notebookRun.types';

export * from './notebookRun.types';

/** The cell machine as the run spawns it: it tells the run when it ended, and asks it to interrupt the kernel. */
export const runCellMachine = cellMachine.provide({
  actions: {
    finished: sendParent(({ context }, done: CellFinished) => ({ type: 'CELL_ENDED', ...done, outputs: context.outputs, runningNumber: context.runningNumber })),
    interruptKernel: sendParent({ type: 'INTERRUPT_KERNEL' }),
  },
});

type CellRef = ActorRefFrom<typeof runCellMachine>;

interface QueuedCell {
  id: string;
  /** SQL runs on the warehouse: it does not wait for the kernel. */
  sql: boolean;
}

export interface NotebookRunContext {
  path: string;
  kernel: KernelSeen;
  /** One actor per cell that was ever run here, by cell id. */
  cells: Record<string, CellRef>;
  /** The cell holding the kernel (running, or cancelled and waiting for the kernel's end of its run). */
  running: string | null;
  /** Cells waiting their turn, first to run first. */
  queued: QueuedCell[];
  /** Restart and run all: the cell it runs now and those still to come. */
  runAll: { current: RunnableCell | null; rest: RunnableCell[] };
}

function seen(snapshot: SnapshotFrom<typeof kernelMachine>): KernelSeen {
  const up = snapshot.can({ type: 'RESTART' });
  return { id: snapshot.context.kernel?.id ?? null, up, pending: !up && !snapshot.can({ type: 'START' }), error: snapshot.context.error };
}

const interruptQueue = (gone: boolean) => ({ type: 'interruptQueue' as const, params: { gone } });
const askKernel = (type: 'INTERRUPT' | 'RESTART' | 'SHUTDOWN') => ({ type: 'askKernel' as const, params: { type } });
const failedRunAll = { type: 'notify' as const, params: { kind: 'error', message: RESTART_AND_RUN_ALL_FAILED_MESSAGE } satisfies Notice };

/**
 * One open notebook's execution: it invokes the kernel actor, spawns one cell actor per cell run,
 * and owns the run queue (cells run in order, one at a time; Python ones wait while a call to the
 * kernel is under way). Two regions: `queue` (idle, waiting for the kernel, running) and `runAll`
 * (restart and run all: off, restarting, running). Outputs go to the document through `record`.
 */
export const notebookRunMachine = setup({
  types: {
    context: {} as NotebookRunContext,
    events: {} as NotebookRunEvent,
    input: {} as NotebookRunInput,
  },
  actors: { kernel: kernelMachine, cell: runCellMachine },
  actions: {
    notify: (_, _params: Notice) => {},
    record: (_, _params: Recorded) => {},
    spawnCells: assign({
      cells: ({ context, event, spawn }) => {
        assertEvent(event, 'RUN');
        const cells = { ...context.cells };
        for (const { id } of event.cells) cells[id] ??= spawn('cell', { id: `cell:${id}`, input: { cellId: id } });
        return cells;
      },
    }),
    /** Each cell takes its code now (an edit while queued does not change the run); those not queued or running join the queue. */
    queueCells: enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, 'RUN');
      const present = new Set([...context.queued.map((cell) => cell.id), ...(context.running ? [context.running] : [])]);
      for (const cell of event.cells) {
        enqueue.sendTo(context.cells[cell.id], { type: 'QUEUE', code: cell.source, language: cell.language, kernelId: null, ...(cell.place ? { place: cell.place } : {}) });
      }
      const added = event.cells.filter((cell) => !present.has(cell.id) && present.add(cell.id));
      enqueue.assign({ queued: [...context.queued, ...added.map((cell) => ({ id: cell.id, sql: cell.language === 'sql' }))] });
    }),
    startHead: enqueueActions(({ context, enqueue }) => {
      const [head, ...rest] = context.queued;
      enqueue.assign({ running: head.id, queued: rest });
      enqueue.sendTo(context.cells[head.id], { type: 'START', kernelId: context.kernel.id });
    }),
    /** A cell's run ended, or it left the queue (aborted while queued). */
    endCell: assign(({ context, event }) => {
      assertEvent(event, 'CELL_ENDED');
      return { running: context.running === event.cellId ? null : context.running, queued: context.queued.filter((cell) => cell.id !== event.cellId) };
    }),
    /**
     * The kernel is interrupted: the running cell is cancelled, the queued ones leave the queue.
     * `gone`: the kernel is going away, so nothing will end the run (cancelled at once).
     */
    interruptQueue: enqueueActions(({ context, enqueue }, { gone }: { gone: boolean }) => {
      for (const id of [...(context.running ? [context.running] : []), ...context.queued.map((cell) => cell.id)]) {
        enqueue.sendTo(context.cells[id], { type: 'KERNEL_INTERRUPTED', gone });
      }
      enqueue.assign({ queued: [] });
    }),
    /** What the run asks of the kernel keeps queued Python cells waiting until the kernel's next snapshot says how it went. */
    startKernel: enqueueActions(({ context, enqueue }, { kernelspec }: { kernelspec?: string }) => {
      if (context.kernel.up || context.kernel.pending) return;
      enqueue.sendTo('kernel', { type: 'START', path: context.path, ...(kernelspec ? { kernelspec } : {}) });
      enqueue.assign({ kernel: { ...context.kernel, pending: true } });
    }),
    askKernel: enqueueActions(({ context, enqueue }, { type }: { type: 'INTERRUPT' | 'RESTART' | 'SHUTDOWN' }) => {
      if (!context.kernel.up) return;
      enqueue.sendTo('kernel', { type });
      enqueue.assign({ kernel: { ...context.kernel, up: false, pending: true } });
    }),
    storeAll: assign({
      runAll: ({ event }) => {
        assertEvent(event, 'RESTART_AND_RUN_ALL');
        return { current: null, rest: [...event.cells] };
      },
    }),
    runCurrentOfAll: enqueueActions(({ context, enqueue }) => {
      if (context.runAll.current) enqueue.raise({ type: 'RUN', cells: [context.runAll.current] });
    }),
    runNextOfAll: assign({ runAll: ({ context }) => ({ current: context.runAll.rest[0] ?? null, rest: context.runAll.rest.slice(1) }) }),
  },
  guards: {
    runsPython: ({ event }) => event.type === 'RUN' && event.cells.some((cell) => cell.language !== 'sql'),
    dequeued: ({ event }) => event.type === 'CELL_ENDED' && event.status === 'dequeued',
    cellRunning: ({ context }) => context.running !== null,
    nothingQueued: ({ context }) => context.queued.length === 0,
    headWaits: ({ context }) => !context.queued[0].sql && context.kernel.pending,
    kernelSettled: ({ context }) => !context.kernel.pending,
    kernelUp: ({ context }) => context.kernel.up,
    restartedUp: ({ context }) => !context.kernel.pending && context.kernel.up && !context.kernel.error,
    isOurKernel: ({ context, event }) => 'id' in event && event.id === context.kernel.id,
    knownCell: ({ context, event }) => event.type === 'ABORT' && event.cellId in context.cells,
    noCurrent: ({ context }) => context.runAll.current === null,
    isCurrent: ({ context, event }) => event.type === 'CELL_ENDED' && event.cellId === context.runAll.current?.id,
    currentSucceeded: ({ context, event }) => event.type === 'CELL_ENDED' && event.cellId === context.runAll.current?.id && event.status === 'succeeded',
  },
}).createMachine({
  id: 'notebookRun',
  context: ({ input }) => ({
    path: input.path,
    kernel: { id: input.existing?.id ?? null, up: !!input.existing, pending: false, error: null },
    cells: {},
    running: null,
    queued: [],
    runAll: { current: null, rest: [] },
  }),
  invoke: {
    id: 'kernel',
    src: 'kernel',
    // The machine's input is only in its init event.
    input: ({ event }) => ({ kernel: (event as { input?: NotebookRunInput }).input?.existing ?? null }),
    onSnapshot: { actions: assign({ kernel: ({ event }) => seen(event.snapshot) }) },
  },
  on: {
    START_KERNEL: { actions: { type: 'startKernel', params: ({ event }) => ({ kernelspec: event.kernelspec }) } },
    INTERRUPT_KERNEL: { actions: askKernel('INTERRUPT') },
    KERNEL_STATUS: { guard: 'isOurKernel', actions: sendTo('kernel', ({ event }) => ({ type: 'STATUS', execution_state: event.execution_state })) },
    ABORT: { guard: 'knownCell', actions: sendTo(({ context, event }) => context.cells[event.cellId], { type: 'ABORT' }) },
  },
  type: 'parallel',
  states: {
    queue: {
      initial: 'idle',
      on: {
        RUN: [
          { guard: 'runsPython', target: '.deciding', actions: ['spawnCells', 'queueCells', { type: 'startKernel', params: {} }] },
          { target: '.deciding', actions: ['spawnCells', 'queueCells'] },
        ],
        CELL_ENDED: [
          { guard: 'dequeued', target: '.deciding', actions: 'endCell' },
          // A run's outputs go into the document (every tab and a reload see them).
          { target: '.deciding', actions: [{ type: 'record', params: ({ event }) => ({ cellId: event.cellId, outputs: event.outputs, executionCount: event.runningNumber }) }, 'endCell'] },
        ],
        INTERRUPT: { target: '.deciding', actions: [interruptQueue(false), askKernel('INTERRUPT')] },
        RESTART: { target: '.deciding', actions: [interruptQueue(false), askKernel('RESTART')] },
        SHUTDOWN: { target: '.deciding', actions: [interruptQueue(true), askKernel('SHUTDOWN')] },
        // The runAll region asks for the restart.
        RESTART_AND_RUN_ALL: { target: '.deciding', actions: interruptQueue(false) },
        KERNEL_REMOVED: { guard: 'isOurKernel', target: '.deciding', actions: [interruptQueue(true), sendTo('kernel', { type: 'REMOVED' })] },
      },
      states: {
        idle: {},
        /** The first queued cell is Python and the kernel is starting, interrupting or restarting. */
        waiting: { always: { guard: 'kernelSettled', target: 'deciding' } },
        running: {},
        deciding: {
          always: [
            { guard: 'cellRunning', target: 'running' },
            { guard: 'nothingQueued', target: 'idle' },
            { guard: 'headWaits', target: 'waiting' },
            { target: 'running', actions: 'startHead' },
          ],
        },
      },
    },
    runAll: {
      initial: 'off',
      on: {
        RESTART_AND_RUN_ALL: [
          { guard: 'kernelUp', target: '.restarting', actions: [askKernel('RESTART'), 'storeAll'] },
          { target: '.off', actions: failedRunAll },
        ],
      },
      states: {
        off: { entry: assign({ runAll: { current: null, rest: [] } }) },
        restarting: {
          // Asked again while the kernel restarts: the same restart, with these cells.
          on: { RESTART_AND_RUN_ALL: { actions: 'storeAll' } },
          always: [
            { guard: 'restartedUp', target: 'running' },
            { guard: 'kernelSettled', target: 'off', actions: failedRunAll },
          ],
        },
        /** One cell at a time, each queued once the one before it succeeded. */
        running: {
          entry: ['runNextOfAll', 'runCurrentOfAll'],
          always: { guard: 'noCurrent', target: 'off' },
          on: {
            CELL_ENDED: [
              { guard: 'currentSucceeded', target: 'running', reenter: true },
              { guard: 'isCurrent', target: 'off' },
            ],
          },
        },
      },
    },
  },
});
