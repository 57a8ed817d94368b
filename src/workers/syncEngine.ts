import type { ConsoleDb } from '../db/schema';
import { httpStatus, serverMessage, isNetworkError } from '../sync/api/http';
import type { NotebookApi } from '../sync/api/notebook.api';
import type { BackoffOptions } from '../sync/backoff';
import { createPoller, type Poller, type PollerOptions } from '../sync/caches/poller';
import type { SyncConditions, SyncResource, SyncWorkerEvent } from '../sync/syncWorkerApi';
import { recordWorkspaceError, writeWorkspaceListing } from '../db/workspaceFiles';
import { SERVER_UNREACHABLE } from '../model/cacheRows';
import type { WorkflowService } from '../../contracts/workflow';
import { refreshWatchedViews } from '../sync/caches/workflowViews';
import { dropOldWorkflowViews } from '../db/workflowViews';
import { refreshWantedMetadata, type MetadataApi } from '../sync/caches/biMetadata';

export const WORKSPACE_INTERVAL_MS = 30_000;
/** Workflow views (DAG lists, grids, runs) move by the second while DAGs run. */
export const WORKFLOW_INTERVAL_MS = 5_000;
/** The BI metadata poller runs when a screen asks (refreshNow); this is only its safety net. */
export const METADATA_INTERVAL_MS = 30_000;
/** After failed polls: 5 s, 10 s, 20 s… up to 5 minutes, jittered so tabs of many users spread out. */
export const POLL_BACKOFF: BackoffOptions = { baseMs: 5000, maxMs: 5 * 60_000, jitter: 'equal' };

export interface SyncEngineDeps {
  db: ConsoleDb;
  api: Pick<NotebookApi, 'listWorkspace'>;
  /** The workflow upstream: the views tabs show are refreshed from it. */
  workflows?: WorkflowService;
  /** The BI API: the metadata screens ask for is fetched from it. */
  metadata?: MetadataApi;
  bucket: string;
  /** Tells the page: status after each poll and change of conditions; unauthorized once. */
  report: (event: SyncWorkerEvent) => void;
  conditions?: SyncConditions;
  now?: () => number;
  setTimer?: PollerOptions['setTimer'];
  clearTimer?: PollerOptions['clearTimer'];
}

export interface SyncEngine {
  start(): void;
  setConditions(conditions: SyncConditions): void;
  refreshNow(resource: SyncResource): void;
  stop(): void;
}

interface EngineState {
  conditions: SyncConditions;
  started: boolean;
  lastFetchedAt?: number;
  error?: string;
}

function describeError(error: unknown): string {
  if (isNetworkError(error)) return SERVER_UNREACHABLE;
  return serverMessage(error) ?? (error instanceof Error ? error.message : String(error));
}

/** A poll's failure: a 401 ends the engine (the page sends the user to sign in); others are thrown for the backoff. */
type Unauthorized = () => void;

/** Runs a poll; a 401 stops the engine instead of being thrown. */
async function guarded(signal: AbortSignal, unauthorized: Unauthorized, poll: () => Promise<void>): Promise<void> {
  try {
    await poll();
  } catch (error) {
    if (!signal.aborted && httpStatus(error) === 401) return unauthorized();
    throw error;
  }
}

/** Copies the workspace listing into its cache, keeping the failure beside the last listing. */
function workspaceTask(deps: SyncEngineDeps, state: EngineState, reportStatus: () => void, unauthorized: Unauthorized) {
  const now = deps.now ?? Date.now;
  return async (signal: AbortSignal) => {
    try {
      const files = await deps.api.listWorkspace(deps.bucket, { signal });
      const fetchedAt = now();
      await writeWorkspaceListing(deps.db, deps.bucket, files, fetchedAt);
      Object.assign(state, { lastFetchedAt: fetchedAt, error: undefined });
    } catch (error) {
      if (signal.aborted) throw error;
      if (httpStatus(error) === 401) return unauthorized(); // stops the poller: aborted, no status after it
      state.error = describeError(error);
      await recordWorkspaceError(deps.db, deps.bucket, state.error);
      throw error; // the poller backs off
    } finally {
      if (!signal.aborted) reportStatus();
    }
  };
}

/** The tasks of the pollers this engine runs: each resource only with its upstream. */
function pollerTasks(deps: SyncEngineDeps, state: EngineState, reportStatus: () => void, unauthorized: Unauthorized) {
  const now = deps.now ?? Date.now;
  const { workflows, metadata } = deps;
  const tasks: Partial<Record<SyncResource, { intervalMs: number; task: (signal: AbortSignal) => Promise<void> }>> = {
    workspace: { intervalMs: WORKSPACE_INTERVAL_MS, task: workspaceTask(deps, state, reportStatus, unauthorized) },
  };
  if (workflows) {
    // Each view keeps its own error for its screen; a failure is thrown so the poller backs off.
    tasks.workflows = {
      intervalMs: WORKFLOW_INTERVAL_MS,
      task: (signal) =>
        guarded(signal, unauthorized, async () => {
          await dropOldWorkflowViews(deps.db, now());
          await refreshWatchedViews(deps.db, workflows, now, signal);
        }),
    };
  }
  if (metadata) {
    tasks.metadata = { intervalMs: METADATA_INTERVAL_MS, task: (signal) => guarded(signal, unauthorized, async () => void (await refreshWantedMetadata(deps.db, metadata, now, signal))) };
  }
  return tasks;
}

/**
 * The sync worker's logic, free of Worker and Comlink so it runs in tests as is: pollers that copy
 * server data into the Dexie caches (the workspace listing, the workflow views and the BI
 * metadata the screens ask for), paused while offline or while no tab is visible, stopped for
 * good by a 401 (the page sends the user to sign in; a new session starts a new engine).
 */
export function createSyncEngine(deps: SyncEngineDeps): SyncEngine {
  const state: EngineState = { conditions: deps.conditions ?? { online: true, anyTabVisible: true }, started: false };
  const isPaused = () => !state.conditions.online || !state.conditions.anyTabVisible;
  const reportStatus = () => deps.report({ type: 'status', polling: state.started && !isPaused(), lastFetchedAt: state.lastFetchedAt, error: state.error });
  const unauthorized = () => {
    stop();
    deps.report({ type: 'unauthorized' });
  };
  const pollers = new Map<SyncResource, Poller>();
  for (const [name, { intervalMs, task }] of Object.entries(pollerTasks(deps, state, reportStatus, unauthorized)) as [SyncResource, { intervalMs: number; task: PollerOptions['task'] }][]) {
    pollers.set(name, createPoller({ name, intervalMs, backoff: POLL_BACKOFF, isPaused, task, now: deps.now, setTimer: deps.setTimer, clearTimer: deps.clearTimer }));
  }

  function stop(): void {
    state.started = false;
    pollers.forEach((poller) => poller.stop());
  }

  return {
    start() {
      if (state.started) return;
      state.started = true;
      pollers.forEach((poller) => poller.start());
    },
    setConditions(conditions) {
      state.conditions = { ...conditions };
      pollers.forEach((poller) => poller.notify());
      reportStatus();
    },
    refreshNow: (resource) => pollers.get(resource)?.refreshNow(),
    stop,
  };
}
