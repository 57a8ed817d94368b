import { describe, expect, it } from 'vitest';
import type { ExecutionState, KernelSpec, KernelStreamEvent, RunDone, RunEvent } from '../../contracts/kernels';
import { KernelManager, MAX_KERNELS_PER_USER } from './manager';
import type { KernelProvider, ProviderKernel, StartRequest } from './provider';
import { DATA_DIR_READ_ONLY } from '../http/storageErrors';

/**
 * The manager's own rules (rights, ownership, servers, culling, events) over a scripted provider;
 * the providers and routes are tested against real Pyodide and a real Jupyter Server elsewhere.
 */
class ScriptedKernel implements ProviderKernel {
  state: ExecutionState = 'idle';
  shutdowns = 0;
  interrupts = 0;
  /** Runs wait for this before they end, in order (a kernel runs one at a time). */
  hold: Promise<void> = Promise.resolve();
  private readonly listeners = new Set<(state: ExecutionState) => void>();
  constructor(
    readonly id: string,
    readonly spec: string,
  ) {}
  async execute(code: string, onEvent: (event: RunEvent) => void): Promise<RunDone> {
    const before = this.hold;
    let ended = () => {};
    this.hold = new Promise<void>((resolve) => (ended = resolve));
    await before;
    this.set('busy');
    onEvent({ type: 'output', output: { output_type: 'stream', name: 'stdout', text: code } });
    this.set('idle');
    ended();
    return { type: 'done', execution_count: 1, status: 'ok' };
  }
  async interrupt() {
    this.interrupts += 1;
  }
  async restart() {
    this.set('restarting');
    this.set('idle');
  }
  async shutdown() {
    this.shutdowns += 1;
    this.set('dead');
  }
  onState(listener: (state: ExecutionState) => void) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  set(state: ExecutionState) {
    this.state = state;
    for (const listener of this.listeners) listener(state);
  }
}

function scriptedProvider(id: 'pyodide' | 'jupyter', specs: KernelSpec[]) {
  const hosts: string[] = [];
  const kernels: ScriptedKernel[] = [];
  let failHost: string | null = null;
  const provider: KernelProvider = {
    id,
    specs: async () => specs,
    startHost: async (owner) => {
      if (failHost) throw new Error(failHost);
      hosts.push(`start ${owner}`);
    },
    stopHost: async (owner) => void hosts.push(`stop ${owner}`),
    startKernel: async (request: StartRequest) => {
      const kernel = new ScriptedKernel(`${id}-${kernels.length + 1}`, request.spec);
      kernels.push(kernel);
      return kernel;
    },
    close: async () => undefined,
  };
  return { provider, hosts, kernels, failHostWith: (message: string | null) => (failHost = message) };
}

const PYODIDE_SPEC: KernelSpec = { name: 'python3-pyodide', display_name: 'Python (Pyodide)', language: 'python', provider: 'pyodide', banner: '' };
const JUPYTER_SPEC: KernelSpec = { name: 'ir', display_name: 'R', language: 'R', provider: 'jupyter', banner: '' };
const ann = { username: 'ann', admin: false };
const bob = { username: 'bob', admin: false };
const root = { username: 'root', admin: true };

function setup(idleMs = 60_000, outputMaxBytes = 2 ** 20) {
  let now = Date.parse('2026-11-25T10:00:00Z');
  const pyodide = scriptedProvider('pyodide', [PYODIDE_SPEC]);
  const jupyter = scriptedProvider('jupyter', [JUPYTER_SPEC]);
  const manager = new KernelManager({
    providers: [pyodide.provider, jupyter.provider],
    serverProvider: pyodide.provider,
    clock: () => now,
    idleMs,
    outputMaxBytes,
    log: { warn: () => undefined },
  });
  const events: KernelStreamEvent[] = [];
  return { manager, pyodide, jupyter, events, advance: (ms: number) => (now += ms) };
}

describe('KernelManager', () => {
  it('lists every provider’s specs with the server provider’s Python as the default', async () => {
    const { manager } = setup();
    expect(await manager.specs()).toEqual({ default: 'python3-pyodide', kernelspecs: [PYODIDE_SPEC, JUPYTER_SPEC] });
  });

  it('runs a notebook saved as python3, or with no kernelspec, on the default Python; an unknown language is a 400', async () => {
    const { manager } = setup();
    expect((await manager.start(ann, { kernelspec: 'python3' })).name).toBe('python3-pyodide');
    expect((await manager.start(ann, {})).name).toBe('python3-pyodide');
    expect((await manager.start(ann, { kernelspec: 'ir', path: 'r/a.ipynb' })).path).toBe('r/a.ipynb');
    await expect(manager.start(ann, { kernelspec: 'julia-1.10' })).rejects.toMatchObject({ statusCode: 400, message: expect.stringMatching(/No kernel named "julia-1.10"; available: python3-pyodide, ir/) });
  });

  it('gives kernels to their owner alone: others get 403, admins may list and shut down but not run code', async () => {
    const { manager } = setup();
    const kernel = await manager.start(ann, {});
    expect(kernel).toMatchObject({ owner: 'ann', provider: 'pyodide', execution_state: 'idle' });
    expect(manager.list(bob)).toEqual([]);
    expect(manager.list(root).map((k) => k.id)).toEqual([kernel.id]);
    expect(() => manager.get(bob, kernel.id)).toThrow(expect.objectContaining({ statusCode: 403 }));
    expect(() => manager.execute(bob, kernel.id, '1', () => undefined)).toThrow(expect.objectContaining({ statusCode: 403 }));
    expect(() => manager.execute(root, kernel.id, '1', () => undefined)).toThrow(expect.objectContaining({ statusCode: 403, message: expect.stringMatching(/belongs to ann/) }));
    await expect(manager.restart(bob, kernel.id)).rejects.toMatchObject({ statusCode: 403 });
    await expect(manager.interrupt(bob, kernel.id)).rejects.toMatchObject({ statusCode: 403 });
    await expect(manager.shutdown(bob, kernel.id)).rejects.toMatchObject({ statusCode: 403 });
    expect(() => manager.get(ann, 'nope')).toThrow(expect.objectContaining({ statusCode: 404 }));
    await manager.shutdown(root, kernel.id);
    expect(manager.list(ann)).toEqual([]);
  });

  it('runs code and refuses a dead kernel until it is restarted', async () => {
    const { manager, pyodide } = setup();
    const kernel = await manager.start(ann, {});
    const events: RunEvent[] = [];
    expect(await manager.execute(ann, kernel.id, 'x = 1', (event) => events.push(event))).toMatchObject({ status: 'ok' });
    expect(events).toHaveLength(1);
    pyodide.kernels[0].set('dead');
    expect(manager.get(ann, kernel.id).execution_state).toBe('dead');
    expect(() => manager.execute(ann, kernel.id, '1', () => undefined)).toThrow(expect.objectContaining({ statusCode: 409 }));
    expect((await manager.revive(ann, kernel.id)).execution_state).toBe('idle');
  });

  it('starts the user’s server with their first kernel, and stopping it shuts down all their kernels', async () => {
    const { manager, pyodide, jupyter } = setup();
    expect(manager.serverStatus(ann, 'ann')).toMatchObject({ status: 'stopped', kernels: 0 });
    await manager.start(ann, {});
    await manager.start(ann, { kernelspec: 'ir' });
    await manager.start(bob, {});
    expect(manager.serverStatus(ann, 'ann')).toMatchObject({ status: 'running', kernels: 2, provider: 'pyodide' });
    expect(await manager.stopServer(ann, 'ann')).toMatchObject({ status: 'stopped', kernels: 0 });
    expect(pyodide.kernels[0].shutdowns + jupyter.kernels[0].shutdowns).toBe(2);
    expect(manager.list(root).map((k) => k.owner)).toEqual(['bob']);
    expect(pyodide.hosts).toEqual(['start ann', 'start bob', 'stop ann']);
  });

  it('lets users see and control only their own server; admins anyone’s', async () => {
    const { manager } = setup();
    expect(() => manager.serverStatus(ann, 'bob')).toThrow(expect.objectContaining({ statusCode: 403 }));
    await expect(manager.startServer(ann, 'bob')).rejects.toMatchObject({ statusCode: 403 });
    await expect(manager.stopServer(ann, 'bob')).rejects.toMatchObject({ statusCode: 403 });
    expect(await manager.startServer(root, 'bob')).toMatchObject({ username: 'bob', status: 'running' });
  });

  it('reports a server that cannot start as failed, with the reason, and a kernel start as 503', async () => {
    const { manager, pyodide } = setup();
    pyodide.failHostWith('python3: not found');
    expect(await manager.startServer(ann, 'ann')).toMatchObject({ status: 'failed', message: 'python3: not found' });
    await expect(manager.start(ann, {})).rejects.toMatchObject({ statusCode: 503, message: 'Your notebook server could not start: python3: not found' });
    pyodide.failHostWith(null);
    expect((await manager.start(ann, {})).execution_state).toBe('idle');
    expect(manager.serverStatus(ann, 'ann').status).toBe('running');
  });

  it('a kernel that cannot start for a full or read-only data directory says so', async () => {
    const { manager, pyodide } = setup();
    pyodide.provider.startKernel = async () => {
      throw Object.assign(new Error("EROFS: read-only file system, mkdir '/data/kernels/x'"), { code: 'EROFS' });
    };
    await expect(manager.start(ann, {})).rejects.toMatchObject({ statusCode: 503, message: `The Python (Pyodide) kernel could not start: ${DATA_DIR_READ_ONLY}` });
  });

  it('limits the kernels one user may hold', async () => {
    const { manager } = setup();
    for (let i = 0; i < MAX_KERNELS_PER_USER; i += 1) await manager.start(ann, {});
    await expect(manager.start(ann, {})).rejects.toMatchObject({ statusCode: 409 });
    expect((await manager.start(bob, {})).owner).toBe('bob');
  });

  it('counts starts under way against the limit: of 20 concurrent starts, 10 succeed and 10 are refused', async () => {
    const { manager } = setup();
    const starts = await Promise.allSettled(Array.from({ length: 20 }, () => manager.start(ann, {})));
    expect(starts.filter((start) => start.status === 'fulfilled')).toHaveLength(MAX_KERNELS_PER_USER);
    const refused = starts.filter((start) => start.status === 'rejected');
    expect(refused).toHaveLength(20 - MAX_KERNELS_PER_USER);
    expect(refused[0]).toMatchObject({ reason: { statusCode: 409, message: expect.stringMatching(/running or starting, the most one user may/) } });
    expect(manager.list(ann)).toHaveLength(MAX_KERNELS_PER_USER);
  });

  it('gives a failed start’s slot back', async () => {
    const { manager, pyodide } = setup();
    pyodide.failHostWith('no room');
    const failed = await Promise.allSettled(Array.from({ length: MAX_KERNELS_PER_USER }, () => manager.start(ann, {})));
    expect(failed.every((start) => start.status === 'rejected' && (start.reason as { statusCode: number }).statusCode === 503)).toBe(true);
    pyodide.failHostWith(null);
    const started = await Promise.allSettled(Array.from({ length: MAX_KERNELS_PER_USER }, () => manager.start(ann, {})));
    expect(started.every((start) => start.status === 'fulfilled')).toBe(true);
  });

  it('cuts a run’s outputs at outputMaxBytes with one note, and passes its end', async () => {
    const { manager } = setup(60_000, 1000);
    const kernel = await manager.start(ann, {});
    const events: RunEvent[] = [];
    const done = await manager.execute(ann, kernel.id, 'y'.repeat(5000), (event) => events.push(event));
    expect(done).toMatchObject({ status: 'ok' });
    expect(events).toEqual([
      { type: 'output', output: { output_type: 'stream', name: 'stdout', text: 'y'.repeat(1000) } },
      { type: 'output', output: { output_type: 'stream', name: 'stderr', text: expect.stringMatching(/Output truncated: over the 0 MB limit \(CONSOLE_OUTPUT_MAX_MB\)/) } },
    ]);
  });

  it('interrupts a run whose requester went away: at once if it runs, when it comes to run if queued, and no other', async () => {
    const { manager, pyodide } = setup();
    const kernel = await manager.start(ann, {});
    const scripted = pyodide.kernels[0];
    let release = () => {};
    scripted.hold = new Promise<void>((resolve) => (release = resolve));
    const running = new AbortController();
    const queued = new AbortController();
    const runs = [
      manager.execute(ann, kernel.id, 'running', () => undefined, running.signal),
      manager.execute(ann, kernel.id, 'queued', () => undefined, queued.signal),
      manager.execute(ann, kernel.id, 'last', () => undefined, new AbortController().signal),
    ];
    queued.abort();
    expect(scripted.interrupts).toBe(0);
    running.abort();
    expect(scripted.interrupts).toBe(1);
    release();
    await runs[0];
    // The queued run is interrupted as it comes to run.
    expect(scripted.interrupts).toBe(2);
    await Promise.all(runs);
    expect(scripted.interrupts).toBe(2);
  });

  it('culls kernels idle for the configured time and keeps busy or recently used ones', async () => {
    const { manager, pyodide, advance } = setup(60_000);
    const idle = await manager.start(ann, {});
    const used = await manager.start(ann, {});
    const busy = await manager.start(bob, {});
    advance(40_000);
    await manager.execute(ann, used.id, 'x', () => undefined);
    pyodide.kernels[2].set('busy');
    advance(30_000);
    expect(await manager.cull()).toEqual([idle.id]);
    expect(manager.list(root).map((k) => k.id)).toEqual([used.id, busy.id]);
    advance(60_000);
    expect(await manager.cull()).toEqual([used.id]);
  });

  it('streams each user their own kernel and server changes, and admins everyone’s', async () => {
    const { manager, pyodide } = setup();
    const seen: Record<string, KernelStreamEvent[]> = { ann: [], bob: [], root: [] };
    for (const viewer of [ann, bob, root]) manager.hub.subscribe({ ...viewer, send: (event) => seen[viewer.username].push(event) });
    const kernel = await manager.start(ann, {});
    pyodide.kernels[0].set('busy');
    await manager.shutdown(ann, kernel.id);
    const summary = (events: KernelStreamEvent[]) =>
      events.map((event) => (event.type === 'kernel' ? `kernel ${event.kernel.execution_state}` : event.type === 'server' ? `server ${event.server.status}` : 'removed'));
    expect(summary(seen.ann)).toEqual(['server starting', 'server running', 'kernel idle', 'server running', 'kernel busy', 'removed', 'server running']);
    expect(seen.bob).toEqual([]);
    expect(seen.root).toEqual(seen.ann);
  });
});
