import { assertEvent, assign, fromCallback, fromPromise, raise, setup, type EventObject } from 'xstate';
import type { ExecuteResponse } from '../../contracts/bi';
import type { SqlTabEstimate } from '../model/events';
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

const failedMessage = (run: SqlTabRun) => (run.mode === 'selection' ? SELECTION_FAILED_MESSAGE : EXECUTE_FAILED_MESSAGE);

// ---- The machine ----------------------------------------------------------------------------------

/** A run starts from idle, and while the last one's stop request is still out. */
const startsARun = {
  EXECUTE: { target: 'running', actions: 'beginRun' },
  EXECUTE_SELECTION: [
    { guard: 'selectionIsBlank', actions: { type: 'notify', params: { kind: 'error', message: NO_SELECTION_MESSAGE } } },
    { target: 'running', actions: 'beginRun' },
  ],
} as const;

/**
 * One SQL tab's runs: execute (all or the selection), cancel, estimate, format. One actor per tab,
 * its tab id in the input. Three regions run side by side: the query, its cost estimate (asked for
 * by the user, or started when a run succeeds, so the success toast never waits for it) and
 * formatting. Every side effect is a named actor or action the app provides.
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
    // The app provides these (toasts, results cache, tab events, console); by default they do nothing.
    notify: (_, _params: Notice) => {},
    storeResults: (_, _params: { tabId: string; clientId: string; query: SqlTabQuery; response: ExecuteResponse }) => {},
    clearResults: (_, _params: { tabId: string }) => {},
    storeEstimate: (_, _params: { tabId: string; estimate: SqlTabEstimate }) => {},
    clearEstimate: (_, _params: { tabId: string }) => {},
    replaceSql: (_, _params: { tabId: string; sql: string }) => {},
    logOnly: (_, _params: { message: string; detail?: unknown }) => {},
    beginRun: assign(({ context, event }) => {
      assertEvent(event, ['EXECUTE', 'EXECUTE_SELECTION']);
      const mode = event.type === 'EXECUTE_SELECTION' ? 'selection' : 'all';
      const tabName = mode === 'selection' ? `${event.query.tabName}${SELECTION_TAB_SUFFIX}` : event.query.tabName;
      return { run: { mode, clientId: context.newClientId(), query: { ...event.query, tabName } } as const };
    }),
    /** A run's cost is estimated beside it once its results are in. */
    estimateTheRun: raise(({ context }) => ({ type: 'ESTIMATE' as const, query: runOf(context).query })),
  },
  guards: {
    selectionIsBlank: ({ event }) => event.type === 'EXECUTE_SELECTION' && event.query.sql.trim() === '',
    notRunning: ({ context }) => !context.loading,
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
  type: 'parallel',
  states: {
    query: {
      initial: 'idle',
      states: {
        idle: { on: startsARun },
        running: {
          entry: assign({ loading: true, elapsedMs: 0, error: null, cancelled: false }),
          exit: assign({ loading: false }),
          invoke: [
            {
              src: 'executeQuery',
              input: ({ context }) => ({ ...runOf(context).query, tabId: context.tabId, clientId: runOf(context).clientId }),
              onDone: {
                target: 'idle',
                actions: [
                  {
                    type: 'storeResults',
                    params: ({ context, event }) => {
                      const { clientId, query } = runOf(context);
                      return { tabId: context.tabId, clientId, query, response: event.output };
                    },
                  },
                  { type: 'notify', params: ({ context }) => success(runOf(context)) },
                  'estimateTheRun',
                ],
              },
              onError: {
                target: 'idle',
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
              target: 'stopping',
              actions: [
                assign({ cancelled: true }),
                { type: 'clearResults', params: ({ context }) => ({ tabId: context.tabId }) },
                { type: 'clearEstimate', params: ({ context }) => ({ tabId: context.tabId }) },
                { type: 'notify', params: { kind: 'warning', message: CANCELLED_MESSAGE } },
              ],
            },
          },
        },
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
          on: startsARun,
        },
      },
    },
    estimate: {
      initial: 'idle',
      states: {
        idle: {
          on: { ESTIMATE: { guard: 'notRunning', target: 'estimating' } },
        },
        estimating: {
          invoke: {
            src: 'estimateQuery',
            input: ({ context, event }) => {
              assertEvent(event, 'ESTIMATE');
              return estimateInputOf(context.tabId, event.query);
            },
            onDone: {
              target: 'idle',
              actions: { type: 'storeEstimate', params: ({ context, event }) => ({ tabId: context.tabId, estimate: event.output }) },
            },
            onError: { target: 'idle', actions: { type: 'notify', params: { kind: 'error', message: ESTIMATE_FAILED_MESSAGE } } },
          },
        },
      },
    },
    format: {
      initial: 'idle',
      states: {
        idle: {
          on: { FORMAT: { guard: 'notRunning', target: 'formatting' } },
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
  },
});
