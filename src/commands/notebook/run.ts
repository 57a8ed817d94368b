import { createActor, fromCallback, fromPromise, waitFor, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { KernelModel, KernelStreamEvent, RunCodeBody } from '../../../contracts/kernels';
import { ulid } from 'ulid';
import { cellMachine, type CellContext, type CellFinished, type CellLanguage, type CellMachineEvent, type RunCellInput, type SqlPlace } from '../../machines/cell.machine';
import { kernelMachine, RESTART_AND_RUN_ALL_FAILED_MESSAGE } from '../../machines/kernel.machine';
import { EMPTY_QUEUE, enqueue, finish, interrupt, startNext, type RunQueue } from '../../machines/runQueue';
import { notebookOutputs } from '../../model/nbformat/fromRun';
import type { Output } from '../../model/nbformat/types';
import type { KernelsApi } from '../../sync/api/kernels.api';
import type { Notify } from '../core';

export type KernelActor = ActorRefFrom<typeof kernelMachine>;
type CellActor = ActorRefFrom<typeof cellMachine>;

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

/** A cell to run: its id, its text and how it runs. */
export interface RunnableCell {
  id: string;
  source: string;
  language: CellLanguage;
  /** SQL cells: the database and schema chosen in the cell. */
  place?: SqlPlace;
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

const RESTING = ['idle', 'busy', 'dead'];

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

/**
 * One open notebook's execution: its kernel actor, one cell actor per cell that ran, and the run
 * queue that says which queued cell starts next. Outputs are recorded in the document at done.
 */
export function createNotebookRun(deps: NotebookRunDeps) {
  const { api, notify } = deps;
  let queue: RunQueue = EMPTY_QUEUE;
  const cells = new Map<string, CellActor>();
  let cached: RunView | null = null;
  const changed = () => {
    cached = null;
    deps.changed();
  };

  const kernel: KernelActor = createActor(
    kernelMachine.provide({
      actors: {
        startKernel: fromPromise(({ input }) => api.start(input)),
        interruptKernel: fromPromise(({ input }) => api.interrupt(input.id)),
        restartKernel: fromPromise(({ input }) => api.restart(input.id)),
        shutdownKernel: fromPromise(({ input }) => api.shutdown(input.id)),
      },
      actions: { notify: (_, notice) => notify(notice) },
    }),
    { input: { kernel: deps.existing ?? null } },
  );
  kernel.subscribe(changed);
  kernel.start();

  const machine = cellMachine.provide({
    actors: { runCell: runCellActor(api) },
    actions: {
      finished: ({ context }, done: CellFinished) => queueMicrotask(() => onFinished(context, done)),
      interruptKernel: () => kernel.send({ type: 'INTERRUPT' }),
    },
  });

  function onFinished(context: CellContext, done: CellFinished) {
    queue = finish(queue, done.cellId);
    if (done.status !== 'dequeued') deps.record(done.cellId, notebookOutputs(context.outputs), context.runningNumber);
    pump();
  }

  function pump() {
    const next = startNext(queue);
    queue = next.queue;
    if (next.start) cells.get(next.start)?.send({ type: 'START', kernelId: kernel.getSnapshot().context.kernel?.id ?? null });
  }

  function cellActor(cellId: string): CellActor {
    let actor = cells.get(cellId);
    if (!actor) {
      actor = createActor(machine, { input: { cellId } });
      actor.subscribe(changed);
      actor.start();
      cells.set(cellId, actor);
    }
    return actor;
  }

  /** The kernel's id, starting one for this notebook first when there is none (null: it could not start). */
  async function kernelId(): Promise<string | null> {
    const state = String(kernel.getSnapshot().value);
    if (state === 'none' || state === 'shutDown') kernel.send({ type: 'START', path: deps.path });
    const rested = await waitFor(kernel, (s) => RESTING.includes(String(s.value)) || ['none', 'shutDown'].includes(String(s.value)));
    return rested.context.kernel?.id ?? null;
  }

  /** Queued at once (the cells show [*] while their kernel starts), started on the kernel once it is up. */
  async function run(toRun: readonly RunnableCell[]) {
    for (const cell of toRun) cellActor(cell.id).send({ type: 'QUEUE', code: cell.source, language: cell.language, kernelId: null, ...(cell.place ? { place: cell.place } : {}) });
    queue = enqueue(queue, toRun.map((cell) => cell.id));
    if (toRun.some((cell) => cell.language !== 'sql')) await kernelId();
    pump();
  }

  /**
   * The kernel was interrupted (here or elsewhere): the running cell is cancelled, the queued ones
   * leave the queue. `gone`: the kernel is going away, so nothing will end the run (cancelled at once).
   */
  function interrupted(gone = false) {
    const { cancelled, dequeued } = interrupt(queue);
    // The cancelled cell holds the kernel until its run ends; the queued ones are out.
    queue = { running: cancelled, queued: [] };
    for (const id of [...(cancelled ? [cancelled] : []), ...dequeued]) cells.get(id)?.send({ type: 'KERNEL_INTERRUPTED', gone });
  }

  return {
    kernel,
    run,
    abort: (cellId: string) => cells.get(cellId)?.send({ type: 'ABORT' }),
    interrupt() {
      interrupted();
      kernel.send({ type: 'INTERRUPT' });
    },
    restart() {
      interrupted();
      kernel.send({ type: 'RESTART' });
    },
    shutdown() {
      interrupted(true);
      kernel.send({ type: 'SHUTDOWN' });
    },
    start: (kernelspec?: string) => kernel.send({ type: 'START', kernelspec, path: deps.path }),
    /** Restarts, then runs every code cell in order, stopping at the first error. */
    async restartAndRunAll(all: readonly RunnableCell[]) {
      interrupted();
      kernel.send({ type: 'RESTART' });
      const rested = await waitFor(kernel, (s) => String(s.value) !== 'restarting');
      if (!RESTING.includes(String(rested.value)) || rested.context.error) {
        notify({ kind: 'error', message: RESTART_AND_RUN_ALL_FAILED_MESSAGE });
        return;
      }
      for (const cell of all) {
        await run([cell]);
        const ended = await waitFor(cellActor(cell.id), (s) => !['queued', 'running'].includes(String(s.value)));
        if (ended.value !== 'succeeded') return;
      }
    },
    /** Asks the server for the kernel's state (after the event stream was away): gone, or its state now. */
    async refresh() {
      const id = kernel.getSnapshot().context.kernel?.id;
      if (!id) return;
      try {
        kernel.send({ type: 'STATUS', execution_state: (await api.get(id)).execution_state });
      } catch (error) {
        if ((error as { status?: unknown }).status === 404) kernel.send({ type: 'REMOVED' });
      }
    },
    /** An event of the per-user stream: this notebook's kernel changed or went away. */
    heard(event: KernelStreamEvent) {
      const id = kernel.getSnapshot().context.kernel?.id;
      if (event.type === 'kernel' && event.kernel.id === id) kernel.send({ type: 'STATUS', execution_state: event.kernel.execution_state });
      if (event.type === 'kernel_removed' && event.id === id) {
        interrupted(true);
        kernel.send({ type: 'REMOVED' });
      }
    },
    view(): RunView {
      if (cached) return cached;
      const snapshot = kernel.getSnapshot();
      const entries = [...cells].map(([id, actor]) => [id, cellView(actor.getSnapshot())] as const);
      cached = {
        kernel: { state: String(snapshot.value), name: snapshot.context.kernel?.name ?? snapshot.context.spec, error: snapshot.context.error },
        cells: Object.fromEntries(entries),
      };
      return cached;
    },
    stop() {
      cells.forEach((actor) => actor.stop());
      kernel.stop();
    },
  };
}

export type NotebookRun = ReturnType<typeof createNotebookRun>;
