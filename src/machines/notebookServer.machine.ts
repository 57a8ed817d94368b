import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { NotebookServerStatus } from '../../contracts/kernels';
import type { Notice } from './kernel.types';
import { serverErrorReason, UNKNOWN_REASON } from '../sync/serverReason';

export const SERVER_STARTED_MESSAGE = 'Server started successfully';
export const SERVER_STOPPED_MESSAGE = 'Server stopped successfully';
export const serverStartFailed = (reason: string) => `Error starting server: ${reason}`;
export const serverStopFailed = (reason: string) => `Error stopping server: ${reason}`;

export interface NotebookServerContext {
  username: string;
  /** The last status the server gave (an answer or the event stream). */
  server: NotebookServerStatus | null;
  error: string | null;
}

export type NotebookServerEvent =
  | { type: 'START' }
  | { type: 'STOP' }
  /** From the event stream (or a GET status-server): the server's status now. */
  | { type: 'STATUS'; server: NotebookServerStatus };

const notify = (kind: Notice['kind'], message: (reason: string) => string) => ({
  type: 'notify' as const,
  params: ({ context }: { context: NotebookServerContext }) => ({ kind, message: message(context.error ?? UNKNOWN_REASON) }),
});

const statusIs =
  (status: NotebookServerStatus['status']) =>
  ({ event }: { event: NotebookServerEvent }) =>
    event.type === 'STATUS' && event.server.status === status;

/** Where a status puts the machine (from a rest state, or after a call's answer). */
const byStatus = [
  { guard: 'isRunning', target: 'running' },
  { guard: 'isStarting', target: 'starting.waiting' },
  { guard: 'isFailed', target: 'failed' },
  { target: 'stopped' },
] as const;

/**
 * A user's personal notebook server: stopped → starting → running → stopping; failed. Start and
 * stop are actors the app provides; STATUS events (the kernel-events stream) move it while it rests.
 */
export const notebookServerMachine = setup({
  types: {
    context: {} as NotebookServerContext,
    events: {} as NotebookServerEvent,
    input: {} as { username: string; server?: NotebookServerStatus | null },
  },
  actors: {
    startServer: fromPromise<NotebookServerStatus, { username: string }>(async () => {
      throw new Error('notebookServerMachine: the "startServer" actor must be provided');
    }),
    stopServer: fromPromise<NotebookServerStatus, { username: string }>(async () => {
      throw new Error('notebookServerMachine: the "stopServer" actor must be provided');
    }),
  },
  actions: {
    notify: (_, _params: Notice) => {},
    store: assign({
      server: ({ event }) => {
        assertEvent(event, 'STATUS');
        return event.server;
      },
      // While starting, the message is progress, not an error.
      error: ({ event }) => (event.type === 'STATUS' && event.server.status !== 'starting' ? (event.server.message ?? null) : null),
    }),
    storeError: assign({ error: ({ event }) => serverErrorReason((event as { error?: unknown }).error) }),
  },
  guards: {
    isRunning: ({ context }) => context.server?.status === 'running',
    isStarting: ({ context }) => context.server?.status === 'starting',
    isFailed: ({ context }) => context.server?.status === 'failed',
  },
}).createMachine({
  id: 'notebookServer',
  context: ({ input }) => ({ username: input.username, server: input.server ?? null, error: null }),
  initial: 'settled',
  on: { STATUS: { target: '.settled', actions: 'store' } },
  states: {
    settled: { always: byStatus },
    stopped: { on: { START: 'starting' } },
    failed: { on: { START: 'starting', STOP: 'stopping' } },
    starting: {
      initial: 'requesting',
      states: {
        requesting: {
          on: { STATUS: { actions: 'store' } },
          invoke: {
            src: 'startServer',
            input: ({ context }) => ({ username: context.username }),
            onDone: [
              {
                guard: ({ event }) => event.output.status === 'failed',
                target: '#notebookServer.failed',
                actions: [assign({ server: ({ event }) => event.output, error: ({ event }) => event.output.message ?? null }), notify('error', serverStartFailed)],
              },
              // Accepted but still starting (a JupyterHub spawn): no toast yet, the stream tells the rest.
              { guard: ({ event }) => event.output.status === 'starting', target: 'waiting', actions: assign({ server: ({ event }) => event.output, error: null }) },
              { target: '#notebookServer.settled', actions: [assign({ server: ({ event }) => event.output, error: null }), notify('success', () => SERVER_STARTED_MESSAGE)] },
            ],
            onError: { target: '#notebookServer.settled', actions: ['storeError', notify('error', serverStartFailed)] },
          },
        },
        /** Started, and the server said it is still starting: its STATUS events (progress on the way) finish the job, with the toast. */
        waiting: {
          on: {
            STOP: '#notebookServer.stopping',
            STATUS: [
              { guard: statusIs('starting'), actions: 'store' },
              { guard: statusIs('running'), target: '#notebookServer.running', actions: ['store', notify('success', () => SERVER_STARTED_MESSAGE)] },
              { guard: statusIs('failed'), target: '#notebookServer.failed', actions: ['store', notify('error', serverStartFailed)] },
              { target: '#notebookServer.settled', actions: 'store' },
            ],
          },
        },
      },
    },
    running: { on: { STOP: 'stopping' } },
    stopping: {
      on: { STATUS: { actions: 'store' } },
      invoke: {
        src: 'stopServer',
        input: ({ context }) => ({ username: context.username }),
        onDone: { target: 'settled', actions: [assign({ server: ({ event }) => event.output, error: null }), notify('success', () => SERVER_STOPPED_MESSAGE)] },
        onError: { target: 'settled', actions: ['storeError', notify('error', serverStopFailed)] },
      },
    },
  },
});
