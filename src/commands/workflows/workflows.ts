import type { AffectedTaskInstance, ClearRequest, MarkRequest, DagRun, GraphData, WorkflowService } from '../../../contracts/workflow';
import type { ConsoleDb } from '../../db/schema';
import { readWorkflowView, recordWorkflowViewError, touchWorkflowView, touchWorkflowViews, writeWorkflowView } from '../../db/workflowViews';
import { describeWorkflowError, refreshWorkflowView, refreshWorkflowViews, WORKFLOW_VIEW_WATCH_MS } from '../../sync/caches/workflowViews';
import { EMPTY_LOG, LOG_PAGE_LINES, LOG_READ_LINES, readLogBack, readLogOn, type KeptLog } from '../../model/workflow/logReads';
import { isLiveViewOf, refreshDue, type ViewOf, type WorkflowView } from '../../model/workflow/views';
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

/** What every handler works over: the deps with the clock settled. */
type Ctx = Required<WorkflowDeps>;

async function refreshLive(ctx: Ctx, dagId: string): Promise<void> {
  const rows = await ctx.db.workflowViews.where('viewedAt').aboveOrEqual(ctx.now() - WORKFLOW_VIEW_WATCH_MS).toArray();
  await Promise.allSettled(rows.filter((row) => isLiveViewOf(row.view, dagId)).map((row) => refreshWorkflowView(ctx.db, ctx.service, row.view, ctx.now)));
  ctx.refreshWatched();
}

/** Runs an action; says what went wrong, or what it did. */
async function act<T>(ctx: Ctx, what: string, run: () => Promise<T>, done: (value: T) => string | null, dagId: string): Promise<T | undefined> {
  try {
    const value = await run();
    const message = done(value);
    if (message) ctx.notify({ kind: 'success', message });
    await refreshLive(ctx, dagId);
    return value;
  } catch (error) {
    ctx.notify({ kind: 'error', message: `${what}: ${describeWorkflowError(error)}` });
    return undefined;
  }
}

/**
 * The workflow screens' commands, one named handler each over the context. Reads are views kept in
 * Dexie (the screens read them live, in every tab, offline with their age); actions go to the
 * upstream at once (they need the server: Airflow decides what a trigger or a clear does) and then
 * refresh the views they change.
 */
const handlers = {
  /**
   * A tab shows this view: note it (the sync worker refreshes watched views) and fetch it when its
   * answer is old. Failures are kept with the view for the screen to show, not thrown.
   */
  async show({ db, service, now }: Ctx, view: WorkflowView, options: { force?: boolean } = {}): Promise<void> {
    const stale = (await touchWorkflowView(db, view, now(), FRESH_MS)) && refreshDue(view, await readWorkflowView(db, view), now());
    if (stale || options.force) await refreshWorkflowView(db, service, view, now).catch(() => undefined);
  },

  /** show() for several views at once (a list's rows): one touch, the old ones fetched side by side, one write. */
  async showAll({ db, service, now }: Ctx, views: WorkflowView[]): Promise<void> {
    const stale = await touchWorkflowViews(db, views, now(), FRESH_MS);
    const old = views.filter((_, i) => stale[i]);
    if (old.length > 0) await refreshWorkflowViews(db, service, old, now);
  },

  /**
   * Reads on in a try's log from what is kept: follows a running try, reads a finished one not
   * read yet, and `more` loads the next lines of a long one. The screen shows the kept text live.
   */
  async readLog(ctx: Ctx, view: ViewOf<'log'>, options: { running: boolean; more?: boolean }): Promise<void> {
    // Opening a finished log: its first page shows at once, the rest of the first read after it.
    const opening = !options.running && !options.more;
    const log = await keepLog(ctx, view, (kept) => readLogOn(ctx.service, view, kept, { ...options, lines: opening ? LOG_PAGE_LINES : LOG_READ_LINES }));
    if (opening && log?.paged?.first === 0 && log.paged.next === LOG_PAGE_LINES) {
      await keepLog(ctx, view, (kept) => readLogOn(ctx.service, view, kept, { running: false, more: true, lines: LOG_READ_LINES - LOG_PAGE_LINES }));
    }
  },

  /** Reads the lines before the kept window of a long finished log. */
  async readLogBack(ctx: Ctx, view: ViewOf<'log'>): Promise<void> {
    await keepLog(ctx, view, (kept) => readLogBack(ctx.service, view, kept));
  },

  setPaused(ctx: Ctx, dagId: string, paused: boolean) {
    return act(ctx, paused ? 'Failed to pause DAG' : 'Failed to unpause DAG', () => ctx.service.setPaused(dagId, paused), () => `DAG ${dagId} ${paused ? 'paused' : 'unpaused'}`, dagId);
  },

  /** Checks the conf before anything is sent; the dialog shows a refusal beside its field. */
  async trigger(ctx: Ctx, dagId: string, input: { confText: string; logicalDate: string | null; note?: string }): Promise<TriggerOutcome> {
    const conf = parseConf(input.confText);
    if (!conf.ok) return { ok: false, field: 'conf', message: conf.message };
    try {
      const run = await ctx.service.triggerRun(dagId, { conf: conf.value, logicalDate: input.logicalDate, note: input.note });
      ctx.notify({ kind: 'success', message: `Triggered ${dagId}: ${run.runId}` });
      await refreshLive(ctx, dagId);
      return { ok: true, run };
    } catch (error) {
      return { ok: false, field: 'server', message: describeWorkflowError(error) };
    }
  },

  markRun(ctx: Ctx, dagId: string, runId: string, state: 'success' | 'failed') {
    return act(ctx, `Failed to mark the run ${state}`, () => ctx.service.setRunState(dagId, runId, state), () => `Run ${runId} marked ${state}`, dagId);
  },

  /** Marks a task instance (a mapped task's one map index, -1 for an unmapped task) and what the options add. */
  markTask(ctx: Ctx, dagId: string, request: MarkRequest) {
    const { taskId, mapIndex, state } = request;
    const name = mapIndex >= 0 ? `${taskId}[${mapIndex}]` : taskId;
    return act(ctx, `Failed to mark the task ${state}`, () => ctx.service.setTaskState(dagId, request), () => `Task ${name} marked ${state}`, dagId);
  },

  /** What mark would change (the upstream's dry run), or why the upstream would not say, for the dialog to show. */
  async previewMark({ service }: Ctx, dagId: string, request: MarkRequest): Promise<{ ok: true; items: AffectedTaskInstance[] } | { ok: false; message: string }> {
    try {
      return { ok: true, items: await service.previewMark(dagId, request) };
    } catch (error) {
      return { ok: false, message: describeWorkflowError(error) };
    }
  },

  clear(ctx: Ctx, dagId: string, request: ClearRequest) {
    const what = request.taskIds.length === 1 ? `Task ${request.taskIds[0]}` : `${request.taskIds.length} tasks`;
    return act(ctx, 'Failed to clear', () => ctx.service.clearTasks(dagId, request), () => `${what} cleared: ${dagId} runs again`, dagId);
  },

  /** What clear would clear (the upstream's dry run), or why the upstream would not say, for the dialog to show. */
  async previewClear({ service }: Ctx, dagId: string, request: ClearRequest): Promise<{ ok: true; items: AffectedTaskInstance[] } | { ok: false; message: string }> {
    try {
      return { ok: true, items: await service.previewClear(dagId, request) };
    } catch (error) {
      return { ok: false, message: describeWorkflowError(error) };
    }
  },

  /** Positions for a DAG's graph, worked out in a worker. */
  layout: ({ graphs }: Ctx, graph: GraphData): Promise<PlacedGraph> => graphs.layout(graph),

  stop: ({ graphs }: Ctx): void => graphs.stop(),

  /** DAGs whose id holds the text, from the server (Ctrl+K, when none kept here matches). */
  findDags: ({ service }: Ctx, text: string, limit: number) => service.listDags({ limit, offset: 0, search: text }).then((page) => page.items),

  /** Where the browser downloads a try's whole log from (the server streams it; the page never holds it). */
  logFileUrl: ({ service }: Ctx, view: ViewOf<'log'>) => service.logDownloadUrl(view.dagId, view.runId, view.taskId, view.mapIndex, view.tryNumber),

  /** One XCom's value (read when opened, not kept). */
  xcomValue({ service }: Ctx, dagId: string, runId: string, taskId: string, mapIndex: number, key: string): Promise<unknown> {
    return service.getXCom(dagId, runId, taskId, mapIndex, key).then((entry) => entry.value);
  },
};

type Handlers = typeof handlers;

/** The handlers with the context bound: what the screens call. */
export type Workflows = { [K in keyof Handlers]: Handlers[K] extends (ctx: Ctx, ...args: infer A) => infer R ? (...args: A) => R : never };

export function createWorkflows({ now = Date.now, ...deps }: WorkflowDeps): Workflows {
  const ctx: Ctx = { ...deps, now };
  const bound = Object.entries(handlers).map(([name, handler]) => [name, (...args: unknown[]) => (handler as (ctx: Ctx, ...rest: unknown[]) => unknown)(ctx, ...args)]);
  return Object.fromEntries(bound) as Workflows;
}

/** Reads a log on from what is kept and keeps what changed (and answers it); a failure is kept beside it for the screen. */
async function keepLog({ db, now }: Ctx, view: ViewOf<'log'>, read: (kept: KeptLog) => Promise<KeptLog>): Promise<KeptLog | undefined> {
  await touchWorkflowView(db, view, now(), 0);
  const kept = (await readWorkflowView(db, view)).value ?? EMPTY_LOG;
  try {
    const log = await read(kept);
    if (log !== kept) await writeWorkflowView(db, view, log, now());
    return log;
  } catch (error) {
    await recordWorkflowViewError(db, view, describeWorkflowError(error));
    return undefined;
  }
}
