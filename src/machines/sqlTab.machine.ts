import { and, assertEvent, assign, fromCallback, fromPromise, not, setup, type EventObject } from 'xstate';
import type { ExecuteResponse } from '../../contracts/bi';
import type { SqlTabEstimate } from '../db/events';
import {
  ELAPSED_TICK_MS,
  EXECUTE_FAILED_MESSAGE,
  EXECUTE_SUCCESS_MESSAGE,
  ESTIMATE_FAILED_MESSAGE,
  FORMAT_FAILED_MESSAGE,
  CANCELLED_MESSAGE,
  NO_SELECTION_MESSAGE,
  SELECTION_FAILED_MESSAGE,
  SELECTION_SUCCESS_MESSAGE,
  SELECTION_TAB_SUFFIX,
  failureText,
  newQueryClientId,
  type EstimateQueryInput,
  type ExecuteQueryInput,
  type FormatSqlInput,
  type Notice,
  type SqlTabContext,
  type SqlTabMachineEvent,
  type SqlTabMachineInput,
  type SqlTabQuery,
  type SqlTabRun,
  type StopQueryInput,
} from './sqlTab.types';

export * from './sqlTab.types';

// ---- Helpers -------------------------------------------------------------------------------------

function notProvided(name: string): never {
  throw new Error(`sqlTabMachine: the "${name}" actor must be provided`);
}

function runOf(context: SqlTabContext): SqlTabRun {
  if (!context.run) throw new Error('sqlTabMachine: no execution under way');
  return context.run;
}

function queryOf(event: SqlTabMachineEvent): SqlTabQuery {
  assertEvent(event, ['EXECUTE', 'EXECUTE_SELECTION', 'ESTIMATE']);
  const { sql, databaseId, catalog, schema, tabName, queryLimit } = event;
  return { sql, databaseId, catalog, schema, tabName, queryLimit };
}

const estimateInputOf = (tabId: string, { sql, databaseId, catalog, schema }: SqlTabQuery): EstimateQueryInput => ({
  tabId,
  sql,
  databaseId,
  catalog,
  schema,
});

const success = (run: SqlTabRun): Notice => ({
  kind: 'success',
  message: run.mode === 'selection' ? SELECTION_SUCCESS_MESSAGE : EXECUTE_SUCCESS_MESSAGE,
});

/** An event for another tab: the page should not have sent it; a log line and nothing else. */
const logStray = {
  type: 'logOnly',
  params: ({ context, event }: { context: SqlTabContext; event: SqlTabMachineEvent }) => ({
    message: `sqlTab ${context.tabId}: ignored ${event.type} meant for tab ${'tabId' in event ? event.tabId : '?'}`,
  }),
} as const;

// ---- The machine ----------------------------------------------------------------------------------

/**
 * One SQL tab's runs: execute (all or the selection), cancel, estimate, format. Every side effect
 * is a named actor or action the page provides (API calls, toasts, the results cache, the log).
 */
export const sqlTabMachine = setup({
  types: {
    context: {} as SqlTabContext,
    events: {} as SqlTabMachineEvent,
    input: {} as SqlTabMachineInput,
  },
  actors: {
    executeQuery: fromPromise<ExecuteResponse, ExecuteQueryInput>(async () => notProvided('executeQuery')),
    estimateQuery: fromPromise<SqlTabEstimate, EstimateQueryInput>(async () => notProvided('estimateQuery')),
    stopQuery: fromPromise<void, StopQueryInput>(async () => notProvided('stopQuery')),
    formatSql: fromPromise<string, FormatSqlInput>(async () => notProvided('formatSql')),
    /** Sends TICK with the time since it started, every intervalMs (Date.now: right even if ticks are late). */
    elapsedTimer: fromCallback<EventObject, { intervalMs: number }>(({ sendBack, input }) => {
      const startedAt = Date.now();
      const timer = setInterval(() => sendBack({ type: 'TICK', elapsedMs: Date.now() - startedAt }), input.intervalMs);
      return () => clearInterval(timer);
    }),
  },
  actions: {
    // The page provides these (toasts, results cache, tab events, console); by default they do nothing.
    notify: (_, _params: Notice) => {},
    storeResults: (_, _params: { tabId: string; clientId: string; query: SqlTabQuery; response: ExecuteResponse }) => {},
    clearResults: (_, _params: { tabId: string }) => {},
    storeEstimate: (_, _params: { tabId: string; estimate: SqlTabEstimate }) => {},
    clearEstimate: (_, _params: { tabId: string }) => {},
    replaceSql: (_, _params: { tabId: string; sql: string }) => {},
    logOnly: (_, _params: { message: string; detail?: unknown }) => {},
    beginRun: assign(({ context, event }) => {
      const mode = event.type === 'EXECUTE_SELECTION' ? 'selection' : 'all';
      const query = queryOf(event);
      const tabName = mode === 'selection' ? `${query.tabName}${SELECTION_TAB_SUFFIX}` : query.tabName;
      return { run: { mode, clientId: context.newClientId(), query: { ...query, tabName } } as const };
    }),
  },
  guards: {
    forThisTab: ({ context, event }) => 'tabId' in event && event.tabId === context.tabId,
    selectionIsBlank: ({ event }) => event.type === 'EXECUTE_SELECTION' && event.sql.trim() === '',
  },
}).createMachine({
  id: 'sqlTab',
  context: ({ input }) => ({
    tabId: input.tabId,
    run: null,
    loading: false,
    elapsedMs: 0,
    error: null,
    cancelled: false,
    newClientId: input.newClientId ?? newQueryClientId,
  }),
  initial: 'ready',
  // Reached only when no state took the event. For this tab that means "not now": no transition,
  // so can() is false (EXECUTE while running, CANCEL while idle). For another tab: logged.
  on: {
    EXECUTE: { guard: not('forThisTab'), actions: logStray },
    EXECUTE_SELECTION: { guard: not('forThisTab'), actions: logStray },
    CANCEL: { guard: not('forThisTab'), actions: logStray },
    ESTIMATE: { guard: not('forThisTab'), actions: logStray },
    FORMAT: { guard: not('forThisTab'), actions: logStray },
  },
  states: {
    ready: {
      initial: 'idle',
      on: {
        EXECUTE: { guard: 'forThisTab', target: 'executing', actions: 'beginRun' },
        EXECUTE_SELECTION: [
          {
            guard: and(['forThisTab', 'selectionIsBlank']),
            actions: { type: 'notify', params: { kind: 'error', message: NO_SELECTION_MESSAGE } },
          },
          { guard: 'forThisTab', target: 'executing', actions: 'beginRun' },
        ],
        ESTIMATE: { guard: 'forThisTab', target: '.estimating' },
        FORMAT: { guard: 'forThisTab', target: '.formatting' },
      },
      states: {
        idle: {},
        // The stop request goes out at once; a new run may start before it answers.
        stopping: {
          invoke: {
            src: 'stopQuery',
            input: ({ context }) => ({ clientId: runOf(context).clientId }),
            onDone: { target: 'idle' },
            onError: {
              target: 'idle',
              actions: { type: 'logOnly', params: ({ event }) => ({ message: 'Stopping the query failed.', detail: event.error }) },
            },
          },
        },
        estimating: {
          invoke: {
            src: 'estimateQuery',
            input: ({ context, event }) => estimateInputOf(context.tabId, queryOf(event)),
            onDone: {
              target: 'idle',
              actions: { type: 'storeEstimate', params: ({ context, event }) => ({ tabId: context.tabId, estimate: event.output }) },
            },
            onError: { target: 'idle', actions: { type: 'notify', params: { kind: 'error', message: ESTIMATE_FAILED_MESSAGE } } },
          },
        },
        formatting: {
          invoke: {
            src: 'formatSql',
            input: ({ context, event }) => {
              assertEvent(event, 'FORMAT');
              return { tabId: context.tabId, sql: event.sql, databaseId: event.databaseId };
            },
            onDone: {
              target: 'idle',
              actions: { type: 'replaceSql', params: ({ context, event }) => ({ tabId: context.tabId, sql: event.output }) },
            },
            onError: { target: 'idle', actions: { type: 'notify', params: { kind: 'error', message: FORMAT_FAILED_MESSAGE } } },
          },
        },
      },
    },
    executing: {
      initial: 'running',
      entry: assign({ loading: true, elapsedMs: 0, error: null, cancelled: false }),
      exit: assign({ loading: false }),
      states: {
        running: {
          invoke: [
            {
              src: 'executeQuery',
              input: ({ context }) => ({ ...runOf(context).query, tabId: context.tabId, clientId: runOf(context).clientId }),
              onDone: {
                target: 'estimating',
                actions: {
                  type: 'storeResults',
                  params: ({ context, event }) => {
                    const { clientId, query } = runOf(context);
                    return { tabId: context.tabId, clientId, query, response: event.output };
                  },
                },
              },
              onError: {
                target: '#sqlTab.ready',
                actions: [
                  assign({ error: ({ context, event }) => failureText(event.error, failedMessage(runOf(context))) }),
                  { type: 'notify', params: ({ context }) => ({ kind: 'error', message: context.error ?? '' }) },
                ],
              },
            },
            { src: 'elapsedTimer', input: { intervalMs: ELAPSED_TICK_MS } },
          ],
          on: {
            TICK: { actions: assign({ elapsedMs: ({ event }) => event.elapsedMs }) },
            // Leaving `running` stops the execute actor: whatever it answers later is dropped.
            CANCEL: {
              guard: 'forThisTab',
              target: '#sqlTab.ready.stopping',
              actions: [
                assign({ cancelled: true, loading: false }),
                { type: 'clearResults', params: ({ context }) => ({ tabId: context.tabId }) },
                { type: 'clearEstimate', params: ({ context }) => ({ tabId: context.tabId }) },
                { type: 'notify', params: { kind: 'warning', message: CANCELLED_MESSAGE } },
              ],
            },
          },
        },
        // The results are in; the estimate follows, then the success toast.
        estimating: {
          invoke: {
            src: 'estimateQuery',
            input: ({ context }) => estimateInputOf(context.tabId, runOf(context).query),
            onDone: {
              target: '#sqlTab.ready',
              actions: [
                { type: 'storeEstimate', params: ({ context, event }) => ({ tabId: context.tabId, estimate: event.output }) },
                { type: 'notify', params: ({ context }) => success(runOf(context)) },
              ],
            },
            onError: {
              target: '#sqlTab.ready',
              actions: [
                { type: 'notify', params: { kind: 'error', message: ESTIMATE_FAILED_MESSAGE } },
                { type: 'notify', params: ({ context }) => success(runOf(context)) },
              ],
            },
          },
        },
      },
    },
  },
});

function failedMessage(run: SqlTabRun): string {
  return run.mode === 'selection' ? SELECTION_FAILED_MESSAGE : EXECUTE_FAILED_MESSAGE;
}
