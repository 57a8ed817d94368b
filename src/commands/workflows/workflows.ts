import type { AffectedTaskInstance, ClearRequest, DagRun, GraphData, WorkflowService } from '../../../contracts/workflow';
import type { ConsoleDb } from '../../db/schema';
import { readWorkflowView, recordWorkflowViewError, touchWorkflowView, touchWorkflowViews, writeWorkflowView } from '../../db/workflowViews';
import { describeWorkflowError, refreshWorkflowView, refreshWorkflowViews, WORKFLOW_VIEW_WATCH_MS } from '../../sync/caches/workflowViews';
import { isLiveViewOf, readLogFrom, type ViewOf, type WorkflowView } from '../../model/workflow/views';
import type { Notify } from '../core';
import type { PlacedGraph } from '../../model/workflow/graphLayout';
import { parseConf } from './conf';

export interface WorkflowDeps {
  db: ConsoleDb;
  service: WorkflowService;
  notify: Notify;
  /** Asks the sync worker to refresh every watched view now (after an action changed them). */
  refreshWatched: () => void;
  /** Lays out DAG graphs off the main thread (the page starts the worker: src/workers/graphLayoutClient.ts). */
  graphs: GraphLayout;
  now?: () => number;
}

/** The graph layout the commands ask for; the composition root supplies it. */
export interface GraphLayout {
  layout(graph: GraphData): Promise<PlacedGraph>;
  stop(): void;
}

/** An answer younger than this is shown without asking the server again. */
const FRESH_MS = 10_000;

export type TriggerOutcome = { ok: true; run: DagRun } | { ok: false; field: 'conf' | 'server'; message: string };

/**
 * The workflow screens' commands. Reads are views kept in Dexie (the screens read them live, in
 * every tab, offline with their age); actions go to the upstream at once (they need the server:
 * Airflow decides what a trigger or a clear does) and then refresh the views they change.
 */
export function createWorkflows({ db, service, notify, refreshWatched, graphs, now = Date.now }: WorkflowDeps) {
  async function refreshLive(dagId: string): Promise<void> {
    const rows = await db.workflowViews.where('viewedAt').aboveOrEqual(now() - WORKFLOW_VIEW_WATCH_MS).toArray();
    await Promise.allSettled(rows.filter((row) => isLiveViewOf(row.view, dagId)).map((row) => refreshWorkflowView(db, service, row.view, now)));
    refreshWatched();
  }

  /** Runs an action; says what went wrong, or what it did. */
  async function act<T>(what: string, run: () => Promise<T>, done: (value: T) => string | null, dagId: string): Promise<T | undefined> {
    try {
      const value = await run();
      const message = done(value);
      if (message) notify({ kind: 'success', message });
      await refreshLive(dagId);
      return value;
    } catch (error) {
      notify({ kind: 'error', message: `${what}: ${describeWorkflowError(error)}` });
      return undefined;
    }
  }

  return {
    /**
     * A tab shows this view: note it (the sync worker refreshes watched views) and fetch it when its
     * answer is old. Failures are kept with the view for the screen to show, not thrown.
     */
    async show(view: WorkflowView, options: { force?: boolean } = {}): Promise<void> {
      const stale = await touchWorkflowView(db, view, now(), FRESH_MS);
      if (stale || options.force) await refreshWorkflowView(db, service, view, now).catch(() => undefined);
    },

    /** show() for several views at once (a list's rows): one touch, the old ones fetched side by side, one write. */
    async showAll(views: WorkflowView[]): Promise<void> {
      const stale = await touchWorkflowViews(db, views, now(), FRESH_MS);
      const old = views.filter((_, i) => stale[i]);
      if (old.length > 0) await refreshWorkflowViews(db, service, old, now);
    },

    /** Reads on in a try's log from what is kept; the screen shows the kept text live. */
    async readLog(view: ViewOf<'log'>): Promise<void> {
      await touchWorkflowView(db, view, now(), 0);
      const kept = (await readWorkflowView(db, view)).value ?? { content: '', token: null, endOfLog: false };
      if (kept.endOfLog) return;
      try {
        const log = await readLogFrom(service, view, kept);
        const changed = log.content.length !== kept.content.length || log.token !== kept.token || log.endOfLog !== kept.endOfLog;
        if (changed) await writeWorkflowView(db, view, log, now());
      } catch (error) {
        await recordWorkflowViewError(db, view, describeWorkflowError(error));
      }
    },

    setPaused(dagId: string, paused: boolean) {
      return act(paused ? 'Failed to pause DAG' : 'Failed to unpause DAG', () => service.setPaused(dagId, paused), () => `DAG ${dagId} ${paused ? 'paused' : 'unpaused'}`, dagId);
    },

    /** Checks the conf before anything is sent; the dialog shows a refusal beside its field. */
    async trigger(dagId: string, input: { confText: string; logicalDate: string | null; note?: string }): Promise<TriggerOutcome> {
      const conf = parseConf(input.confText);
      if (!conf.ok) return { ok: false, field: 'conf', message: conf.message };
      try {
        const run = await service.triggerRun(dagId, { conf: conf.value, logicalDate: input.logicalDate, note: input.note });
        notify({ kind: 'success', message: `Triggered ${dagId}: ${run.runId}` });
        await refreshLive(dagId);
        return { ok: true, run };
      } catch (error) {
        return { ok: false, field: 'server', message: describeWorkflowError(error) };
      }
    },

    markRun(dagId: string, runId: string, state: 'success' | 'failed') {
      return act(`Failed to mark the run ${state}`, () => service.setRunState(dagId, runId, state), () => `Run ${runId} marked ${state}`, dagId);
    },

    markTask(dagId: string, runId: string, taskId: string, state: 'success' | 'failed') {
      return act(`Failed to mark the task ${state}`, () => service.setTaskState(dagId, runId, taskId, state), () => `Task ${taskId} marked ${state}`, dagId);
    },

    clear(dagId: string, request: ClearRequest) {
      const what = request.taskIds.length === 1 ? `Task ${request.taskIds[0]}` : `${request.taskIds.length} tasks`;
      return act('Failed to clear', () => service.clearTasks(dagId, request), () => `${what} cleared: ${dagId} runs again`, dagId);
    },

    /** What clear would clear (the upstream's dry run), or why the upstream would not say, for the dialog to show. */
    async previewClear(dagId: string, request: ClearRequest): Promise<{ ok: true; items: AffectedTaskInstance[] } | { ok: false; message: string }> {
      try {
        return { ok: true, items: await service.previewClear(dagId, request) };
      } catch (error) {
        return { ok: false, message: describeWorkflowError(error) };
      }
    },

    /** Positions for a DAG's graph, worked out in a worker. */
    layout: graphs.layout,

    stop: graphs.stop,

    /** DAGs whose id holds the text, from the server (Ctrl+K, when none kept here matches). */
    findDags: (text: string, limit: number) => service.listDags({ limit, offset: 0, search: text }).then((page) => page.items),

    /** One XCom's value (read when opened, not kept). */
    xcomValue(dagId: string, runId: string, taskId: string, key: string): Promise<unknown> {
      return service.getXCom(dagId, runId, taskId, key).then((entry) => entry.value);
    },
  };
}

export type Workflows = ReturnType<typeof createWorkflows>;
