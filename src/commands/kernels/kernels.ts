import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import type { BiDatabase } from '../../../contracts/biCatalog';
import type { KernelSpecList } from '../../../contracts/kernels';
import type { Output } from '../../model/nbformat/types';
import { notebookServerMachine } from '../../machines/notebookServer.machine';
import type { KernelsApi } from '../../sync/api/kernels.api';
import type { BiMetadata } from '../../sync/caches/biMetadata';
import { createBroadcast, type Broadcast } from '../../sync/tabs/broadcast';
import type { Notify } from '../core';
import { createNotebookRun, type NotebookRun, type RunView } from '../notebook/run';

export type ServerActor = ActorRefFrom<typeof notebookServerMachine>;

/** What a tab tells the others about a notebook it runs: its kernel and its cells' runs. */
export interface RunMessage {
  docId: string;
  view: RunView;
}

const isRunMessage = (data: unknown): data is RunMessage =>
  typeof data === 'object' && data !== null && typeof (data as RunMessage).docId === 'string' && typeof (data as RunMessage).view === 'object';

export interface WarehousePlaces {
  databases(): Promise<BiDatabase[]>;
  schemas(databaseId: number): Promise<string[]>;
  /** SQL Lab's metadata cache, for SQL cells' completion. */
  metadata(): Promise<BiMetadata>;
}

export interface KernelsDeps {
  api: KernelsApi;
  username: string;
  notify: Notify;
  /** Writes a run's outputs into the notebook's document (notebook.recordOutputs). */
  record: (docId: string, cellId: string, outputs: Output[], executionCount: number | null) => void;
  /** The warehouse's databases and schemas, for SQL cells' pickers (SQL Lab's metadata cache). */
  warehouse: WarehousePlaces;
  /** Injectable for tests (BroadcastChannel by default). */
  broadcast?: () => Broadcast<RunMessage>;
}

interface Hosted {
  run: NotebookRun;
  listeners: Set<() => void>;
  /** The last merged view and what it was made of (useSyncExternalStore wants the same object while nothing changed). */
  merged?: { local: RunView; remote: RunView | undefined; view: RunView };
}

const ACTIVE = new Set(['queued', 'running']);

/**
 * This tab's run view with what another tab runs on the same notebook laid over it: a cell queued
 * or running there shows so here, and its end where this tab never ran it; the kernel's state
 * comes from there while this tab has none.
 */
export function mergedView(local: RunView, remote: RunView | undefined): RunView {
  if (!remote) return local;
  const cells = { ...local.cells };
  for (const [id, cell] of Object.entries(remote.cells)) {
    const here = cells[id]?.state ?? 'idle';
    // A run there shows here while it runs, and how it ended where this tab has not run the cell.
    if ((ACTIVE.has(cell.state) && !ACTIVE.has(here)) || here === 'idle') cells[id] = cell;
  }
  const kernel = ['none', 'shutDown'].includes(local.kernel.state) ? remote.kernel : local.kernel;
  return { kernel, cells };
}

/** How many of a notebook's cells are queued or running (a tab's badge). */
export function runningCount(view: RunView | null | undefined): number {
  return view ? Object.values(view.cells).filter((cell) => ACTIVE.has(cell.state)).length : 0;
}

/**
 * The kernels of one signed-in session: the user's notebook server actor, one NotebookRun per open
 * notebook (its kernel and cell actors), one subscription to the per-user event stream feeding
 * them all, and the running state shared with the other browser tabs (BroadcastChannel): a tab
 * shows what another tab runs on the same notebook.
 */
export function createKernels(deps: KernelsDeps) {
  const { api, notify } = deps;
  const hosted = new Map<string, Hosted>();
  const opening = new Map<string, Promise<NotebookRun>>();
  const remote = new Map<string, RunView>();
  /** Told of any notebook's run view changing (the tab strip's badges). */
  const watchers = new Set<() => void>();
  const channel = (deps.broadcast ?? (() => createBroadcast<RunMessage>('notebook-runs', { accept: isRunMessage })))();

  const server: ServerActor = createActor(
    notebookServerMachine.provide({
      actors: {
        startServer: fromPromise(({ input }) => api.startServer(input.username)),
        stopServer: fromPromise(({ input }) => api.stopServer(input.username)),
      },
      actions: { notify: (_, notice) => notify(notice) },
    }),
    { input: { username: deps.username } },
  );
  server.start();

  const tell = (docId: string) => {
    hosted.get(docId)?.listeners.forEach((listener) => listener());
    watchers.forEach((watcher) => watcher());
  };

  /** Whether the event stream is open: while it is not, no kernel's or server's state is known. */
  let connected = true;
  const connectionWatchers = new Set<() => void>();
  const refreshStatus = () =>
    void api.serverStatus(deps.username).then(
      (status) => server.send({ type: 'STATUS', server: status }),
      () => {},
    );
  const closeEvents = api.events(
    (event) => {
      if (event.type === 'server') server.send({ type: 'STATUS', server: event.server });
      else hosted.forEach(({ run }) => run.heard(event));
    },
    (open) => {
      // Back after a drop: what changed meanwhile was not heard, so ask again.
      if (open && !connected) {
        refreshStatus();
        hosted.forEach(({ run }) => void run.refresh());
      }
      connected = open;
      connectionWatchers.forEach((watcher) => watcher());
    },
  );
  refreshStatus(); // offline or refused: the machine stays "stopped" until the stream says otherwise
  const unsubscribe = channel.subscribe(({ docId, view }) => {
    remote.set(docId, view);
    tell(docId);
  });

  async function host(docId: string, path: string): Promise<NotebookRun> {
    const existing = await api.list().then(
      (kernels) => kernels.find((kernel) => kernel.path === path) ?? null,
      () => null, // unreachable: a run will say so
    );
    const listeners = new Set<() => void>();
    const run = createNotebookRun({
      api,
      notify,
      path,
      existing,
      record: (cellId, outputs, count) => deps.record(docId, cellId, outputs, count),
      // Called first while the run is being made (its kernel actor starts): nothing to tell yet.
      changed: () => {
        const made = hosted.get(docId)?.run;
        if (made) channel.post({ docId, view: made.view() });
        tell(docId);
      },
    });
    hosted.set(docId, { run, listeners });
    return run;
  }

  return {
    server,
    kernelspecs: (): Promise<KernelSpecList> => api.kernelspecs(),
    /** Where SQL cells may run: the databases and their schemas (cached; offline, what was last seen). */
    warehouse: deps.warehouse,
    /** The notebook's run (kernel, cells, queue), made at its first open in this page and kept for the session. */
    open(docId: string, path: string): Promise<NotebookRun> {
      const known = hosted.get(docId)?.run;
      if (known) return Promise.resolve(known);
      let pending = opening.get(docId);
      if (!pending) {
        pending = host(docId, path);
        opening.set(docId, pending);
      }
      return pending;
    },
    /** For useSyncExternalStore: told when this notebook's run view (here or in another tab) changes. */
    subscribe(docId: string, listener: () => void): () => void {
      const entry = hosted.get(docId);
      entry?.listeners.add(listener);
      return () => entry?.listeners.delete(listener);
    },
    /** The notebook's run as this tab shows it: its own, with what other tabs run on it (null before open). */
    view(docId: string): RunView | null {
      const entry = hosted.get(docId);
      if (!entry) return null;
      const local = entry.run.view();
      const other = remote.get(docId);
      if (entry.merged?.local !== local || entry.merged.remote !== other) entry.merged = { local, remote: other, view: mergedView(local, other) };
      return entry.merged.view;
    },
    /** Cells queued or running in this notebook, here or in another tab (0 for one not run since this page opened). */
    running(docId: string): number {
      const entry = hosted.get(docId);
      return runningCount(entry ? mergedView(entry.run.view(), remote.get(docId)) : remote.get(docId));
    },
    /** Whether the console server's event stream is open (false: kernels' and the server's states are unknown). */
    connected: () => connected,
    watchConnection(watcher: () => void): () => void {
      connectionWatchers.add(watcher);
      return () => connectionWatchers.delete(watcher);
    },
    /** Told whenever any notebook's run view changes, here or in another tab. */
    watch(watcher: () => void): () => void {
      watchers.add(watcher);
      return () => watchers.delete(watcher);
    },
    stop() {
      closeEvents();
      unsubscribe();
      channel.close();
      hosted.forEach(({ run }) => run.stop());
      server.stop();
    },
  };
}

export type Kernels = ReturnType<typeof createKernels>;
