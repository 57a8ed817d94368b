import { describe, expect, it } from 'vitest';
import type { DagRun, GridNode } from '../../../../contracts/workflow';
import { barHeights, cellText, durationSeconds, flattenGrid, formatDuration, LEGEND_STATES, moveFocus, STATE_COLORS, stateLabel, taskLabel } from './dagGridModel';

const node = (id: string, children: GridNode[] = [], extra: Partial<GridNode> = {}): GridNode => ({
  id, label: id.split('.').pop() as string, isGroup: children.length > 0, isMapped: false, operator: null, children, instances: {}, ...extra,
});

const run = (runId: string, startDate: string | null, endDate: string | null): DagRun => ({
  dagId: 'd', runId, state: 'success', runType: 'scheduled', logicalDate: startDate, runAfter: startDate ?? '2026-01-01T00:00:00Z',
  queuedAt: null, startDate, endDate, conf: {}, note: null, triggeredBy: null,
});

const tree = [node('start'), node('extract', [node('extract.a'), node('extract.inner', [node('extract.inner.x')])]), node('load', [], { isMapped: true })];

describe('the DAG grid model', () => {
  it('flattens the task tree depth first with depths', () => {
    expect(flattenGrid(tree, new Set()).map((r) => `${r.depth}:${r.node.id}${r.expanded ? '+' : ''}`)).toEqual([
      '0:start', '0:extract+', '1:extract.a', '1:extract.inner+', '2:extract.inner.x', '0:load',
    ]);
  });

  it('leaves out the children of collapsed groups, nested ones included', () => {
    expect(flattenGrid(tree, new Set(['extract'])).map((r) => r.node.id)).toEqual(['start', 'extract', 'load']);
    expect(flattenGrid(tree, new Set(['extract.inner'])).map((r) => r.node.id)).toEqual(['start', 'extract', 'extract.a', 'extract.inner', 'load']);
  });

  it('has a colour and a legend entry for every state', () => {
    expect(STATE_COLORS.success).toBe('#008000');
    expect(STATE_COLORS.upstream_failed).toBe('#ffa500');
    expect(new Set(LEGEND_STATES)).toEqual(new Set(Object.keys(STATE_COLORS)));
    expect(stateLabel(null)).toBe('no status');
    expect(stateLabel('up_for_retry')).toBe('up for retry');
  });

  it('sizes run bars by duration relative to the longest, with a minimum', () => {
    const runs = [run('a', '2026-01-01T00:00:00Z', '2026-01-01T00:10:00Z'), run('b', '2026-01-01T00:00:00Z', '2026-01-01T00:05:00Z'), run('c', null, null)];
    expect(barHeights(runs, 60, 0)).toEqual([60, 30, 3]);
    expect(barHeights([run('x', null, null)], 60, 0)).toEqual([3]);
    const now = Date.parse('2026-01-01T00:20:00Z');
    expect(barHeights([...runs, run('running', '2026-01-01T00:00:00Z', null)], 60, now)).toEqual([30, 15, 3, 60]);
  });

  it('formats durations', () => {
    expect(durationSeconds('2026-01-01T00:00:00Z', '2026-01-01T00:01:05Z', 0)).toBe(65);
    expect(durationSeconds(null, null, 0)).toBeNull();
    expect(formatDuration(0.44)).toBe('0.4 s');
    expect(formatDuration(42)).toBe('42 s');
    expect(formatDuration(185)).toBe('3m 05s');
    expect(formatDuration(7620)).toBe('2h 07m');
    expect(formatDuration(3 * 86_400 + 4 * 3600)).toBe('3d 4h');
    expect(formatDuration(null)).toBe('—');
  });

  it('describes a cell with task, run, state, try, duration and mapped counts', () => {
    const r = run('manual__1', null, null);
    const load = tree[2];
    expect(taskLabel(load)).toBe('load [ ]');
    expect(cellText(load, r, { state: 'failed', tryNumber: 2, startDate: '2026-01-01T00:00:00Z', endDate: '2026-01-01T00:00:42Z', childStates: { success: 3, failed: 1 } }, 0)).toBe(
      'load [ ] · manual__1\nState: failed\nTry: 2\nDuration: 42 s\n3 success, 1 failed',
    );
    expect(cellText(load, r, undefined, 0)).toBe('load [ ] · manual__1\nState: no status');
  });

  it('moves the focus with arrows, pages, Home and End, within the grid and its headers', () => {
    const at = { row: 2, col: 3 };
    expect(moveFocus(at, 'ArrowUp', false, 10, 5)).toEqual({ row: 1, col: 3 });
    expect(moveFocus({ row: -1, col: 3 }, 'ArrowUp', false, 10, 5)).toEqual({ row: -1, col: 3 });
    expect(moveFocus({ row: 9, col: 3 }, 'ArrowDown', false, 10, 5)).toEqual({ row: 9, col: 3 });
    expect(moveFocus({ row: 2, col: -1 }, 'ArrowLeft', false, 10, 5)).toEqual({ row: 2, col: -1 });
    expect(moveFocus({ row: 2, col: 4 }, 'ArrowRight', false, 10, 5)).toEqual({ row: 2, col: 4 });
    expect(moveFocus(at, 'PageDown', false, 10, 5)).toEqual({ row: 9, col: 3 });
    expect(moveFocus(at, 'Home', false, 10, 5)).toEqual({ row: 2, col: 0 });
    expect(moveFocus(at, 'End', false, 10, 5)).toEqual({ row: 2, col: 4 });
    expect(moveFocus(at, 'Home', true, 10, 5)).toEqual({ row: 0, col: 0 });
    expect(moveFocus(at, 'End', true, 10, 5)).toEqual({ row: 9, col: 4 });
    expect(moveFocus(at, 'a', false, 10, 5)).toBeNull();
  });
});
