import { describe, expect, it, vi } from 'vitest';
import type { KernelsApi } from '../../sync/api/kernels.api';
import type { BiMetadata } from '../../sync/caches/biMetadata';
import { createKernels, mergedView, runningCount, type RunMessage } from './kernels';
import type { CellRunView, RunView } from '../notebook/run';

const cellIn = (state: CellRunView['state']): CellRunView => ({ state, outputs: [], output: '', runningNumber: null });
const kernel = (state: string) => ({ state, name: 'python', error: null });

describe('mergedView', () => {
  it('shows what another tab runs on cells this tab does not run', () => {
    const local: RunView = { kernel: kernel('none'), cells: { a: cellIn('succeeded'), b: cellIn('running') } };
    const remote: RunView = { kernel: kernel('busy'), cells: { a: cellIn('running'), b: cellIn('queued'), c: cellIn('succeeded') } };
    const merged = mergedView(local, remote);
    expect(merged.cells.a.state).toBe('running');
    expect(merged.cells.b.state).toBe('running');
    expect(merged.cells.c.state).toBe('succeeded'); // run there only: how it ended shows here too
    expect(merged.kernel.state).toBe('busy');
  });

  it("keeps this tab's kernel when it has one", () => {
    const local: RunView = { kernel: kernel('idle'), cells: {} };
    expect(mergedView(local, { kernel: kernel('busy'), cells: {} }).kernel.state).toBe('idle');
    expect(mergedView(local, undefined)).toBe(local);
  });
});

describe('mergedView after a run', () => {
  it('keeps this tab’s own ended run over another tab’s', () => {
    const local: RunView = { kernel: kernel('idle'), cells: { a: cellIn('failed') } };
    expect(mergedView(local, { kernel: kernel('idle'), cells: { a: cellIn('succeeded') } }).cells.a.state).toBe('failed');
  });
});

describe('runningCount', () => {
  it('counts the cells queued or running (a tab’s badge); none without a view', () => {
    const view: RunView = { kernel: kernel('busy'), cells: { a: cellIn('running'), b: cellIn('queued'), c: cellIn('succeeded'), d: cellIn('cancelled'), e: cellIn('idle') } };
    expect(runningCount(view)).toBe(2);
    expect(runningCount(null)).toBe(0);
    expect(runningCount(undefined)).toBe(0);
  });
});

describe('createKernels', () => {
  it('opens a notebook’s run without reading it before it exists, and tells other tabs of its changes', async () => {
    const existing = { id: 'k1', name: 'python', provider: 'pyodide', execution_state: 'idle', last_activity: '', owner: 'ann', path: 'a.ipynb' };
    const api = {
      list: vi.fn(async () => [existing]),
      events: vi.fn(() => () => {}),
      serverStatus: vi.fn(async () => ({ username: 'ann', status: 'running', provider: 'pyodide', kernels: 1 })),
      interrupt: vi.fn(async () => existing),
    } as unknown as KernelsApi;
    const posted: RunMessage[] = [];
    const broadcast = () => ({ post: (message: RunMessage) => void posted.push(message), subscribe: () => () => {}, close: () => {} });
    const warehouse = { watchMetadata: async () => {}, metadata: {} as BiMetadata }; // no SQL cells in these tests
    const kernels = createKernels({ api, username: 'ann', notify: () => {}, record: () => {}, broadcast, warehouse });
    // The run's kernel actor starts with the existing kernel: its first change comes while the run is being made.
    const run = await kernels.open('d1', 'a.ipynb');
    expect(kernels.view('d1')?.kernel).toMatchObject({ state: 'idle', name: 'python' });
    run.interrupt();
    await vi.waitFor(() => expect(posted.at(-1)?.view.kernel.state).toBe('idle'));
    expect(posted.some((message) => message.docId === 'd1' && message.view.kernel.state === 'interrupting')).toBe(true);
    kernels.stop();
  });

  it('says when the console server’s event stream drops, and asks the kernel’s and the server’s states again when it is back', async () => {
    const existing = { id: 'k1', name: 'python', provider: 'jupyter', execution_state: 'idle', last_activity: '', owner: 'ann', path: 'a.ipynb' };
    let connection: (open: boolean) => void = () => {};
    const api = {
      list: vi.fn(async () => [existing]),
      events: vi.fn((_: unknown, onConnection: (open: boolean) => void) => {
        connection = onConnection;
        return () => {};
      }),
      serverStatus: vi.fn(async () => ({ username: 'ann', status: 'running', provider: 'jupyter', kernels: 1 })),
      get: vi.fn(async () => ({ ...existing, execution_state: 'busy' })),
    } as unknown as KernelsApi;
    const broadcast = () => ({ post: () => {}, subscribe: () => () => {}, close: () => {} });
    const warehouse = { watchMetadata: async () => {}, metadata: {} as BiMetadata }; // no SQL cells in these tests
    const kernels = createKernels({ api, username: 'ann', notify: () => {}, record: () => {}, broadcast, warehouse });
    await kernels.open('d1', 'a.ipynb');
    const told = vi.fn();
    kernels.watchConnection(told);
    connection(true);
    expect(kernels.connected()).toBe(true);
    connection(false);
    expect(kernels.connected()).toBe(false);
    expect(told).toHaveBeenCalledTimes(2);
    expect(api.get).not.toHaveBeenCalled();
    connection(true);
    expect(kernels.connected()).toBe(true);
    await vi.waitFor(() => expect(kernels.view('d1')?.kernel.state).toBe('busy'));
    expect(api.get).toHaveBeenCalledWith('k1');
    expect(api.serverStatus).toHaveBeenCalledTimes(2);
    kernels.stop();
  });
});
