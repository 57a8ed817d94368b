import type { ConsoleDb } from '../db/schema';
import { httpStatus, serverMessage, isNetworkError } from '../sync/api/http';
import type { NotebookApi } from '../sync/api/notebook.api';
import type { BackoffOptions } from '../sync/backoff';
import { createPoller, type Poller, type PollerOptions } from '../sync/caches/poller';
import type { SyncConditions, SyncResource, SyncWorkerEvent } from '../sync/syncWorkerApi';
import { recordWorkspaceError, writeWorkspaceListing } from '../db/workspaceFiles';
import type { WorkflowService } from '../../contracts/workflow';
import { refreshWatchedViews } from '../sync/caches/workflowViews';
import { dropOldWorkflowViews } from '../db/workflowViews';

export const WORKSPACE_INTERVAL_MS = 30_000;
/** Workflow views (DAG lists, grids, runs) move by the second while DAGs run. */
export const WORKFLOW_INTERVAL_MS = 5_000;
/** After failed polls: 5 s, 10 s, 20 s… up to 5 minutes, jittered so tabs of many users spread out. */
export const POLL_BACKOFF: BackoffOptions = { baseMs: 5000, maxMs: 5 * 60_000, jitter: 'equal' };

export interface SyncEngineDeps {
  db: ConsoleDb;
  api: Pick<NotebookApi, 'listWorkspace'>;
  /** The workflow upstream: the views tabs show are refreshed from it. */
  workflows?: WorkflowService;
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
  if (isNetworkError(error)) return 'the server could not be reached';
  return serverMessage(error) ?? (error instanceof Error ? error.message : String(error));
}

/**
 * The sync worker's logic, free of Worker and Comlink so it runs in tests as is: pollers that copy
 * server lists into the Dexie caches, paused while offline or while no tab is visible, stopped for
 * good by a 401 (the page sends the user to sign in; a new session starts a new engine).
 */
export function createSyncEngine(deps: SyncEngineDeps): SyncEngine {
  const now = deps.now ?? Date.now;
  const state: EngineState = { conditions: deps.conditions ?? { online: true, anyTabVisible: true }, started: false };
  const isPaused = () => !state.conditions.online || !state.conditions.anyTabVisible;
  const poller = (name: SyncResource, intervalMs: number, task: (signal: AbortSignal) => Promise<void>) =>
    createPoller({ name, intervalMs, backoff: POLL_BACKOFF, isPaused, task, now, setTimer: deps.setTimer, clearTimer: deps.clearTimer });
  const pollers: Partial<Record<SyncResource, Poller>> = {
    workspace: poller('workspace', WORKSPACE_INTERVAL_MS, pollWorkspace),
    // Only with a workflow upstream: the views tabs show are refreshed from it.
    ...(deps.workflows ? { workflows: poller('workflows', WORKFLOW_INTERVAL_MS, pollWorkflows) } : {}),
  };
  const all = () => Object.values(pollers).filter((p): p is Poller => p !== undefined);

  function reportStatus(): void {
    const { lastFetchedAt, error } = state;
    deps.report({ type: 'status', polling: state.started && !isPaused(), lastFetchedAt, error });
  }

  function stop(): void {
    state.started = false;
    all().forEach((poller) => poller.stop());
  }

  async function pollWorkspace(signal: AbortSignal): Promise<void> {
    try {
      const files = await deps.api.listWorkspace(deps.bucket, { signal });
      const fetchedAt = now();
      await writeWorkspaceListing(deps.db, deps.bucket, files, fetchedAt);
      Object.assign(state, { lastFetchedAt: fetchedAt, error: undefined });
    } catch (error) {
      if (signal.aborted) throw error;
      if (httpStatus(error) === 401) {
        stop();
        deps.report({ type: 'unauthorized' });
        return;
      }
      state.error = describeError(error);
      await recordWorkspaceError(deps.db, deps.bucket, state.error);
      throw error; // the poller backs off
    } finally {
      if (!signal.aborted) reportStatus();
    }
  }

  async function pollWorkflows(signal: AbortSignal): Promise<void> {
    if (!deps.workflows) return;
    try {
      await dropOldWorkflowViews(deps.db, now());
      await refreshWatchedViews(deps.db, deps.workflows, now, signal);
    } catch (error) {
      if (signal.aborted) throw error;
      if (httpStatus(error) === 401) {
        stop();
        deps.report({ type: 'unauthorized' });
        return;
      }
      throw error; // the poller backs off; each view keeps its own error for its screen
    }
  }

  return {
    start() {
      if (state.started) return;
      state.started = true;
      all().forEach((poller) => poller.start());
    },
    setConditions(conditions) {
      state.conditions = { ...conditions };
      all().forEach((poller) => poller.notify());
      reportStatus();
    },
    refreshNow(resource) {
      pollers[resource]?.refreshNow();
    },
    stop,
  };
}
