import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { NotebookServerStatus } from '../../contracts/kernels';
import { notebookServerMachine } from './notebookServer.machine';
import { serverErrorReason } from '../sync/serverReason';

const status = (value: NotebookServerStatus['status'], message?: string): NotebookServerStatus => ({ username: 'editor', status: value, provider: 'jupyter', kernels: 0, ...(message ? { message } : {}) });
const answered = (body: unknown) => Object.assign(new Error('refused'), { status: 503, body });

function start(fakes: { start?: () => Promise<NotebookServerStatus>; stop?: () => Promise<NotebookServerStatus> } = {}, server: NotebookServerStatus | null = null) {
  const notices: unknown[] = [];
  const machine = notebookServerMachine.provide({
    actors: {
      startServer: fromPromise(fakes.start ?? (async () => status('running'))),
      stopServer: fromPromise(fakes.stop ?? (async () => status('stopped'))),
    },
    actions: { notify: (_, params) => void notices.push(params) },
  });
  const actor = createActor(machine, { input: { username: 'editor', server } }).start();
  return { actor, notices, state: () => actor.getSnapshot().value };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('notebookServerMachine', () => {
  it('stopped → starting → running → stopping → stopped, with the toasts', async () => {
    const { actor, notices, state } = start();
    expect(state()).toBe('stopped');
    actor.send({ type: 'START' });
    expect(state()).toEqual({ starting: 'requesting' });
    await vi.runAllTimersAsync();
    expect(state()).toBe('running');
    actor.send({ type: 'STOP' });
    expect(state()).toBe('stopping');
    await vi.runAllTimersAsync();
    expect(state()).toBe('stopped');
    expect(notices).toEqual([
      { kind: 'success', message: 'Server started successfully' },
      { kind: 'success', message: 'Server stopped successfully' },
    ]);
  });

  it('a start still under way waits for the stream’s STATUS running', async () => {
    const { actor, state } = start({ start: async () => status('starting') });
    actor.send({ type: 'START' });
    await vi.runAllTimersAsync();
    expect(state()).toEqual({ starting: 'waiting' });
    actor.send({ type: 'STATUS', server: status('running') });
    expect(state()).toBe('running');
  });

  it('a start the server answers `starting` (a JupyterHub spawn) keeps the progress it streams, then toasts once at the end', async () => {
    const { actor, notices, state } = start({ start: async () => status('starting') });
    actor.send({ type: 'START' });
    await vi.runAllTimersAsync();
    expect(state()).toEqual({ starting: 'waiting' });
    expect(notices).toEqual([]);
    actor.send({ type: 'STATUS', server: { ...status('starting', "Preparing editor's server (1/3)"), progress: 30 } });
    expect(state()).toEqual({ starting: 'waiting' });
    expect(actor.getSnapshot().context.server).toMatchObject({ message: "Preparing editor's server (1/3)", progress: 30 });
    actor.send({ type: 'STATUS', server: status('running') });
    expect(state()).toBe('running');
    expect(notices).toEqual([{ kind: 'success', message: 'Server started successfully' }]);

    const failing = start({ start: async () => status('starting') });
    failing.actor.send({ type: 'START' });
    await vi.runAllTimersAsync();
    failing.actor.send({ type: 'STATUS', server: status('failed', 'Spawn failed: no GPUs left') });
    expect(failing.state()).toBe('failed');
    expect(failing.notices).toEqual([{ kind: 'error', message: 'Error starting server: Spawn failed: no GPUs left' }]);
  });

  it('failures toast the reason: the answer’s error, else its message, else "Unknown error occurred"', async () => {
    const failing = start({ start: async () => Promise.reject(answered({ error: 'No Python', message: 'ignored' })) });
    failing.actor.send({ type: 'START' });
    await vi.runAllTimersAsync();
    expect(failing.state()).toBe('stopped');
    expect(failing.notices).toEqual([{ kind: 'error', message: 'Error starting server: No Python' }]);

    const stopping = start({ stop: async () => Promise.reject(new Error('offline')) }, status('running'));
    stopping.actor.send({ type: 'STOP' });
    await vi.runAllTimersAsync();
    expect(stopping.state()).toBe('running');
    expect(stopping.notices).toEqual([{ kind: 'error', message: 'Error stopping server: Unknown error occurred' }]);
  });

  it('a start the server answers failed goes to failed with its message', async () => {
    const { actor, notices, state } = start({ start: async () => status('failed', 'jupyter_server is not installed') });
    actor.send({ type: 'START' });
    await vi.runAllTimersAsync();
    expect(state()).toBe('failed');
    expect(notices).toEqual([{ kind: 'error', message: 'Error starting server: jupyter_server is not installed' }]);
    actor.send({ type: 'START' });
    expect(state()).toEqual({ starting: 'requesting' });
  });

  it('STATUS events from the stream move it while it rests', () => {
    const { actor, state } = start({}, status('running'));
    expect(state()).toBe('running');
    actor.send({ type: 'STATUS', server: status('stopped') });
    expect(state()).toBe('stopped');
    actor.send({ type: 'STATUS', server: status('failed', 'crashed') });
    expect(state()).toBe('failed');
    expect(actor.getSnapshot().context.error).toBe('crashed');
  });
});

describe('serverErrorReason', () => {
  it('takes error, else message, else "Unknown error occurred" from a KernelApiError body or an axios response', () => {
    expect(serverErrorReason({ body: { error: 'E', message: 'M' } })).toBe('E');
    expect(serverErrorReason({ body: { message: 'M' } })).toBe('M');
    expect(serverErrorReason({ response: { data: { message: 'from axios' } } })).toBe('from axios');
    expect(serverErrorReason(new Error('network'))).toBe('Unknown error occurred');
    expect(serverErrorReason(null)).toBe('Unknown error occurred');
  });
});
