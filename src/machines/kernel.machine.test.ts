import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { KernelModel } from '../../contracts/kernels';
import {
  INTERRUPT_FAILED_MESSAGE,
  RESTART_AND_RUN_ALL_FAILED_MESSAGE,
  RESTART_FAILED_MESSAGE,
  RESTART_SUCCESS_MESSAGE,
  SHUTDOWN_FAILED_MESSAGE,
  SHUTDOWN_SUCCESS_MESSAGE,
  START_FAILED_MESSAGE,
  kernelMachine,
} from './kernel.machine';

const model = (execution_state: KernelModel['execution_state'] = 'idle'): KernelModel => ({
  id: 'k1',
  name: 'python3',
  provider: 'pyodide',
  execution_state,
  last_activity: '2026-01-01T00:00:00Z',
  owner: 'editor',
  path: 'a.ipynb',
});
const refused = (message: string) => Object.assign(new Error(message), { status: 409, body: { message } });

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

interface Fakes {
  start?: () => Promise<KernelModel>;
  interrupt?: () => Promise<KernelModel>;
  restart?: () => Promise<KernelModel>;
  shutdown?: () => Promise<void>;
}

function start(fakes: Fakes = {}, kernel: KernelModel | null = null) {
  const notices: unknown[] = [];
  const calls: [string, unknown][] = [];
  const fake = <T, I>(name: string, run: () => Promise<T>) => fromPromise<T, I>(({ input }) => (calls.push([name, input]), run()));
  const machine = kernelMachine.provide({
    actors: {
      startKernel: fake('start', fakes.start ?? (async () => model())),
      interruptKernel: fake('interrupt', fakes.interrupt ?? (async () => model())),
      restartKernel: fake('restart', fakes.restart ?? (async () => model())),
      shutdownKernel: fake('shutdown', fakes.shutdown ?? (async () => {})),
    },
    actions: { notify: (_, params) => void notices.push(params) },
  });
  const actor = createActor(machine, { input: { kernel } }).start();
  return { actor, notices, calls, state: () => actor.getSnapshot().value };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('kernelMachine', () => {
  it('exports the notebook’s restart-and-run-all failure text', () => {
    expect(RESTART_AND_RUN_ALL_FAILED_MESSAGE).toBe('Failed to restart and run all cells');
  });

  it('none → starting → idle with the started model and spec', async () => {
    const started = deferred<KernelModel>();
    const { actor, calls, state } = start({ start: () => started.promise });
    expect(state()).toBe('none');
    actor.send({ type: 'START', kernelspec: 'python3', path: 'a.ipynb' });
    expect(state()).toBe('starting');
    expect(calls).toEqual([['start', { kernelspec: 'python3', path: 'a.ipynb' }]]);
    started.resolve(model());
    await vi.runAllTimersAsync();
    expect(state()).toBe('idle');
    expect(actor.getSnapshot().context).toMatchObject({ kernel: { id: 'k1' }, spec: 'python3', error: null });
  });

  it('a failed start goes back to none with the reason', async () => {
    const { actor, notices, state } = start({ start: async () => Promise.reject(refused('No kernel named "julia"')) });
    actor.send({ type: 'START', kernelspec: 'julia' });
    await vi.runAllTimersAsync();
    expect(state()).toBe('none');
    expect(actor.getSnapshot().context.error).toBe('No kernel named "julia"');
    expect(notices).toEqual([{ kind: 'error', message: START_FAILED_MESSAGE }]);
  });

  it('idle ⇄ busy ⇄ dead by the server’s STATUS events; REMOVED forgets the kernel', () => {
    const { actor, state } = start({}, model());
    expect(state()).toBe('idle');
    actor.send({ type: 'STATUS', execution_state: 'busy' });
    expect(state()).toBe('busy');
    actor.send({ type: 'STATUS', execution_state: 'idle' });
    expect(state()).toBe('idle');
    actor.send({ type: 'STATUS', execution_state: 'dead' });
    expect(state()).toBe('dead');
    expect(actor.getSnapshot().context.kernel?.execution_state).toBe('dead');
    actor.send({ type: 'REMOVED' });
    expect(state()).toBe('none');
    expect(actor.getSnapshot().context.kernel).toBeNull();
  });

  it('interrupting: no toast on success (JupyterLab shows none; they piled up), the answer’s state; failure toast and back where it was', async () => {
    const { actor, notices, calls, state } = start({}, model('busy'));
    actor.send({ type: 'INTERRUPT' });
    expect(state()).toBe('interrupting');
    expect(calls).toEqual([['interrupt', { id: 'k1' }]]);
    await vi.runAllTimersAsync();
    expect(state()).toBe('idle');
    expect(notices).toEqual([]);

    const failing = start({ interrupt: async () => Promise.reject(refused('gone')) }, model('busy'));
    failing.actor.send({ type: 'INTERRUPT' });
    await vi.runAllTimersAsync();
    expect(failing.state()).toBe('busy');
    expect(failing.notices).toEqual([{ kind: 'error', message: INTERRUPT_FAILED_MESSAGE }]);
  });

  it('restarting: STATUS events while it waits only update the model; toasts on either end', async () => {
    const restarted = deferred<KernelModel>();
    const { actor, notices, state } = start({ restart: () => restarted.promise }, model('dead'));
    actor.send({ type: 'RESTART' });
    expect(state()).toBe('restarting');
    actor.send({ type: 'STATUS', execution_state: 'restarting' });
    expect(state()).toBe('restarting');
    restarted.resolve(model('idle'));
    await vi.runAllTimersAsync();
    expect(state()).toBe('idle');
    expect(notices).toEqual([{ kind: 'success', message: RESTART_SUCCESS_MESSAGE }]);

    const failing = start({ restart: async () => Promise.reject(refused('no')) }, model());
    failing.actor.send({ type: 'RESTART' });
    await vi.runAllTimersAsync();
    expect(failing.state()).toBe('idle');
    expect(failing.notices).toEqual([{ kind: 'error', message: RESTART_FAILED_MESSAGE }]);
  });

  it('shut down clears the active kernel; a failed shutdown keeps it', async () => {
    const { actor, notices, state } = start({}, model());
    actor.send({ type: 'SHUTDOWN' });
    expect(state()).toBe('shuttingDown');
    await vi.runAllTimersAsync();
    expect(state()).toBe('shutDown');
    expect(actor.getSnapshot().context.kernel).toBeNull();
    expect(notices).toEqual([{ kind: 'success', message: SHUTDOWN_SUCCESS_MESSAGE }]);
    actor.send({ type: 'START' });
    expect(state()).toBe('starting');

    const failing = start({ shutdown: async () => Promise.reject(refused('no')) }, model());
    failing.actor.send({ type: 'SHUTDOWN' });
    await vi.runAllTimersAsync();
    expect(failing.state()).toBe('idle');
    expect(failing.actor.getSnapshot().context.kernel?.id).toBe('k1');
    expect(failing.notices).toEqual([{ kind: 'error', message: SHUTDOWN_FAILED_MESSAGE }]);
  });

  it('ignores kernel actions when there is no kernel', () => {
    const { actor, calls, state } = start();
    for (const type of ['INTERRUPT', 'RESTART', 'SHUTDOWN'] as const) actor.send({ type });
    expect(state()).toBe('none');
    expect(calls).toEqual([]);
  });
});
