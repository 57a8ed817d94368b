import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { KernelModel } from '../../contracts/kernels';
import { serverErrorReason } from '../sync/serverReason';
import {
  INTERRUPT_FAILED_MESSAGE,
  RESTART_FAILED_MESSAGE,
  RESTART_SUCCESS_MESSAGE,
  SHUTDOWN_FAILED_MESSAGE,
  SHUTDOWN_SUCCESS_MESSAGE,
  START_FAILED_MESSAGE,
  type KernelContext,
  type KernelIdInput,
  type KernelMachineEvent,
  type KernelMachineInput,
  type Notice,
  type StartKernelInput,
} from './kernel.types';

export * from './kernel.types';

function notProvided(name: string): never {
  throw new Error(`kernelMachine: the "${name}" actor must be provided`);
}

function idOf(context: KernelContext): KernelIdInput {
  if (!context.kernel) throw new Error('kernelMachine: no active kernel');
  return { id: context.kernel.id };
}

const notice = (kind: Notice['kind'], message: string) => ({ type: 'notify' as const, params: { kind, message } });
const failure = (message: string) => ['storeError' as const, notice('error', message)];

/** Where a known kernel rests, by the state it last reported. */
const settle = [
  { guard: 'noKernel', target: 'none' },
  { guard: 'isDead', target: 'dead' },
  { guard: 'isBusy', target: 'busy' },
  { target: 'idle' },
] as const;

/** A user's action on a kernel that is there (idle, busy or dead). */
const actions = {
  INTERRUPT: 'interrupting',
  RESTART: 'restarting',
  SHUTDOWN: 'shuttingDown',
  STATUS: { target: 'settled', actions: 'storeStatus' },
  REMOVED: { target: 'none', actions: 'forget' },
} as const;

/**
 * One notebook's kernel: none → starting → idle ⇄ busy, with interrupting, restarting, dead and
 * shut down. User actions come as events; the server's event stream sends STATUS and REMOVED.
 * Every call is a named actor the app provides (the machine never talks HTTP); toasts go through
 * the `notify` action with the seed's exact texts.
 */
export const kernelMachine = setup({
  types: {
    context: {} as KernelContext,
    events: {} as KernelMachineEvent,
    input: {} as KernelMachineInput,
  },
  actors: {
    startKernel: fromPromise<KernelModel, StartKernelInput>(async () => notProvided('startKernel')),
    interruptKernel: fromPromise<KernelModel, KernelIdInput>(async () => notProvided('interruptKernel')),
    restartKernel: fromPromise<KernelModel, KernelIdInput>(async () => notProvided('restartKernel')),
    shutdownKernel: fromPromise<void, KernelIdInput>(async () => notProvided('shutdownKernel')),
  },
  actions: {
    notify: (_, _params: Notice) => {},
    storeStatus: assign({
      kernel: ({ context, event }) => {
        assertEvent(event, 'STATUS');
        return context.kernel && { ...context.kernel, execution_state: event.execution_state };
      },
    }),
    forget: assign({ kernel: null }),
    /** Only after an actor failed: the error event carries the call's rejection. */
    storeError: assign({ error: ({ event }) => serverErrorReason((event as { error?: unknown }).error) }),
  },
  guards: {
    noKernel: ({ context }) => context.kernel === null,
    isDead: ({ context }) => context.kernel?.execution_state === 'dead',
    isBusy: ({ context }) => ['busy', 'starting', 'restarting'].includes(context.kernel?.execution_state ?? ''),
  },
}).createMachine({
  id: 'kernel',
  context: ({ input }) => ({ kernel: input.kernel ?? null, spec: input.kernel?.name ?? null, error: null }),
  initial: 'settled',
  states: {
    settled: { always: settle },
    none: { on: { START: 'starting' } },
    starting: {
      entry: assign(({ event }) => {
        assertEvent(event, 'START');
        return { spec: event.kernelspec ?? null, error: null };
      }),
      invoke: {
        src: 'startKernel',
        input: ({ event }) => {
          assertEvent(event, 'START');
          return { kernelspec: event.kernelspec, path: event.path };
        },
        onDone: { target: 'settled', actions: assign({ kernel: ({ event }) => event.output }) },
        onError: { target: 'none', actions: failure(START_FAILED_MESSAGE) },
      },
    },
    idle: { on: actions },
    busy: { on: actions },
    dead: { on: actions },
    interrupting: {
      on: { STATUS: { actions: 'storeStatus' } },
      invoke: {
        src: 'interruptKernel',
        input: ({ context }) => idOf(context),
        // Quiet, as in JupyterLab: the cancelled cell says it (one toast per interrupt piled up).
        onDone: { target: 'settled', actions: assign({ kernel: ({ event }) => event.output, error: null }) },
        onError: { target: 'settled', actions: failure(INTERRUPT_FAILED_MESSAGE) },
      },
    },
    restarting: {
      on: { STATUS: { actions: 'storeStatus' } },
      invoke: {
        src: 'restartKernel',
        input: ({ context }) => idOf(context),
        onDone: { target: 'settled', actions: [assign({ kernel: ({ event }) => event.output, error: null }), notice('success', RESTART_SUCCESS_MESSAGE)] },
        onError: { target: 'settled', actions: failure(RESTART_FAILED_MESSAGE) },
      },
    },
    shuttingDown: {
      on: { STATUS: { actions: 'storeStatus' } },
      invoke: {
        src: 'shutdownKernel',
        input: ({ context }) => idOf(context),
        onDone: { target: 'shutDown', actions: [assign({ kernel: null, error: null }), notice('success', SHUTDOWN_SUCCESS_MESSAGE)] },
        onError: { target: 'settled', actions: failure(SHUTDOWN_FAILED_MESSAGE) },
      },
    },
    /** Shut down by the user: no active kernel until the next START. */
    shutDown: { on: { START: 'starting' } },
  },
});
