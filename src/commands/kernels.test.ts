import { describe, expect, it } from 'vitest';
import { mergedView, runningCount } from './kernels';
import type { CellRunView, RunView } from './notebookRun';

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
