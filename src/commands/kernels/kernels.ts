import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import type { KernelSpecList } from '../../../contracts/kernels';
import type { Output } from '../../model/nbformat/types';
import { notebookServerMachine } from '../../machines/notebookServer.machine';
import type { KernelsApi } from '../../sync/api/kernels.api';
import type { BiMetadata } from '../../sync/caches/biMetadata';
import { createBroadcast, type Broadcast } from '../../sync/tabs/broadcast';
import type { MetadataWatch } from '../catalog/watch';
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

/** What SQL cells need of the warehouse: the pickers watch metadata keys and read them live; completion awaits answers. */
export interface WarehousePlaces {
  /** Asks the sync worker for these keys (commands/catalog/watch.ts); the rows are read with live queries. */
  watchMetadata: MetadataWatch['watch'];
  /** SQL Lab's metadata, for SQL cells' completion. */
  metadata: BiMetadata;
}

export interface KernelsDeps {
  api: KernelsApi;
  username: string;
  notify: Notify;
  /** Writes a run's outputs into the notebook's document (notebook.recordOutputs). */
  record: (docId: string, cellId: string, outputs: Output[], executionCount: number | null) => void;
  /** The warehouse's databases and schemas, for SQL cells' pickers and completion (the BI metadata cache). */
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

/** What one signed-in session's kernels hold: made once by createKernels, handed to each handler. */
interface Session {
  deps: KernelsDeps;
  server: ServerActor;
  channel: Broadcast<RunMessage>;
  /** One NotebookRun per notebook opened in this page. */
  hosted: Map<string, Hosted>;
  opening: Map<string, Promise<NotebookRun>>;
  /** What other tabs last said they run, by notebook. */
  remote: Map<string, RunView>;
  /** Told of any notebook's run view changing (the tab strip's badges). */
  watchers: Set<() => void>;
  /** Whether the event stream is open: while it is not, no kernel's or server's state is known. */
  connection: { open: boolean; watchers: Set<() => void> };
}

function startServer({ api, notify, username }: KernelsDeps): ServerActor {
  const server = createActor(
    notebookServerMachine.provide({
      actors: {
        startServer: fromPromise(({ input }) => api.startServer(input.username)),
        stopServer: fromPromise(({ input }) => api.stopServer(input.username)),
      },
      actions: { notify: (_, notice) => notify(notice) },
    }),
    { input: { username } },
  );
  return server.start();
}

function openSession(deps: KernelsDeps): Session {
  const channel = (deps.broadcast ?? (() => createBroadcast<RunMessage>('notebook-runs', { accept: isRunMessage })))();
  return {
    deps,
    server: startServer(deps),
    channel,
    hosted: new Map(),
    opening: new Map(),
    remote: new Map(),
    watchers: new Set(),
    connection: { open: true, watchers: new Set() },
  };
}

/** Adds a watcher to a set; the returned function removes it. */
function added(watchers: Set<() => void>, watcher: () => void): () => void {
  watchers.add(watcher);
  return () => watchers.delete(watcher);
}

function tell(session: Session, docId: string) {
  session.hosted.get(docId)?.listeners.forEach((listener) => listener());
  session.watchers.forEach((watcher) => watcher());
}

function refreshServer({ deps, server }: Session) {
  deps.api.serverStatus(deps.username).then(
    (status) => server.send({ type: 'STATUS', server: status }),
    () => {}, // offline or refused: the machine stays "stopped" until the stream says otherwise
  );
}

/** The per-user event stream feeds the server actor and every run; back after a drop, what changed meanwhile is asked again. */
function listenToEvents(session: Session): () => void {
  const { deps, hosted, connection } = session;
  return deps.api.events(
    (event) => {
      if (event.type === 'server') session.server.send({ type: 'STATUS', server: event.server });
      else hosted.forEach(({ run }) => run.heard(event));
    },
    (open) => {
      if (open && !connection.open) {
        refreshServer(session);
        hosted.forEach(({ run }) => void run.refresh());
      }
      connection.open = open;
      connection.watchers.forEach((watcher) => watcher());
    },
  );
}

/** Another tab's run of a notebook shows here too. */
function listenToTabs(session: Session): () => void {
  return session.channel.subscribe(({ docId, view }) => {
    session.remote.set(docId, view);
    tell(session, docId);
  });
}

async function host(session: Session, docId: string, path: string): Promise<NotebookRun> {
  const { deps, hosted, channel } = session;
  const existing = await deps.api.list().then(
    (kernels) => kernels.find((kernel) => kernel.path === path) ?? null,
    () => null, // unreachable: a run will say so
  );
  const run = createNotebookRun({
    api: deps.api,
    notify: deps.notify,
    path,
    existing,
    record: (cellId, outputs, count) => deps.record(docId, cellId, outputs, count),
    // Called first while the run is being made (its actor starts): nothing to tell yet.
    changed: () => {
      const made = hosted.get(docId)?.run;
      if (made) channel.post({ docId, view: made.view() });
      tell(session, docId);
    },
  });
  hosted.set(docId, { run, listeners: new Set() });
  return run;
}

/** The handlers behind createKernels' methods, each given the session. */
const handlers = {
  open(session: Session, docId: string, path: string): Promise<NotebookRun> {
    const known = session.hosted.get(docId)?.run;
    if (known) return Promise.resolve(known);
    let pending = session.opening.get(docId);
    if (!pending) {
      pending = host(session, docId, path);
      session.opening.set(docId, pending);
    }
    return pending;
  },
  subscribe(session: Session, docId: string, listener: () => void): () => void {
    const entry = session.hosted.get(docId);
    entry?.listeners.add(listener);
    return () => entry?.listeners.delete(listener);
  },
  view(session: Session, docId: string): RunView | null {
    const entry = session.hosted.get(docId);
    if (!entry) return null;
    const local = entry.run.view();
    const other = session.remote.get(docId);
    if (entry.merged?.local !== local || entry.merged.remote !== other) entry.merged = { local, remote: other, view: mergedView(local, other) };
    return entry.merged.view;
  },
  running(session: Session, docId: string): number {
    const entry = session.hosted.get(docId);
    return runningCount(entry ? mergedView(entry.run.view(), session.remote.get(docId)) : session.remote.get(docId));
  },
};

/**
 * The kernels of one signed-in session: the user's notebook server actor, one NotebookRun per open
 * notebook (its kernel and cell actors), one subscription to the per-user event stream feeding
 * them all, and the running state shared with the other browser tabs (BroadcastChannel): a tab
 * shows what another tab runs on the same notebook.
 */
export function createKernels(deps: KernelsDeps) {
  const session = openSession(deps);
  const closeEvents = listenToEvents(session);
  refreshServer(session);
  const closeTabs = listenToTabs(session);

  return {
    server: session.server,
    kernelspecs: (): Promise<KernelSpecList> => deps.api.kernelspecs(),
    /** Where SQL cells may run: the databases and their schemas (cached; offline, what was last seen). */
    warehouse: deps.warehouse,
    /** The notebook's run (kernel, cells, queue), made at its first open in this page and kept for the session. */
    open: (docId: string, path: string) => handlers.open(session, docId, path),
    /** For useSyncExternalStore: told when this notebook's run view (here or in another tab) changes. */
    subscribe: (docId: string, listener: () => void) => handlers.subscribe(session, docId, listener),
    /** The notebook's run as this tab shows it: its own, with what other tabs run on it (null before open). */
    view: (docId: string) => handlers.view(session, docId),
    /** Cells queued or running in this notebook, here or in another tab (0 for one not run since this page opened). */
    running: (docId: string) => handlers.running(session, docId),
    /** Whether the console server's event stream is open (false: kernels' and the server's states are unknown). */
    connected: () => session.connection.open,
    watchConnection: (watcher: () => void) => added(session.connection.watchers, watcher),
    /** Told whenever any notebook's run view changes, here or in another tab. */
    watch: (watcher: () => void) => added(session.watchers, watcher),
    stop() {
      closeEvents();
      closeTabs();
      session.channel.close();
      session.hosted.forEach(({ run }) => run.stop());
      session.server.stop();
    },
  };
}

export type Kernels = ReturnType<typeof createKernels>;
