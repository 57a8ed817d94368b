import { createActor, fromCallback, fromPromise, waitFor, type ActorRefFrom, type AnyActorRef, type SnapshotFrom } from 'xstate';
import type { KernelModel, KernelStreamEvent, RunCodeBody } from '../../../contracts/kernels';
import { ulid } from 'ulid';
import type { cellMachine, CellMachineEvent, RunCellInput } from '../../machines/cell.machine';
import { kernelMachine } from '../../machines/kernel.machine';
import { notebookRunMachine, runCellMachine, type RunnableCell } from '../../machines/notebookRun.machine';
import { notebookOutputs } from '../../model/nbformat/fromRun';
import type { Output } from '../../model/nbformat/types';
import type { KernelsApi } from '../../sync/api/kernels.api';
import type { Notify } from '../core';

export type KernelActor = ActorRefFrom<typeof kernelMachine>;
type RunActor = ActorRefFrom<typeof notebookRunMachine>;
export type { RunnableCell };

/** What the editor shows of one cell's run (also what other tabs are told). */
export interface CellRunView {
  state: 'idle' | 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled';
  outputs: Output[];
  /** The failure's or the cancel's text ('' otherwise). */
  output: string;
  runningNumber: number | null;
}

export interface KernelView {
  /** The kernel machine's state: none, starting, idle, busy, interrupting, restarting, dead, shuttingDown, shutDown. */
  state: string;
  name: string | null;
  error: string | null;
}

export interface RunView {
  kernel: KernelView;
  cells: Readonly<Record<string, CellRunView>>;
}

export interface NotebookRunDeps {
  api: KernelsApi;
  notify: Notify;
  path: string;
  /** A kernel already running for this notebook (another tab or an earlier page started it). */
  existing?: KernelModel | null;
  /** A run's outputs once it is done, for the document (every tab and a reload see them). */
  record: (cellId: string, outputs: Output[], executionCount: number | null) => void;
  /** Told after every change of what `view()` returns. */
  changed: () => void;
}

function cellView(snapshot: SnapshotFrom<typeof cellMachine>): CellRunView {
  const { outputs, output, runningNumber } = snapshot.context;
  return { state: snapshot.value as CellRunView['state'], outputs: notebookOutputs(outputs), output, runningNumber };
}

/** A run-code body: Python on the kernel; SQL on the warehouse at the cell's place, with a runId to stop it by. */
function runBody(input: RunCellInput): RunCodeBody & { runId?: string } {
  const body = { code: input.code, kernelId: input.kernelId, language: input.language };
  if (input.language !== 'sql') return body;
  const place = input.place ? { database_id: input.place.databaseId, ...(input.place.schema ? { schema: input.place.schema } : {}) } : {};
  return { ...body, ...place, runId: ulid().slice(-11) }; // SQL Lab's client ids are at most 11 characters
}

/** The runCell actor: one streamed run; stopping the actor (abort, interrupt) aborts the request, and stops a SQL query on the server. */
function runCellActor(api: KernelsApi) {
  return fromCallback<CellMachineEvent, RunCellInput>(({ input, sendBack }) => {
    const controller = new AbortController();
    const body = runBody(input);
    let ended = false;
    api
      .run(body, (event) => sendBack({ type: 'RUN_EVENT', event }), controller.signal)
      .then((done) => sendBack({ type: 'RUN_DONE', done }))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) sendBack({ type: 'RUN_FAILED', error });
      })
      .finally(() => (ended = true));
    return () => {
      controller.abort();
      // A warehouse query goes on without its request: stop it by its runId (unreachable: nothing to do).
      if (!ended && body.runId) api.cancelRun(body.runId).catch(() => {});
    };
  });
}

/** The run machine with its calls: the kernels API for the kernel and the cells, toasts, the document. */
function runMachine(deps: NotebookRunDeps) {
  const { api, notify } = deps;
  return notebookRunMachine.provide({
    actors: {
      kernel: kernelMachine.provide({
        actors: {
          startKernel: fromPromise(({ input }) => api.start(input)),
          interruptKernel: fromPromise(({ input }) => api.interrupt(input.id)),
          restartKernel: fromPromise(({ input }) => api.restart(input.id)),
          shutdownKernel: fromPromise(({ input }) => api.shutdown(input.id)),
        },
        actions: { notify: (_, notice) => notify(notice) },
      }),
      cell: runCellMachine.provide({ actors: { runCell: runCellActor(api) } }),
    },
    actions: {
      notify: (_, notice) => notify(notice),
      record: (_, { cellId, outputs, executionCount }) => deps.record(cellId, notebookOutputs(outputs), executionCount),
    },
  });
}

const kernelOf = (run: RunActor) => run.getSnapshot().children.kernel as KernelActor;

/** Calls `changed` on every change of the run, its kernel or any of its cells (each cell's actor is watched from its spawn on). */
function watch(run: RunActor, changed: () => void) {
  const watched = new WeakSet<AnyActorRef>();
  run.subscribe((snapshot) => {
    for (const cell of Object.values(snapshot.context.cells)) {
      if (!watched.has(cell)) cell.subscribe(changed);
      watched.add(cell);
    }
    changed();
  });
}

function viewOf(run: RunActor): RunView {
  const kernel = kernelOf(run).getSnapshot();
  const cells = Object.entries(run.getSnapshot().context.cells).map(([id, cell]) => [id, cellView(cell.getSnapshot())] as const);
  return {
    kernel: { state: String(kernel.value), name: kernel.context.kernel?.name ?? kernel.context.spec, error: kernel.context.error },
    cells: Object.fromEntries(cells),
  };
}

/** Asks the server for the kernel's state (after the event stream was away): gone, or its state now. */
async function refresh(run: RunActor, api: KernelsApi) {
  const id = run.getSnapshot().context.kernel.id;
  if (!id) return;
  try {
    run.send({ type: 'KERNEL_STATUS', id, execution_state: (await api.get(id)).execution_state });
  } catch (error) {
    if ((error as { status?: unknown }).status === 404) run.send({ type: 'KERNEL_REMOVED', id });
  }
}

/** An event of the per-user stream, for the run (it ignores another notebook's kernel). */
function heard(run: RunActor, event: KernelStreamEvent) {
  if (event.type === 'kernel') run.send({ type: 'KERNEL_STATUS', id: event.kernel.id, execution_state: event.kernel.execution_state });
  if (event.type === 'kernel_removed') run.send({ type: 'KERNEL_REMOVED', id: event.id });
}

/**
 * One open notebook's execution: a thin command layer over the notebook-run actor
 * (machines/notebookRun.machine.ts), which owns the kernel actor, the cell actors and the queue.
 */
export function createNotebookRun(deps: NotebookRunDeps) {
  let cached: RunView | null = null;
  const run: RunActor = createActor(runMachine(deps), { input: { path: deps.path, existing: deps.existing ?? null } });
  watch(run, () => {
    cached = null;
    deps.changed();
  });
  run.start();

  return {
    /** The notebook-run actor itself. */
    actor: run,
    kernel: kernelOf(run),
    /** Queued at once (the cells show [*] while their kernel starts); resolves once the queue no longer waits for the kernel. */
    async run(toRun: readonly RunnableCell[]) {
      run.send({ type: 'RUN', cells: toRun });
      await waitFor(run, (snapshot) => !snapshot.matches({ queue: 'waiting' }));
    },
    abort: (cellId: string) => run.send({ type: 'ABORT', cellId }),
    interrupt: () => run.send({ type: 'INTERRUPT' }),
    restart: () => run.send({ type: 'RESTART' }),
    shutdown: () => run.send({ type: 'SHUTDOWN' }),
    start: (kernelspec?: string) => run.send({ type: 'START_KERNEL', ...(kernelspec ? { kernelspec } : {}) }),
    /** Restarts, then runs every cell in order, stopping at the first that does not succeed; resolves when it stopped. */
    async restartAndRunAll(all: readonly RunnableCell[]) {
      run.send({ type: 'RESTART_AND_RUN_ALL', cells: all });
      await waitFor(run, (snapshot) => snapshot.matches({ runAll: 'off' }));
    },
    refresh: () => refresh(run, deps.api),
    heard: (event: KernelStreamEvent) => heard(run, event),
    view(): RunView {
      cached ??= viewOf(run);
      return cached;
    },
    stop: () => run.stop(),
  };
}

export type NotebookRun = ReturnType<typeof createNotebookRun>;
