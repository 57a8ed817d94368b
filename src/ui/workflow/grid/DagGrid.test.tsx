// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DagRun, GridData, GridNode, TaskState } from '../../../../contracts/workflow';
import { DagGrid, type DagGridProps } from './DagGrid';

const run = (runId: string, state: DagRun['state']): DagRun => ({
  dagId: 'etl', runId, state, runType: 'scheduled', logicalDate: '2026-11-25T00:00:00Z', runAfter: '2026-11-25T00:00:00Z',
  queuedAt: null, startDate: '2026-11-25T00:00:00Z', endDate: '2026-11-25T00:01:00Z', conf: {}, note: null, triggeredBy: null,
});
const RUNS = [run('r1', 'success'), run('r2', 'failed'), run('r3', 'running')];
const task = (id: string, states: TaskState[], children: GridNode[] = []): GridNode => ({
  id, label: id.split('.').pop() as string, isGroup: children.length > 0, isMapped: false, operator: 'PythonOperator', children,
  instances: Object.fromEntries(states.map((state, i) => [RUNS[i].runId, { state, tryNumber: 1, startDate: null, endDate: null }])),
});
const DATA: GridData = {
  runs: RUNS,
  nodes: [
    task('start', ['success', 'success', 'success']),
    task('extract', ['success', 'failed', 'running'], [task('extract.orders', ['success', 'failed', 'running']), task('extract.users', ['success', 'upstream_failed', null])]),
    task('load', ['success', 'upstream_failed', null]),
  ],
};

let root: Root | undefined;
let box: HTMLDivElement;
const props = (over: Partial<DagGridProps> = {}): DagGridProps => ({ data: DATA, selected: {}, onSelect: () => {}, now: Date.parse('2026-11-25T01:00:00Z'), initialSize: { width: 1000, height: 600 }, ...over });

async function render(p: DagGridProps) {
  box = document.createElement('div');
  document.body.append(box);
  root = createRoot(box);
  await act(async () => root!.render(<DagGrid {...p} />));
}
const rerender = (p: DagGridProps) => act(async () => root!.render(<DagGrid {...p} />));
const names = () => [...box.querySelectorAll('[role="rowheader"]')].map((el) => el.textContent);
const at = (row: number, col: number) => box.querySelector(`[data-row="${row}"] > [aria-colindex="${col + 2}"]`) as HTMLElement;
const key = (k: string, init: KeyboardEventInit = {}) =>
  act(async () => (document.activeElement ?? box).dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, ...init })));
const focused = () => {
  const el = document.activeElement as HTMLElement;
  return [Number(el.closest<HTMLElement>('[data-row]')?.dataset.row), Number(el.getAttribute('aria-colindex')) - 2];
};

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  // jsdom lays nothing out: the scroller gets a size, so the virtualizer renders the rows that fit.
  const sized = (size: number) => ({ configurable: true, get(this: HTMLElement) { return this.classList.contains('dg-scroll') ? size : 0; } });
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', sized(600));
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', sized(1000));
});

afterEach(() => {
  act(() => root?.unmount());
  box.remove();
});

describe('DagGrid', () => {
  it('draws the task tree, a header per run and a labelled cell per instance, and a legend naming the states', async () => {
    await render(props());
    expect(box.querySelector('[role="treegrid"]')?.getAttribute('aria-rowcount')).toBe('6');
    expect(names()).toEqual(['start', 'extract', 'orders', 'users', 'load']);
    expect(box.querySelectorAll('[role="columnheader"]')).toHaveLength(4);
    expect(at(2, 1).getAttribute('aria-label')).toBe('orders, r2, failed');
    expect(at(3, 2).className).toContain('dg-s-no_status');
    expect(at(0, 0).title).toBe('');
    await act(async () => at(0, 0).dispatchEvent(new MouseEvent('pointerover', { bubbles: true })));
    expect(at(0, 0).title).toBe('start · r1\nState: success\nTry: 1');
    expect(box.querySelector('.dg-legend')?.textContent).toContain('upstream failed');
  });

  it('selects run and task from a cell, the run from its header, the task from its name', async () => {
    const onSelect = vi.fn();
    await render(props({ onSelect }));
    await act(async () => at(2, 1).click());
    expect(onSelect).toHaveBeenLastCalledWith({ runId: 'r2', taskId: 'extract.orders' });
    await act(async () => at(-1, 0).click());
    expect(onSelect).toHaveBeenLastCalledWith({ runId: 'r1' });
    await act(async () => (at(4, -1).querySelector('.dg-label') as HTMLElement).click());
    expect(onSelect).toHaveBeenLastCalledWith({ taskId: 'load' });
  });

  it('outlines the selected instance and marks it aria-selected', async () => {
    await render(props({ selected: { runId: 'r2', taskId: 'extract.orders' } }));
    expect(at(2, 1).getAttribute('aria-selected')).toBe('true');
    expect(at(2, 1).className).toContain('dg-selected');
    expect(at(2, 0).getAttribute('aria-selected')).toBe('false');
    expect(box.querySelectorAll('[role="gridcell"][aria-selected="true"]')).toHaveLength(1);
  });

  it('moves a roving focus with the keys and selects with Enter', async () => {
    const onSelect = vi.fn();
    await render(props({ onSelect }));
    expect(box.querySelectorAll('[tabindex="0"]')).toHaveLength(1);
    expect(at(0, 2).tabIndex).toBe(0);
    await act(async () => at(0, 2).focus());
    await key('ArrowDown');
    expect(focused()).toEqual([1, 2]);
    await key('ArrowLeft');
    expect(focused()).toEqual([1, 1]);
    await key('Enter');
    expect(onSelect).toHaveBeenLastCalledWith({ runId: 'r2', taskId: 'extract' });
    await key('Home');
    expect(focused()).toEqual([1, 0]);
    await key('End', { ctrlKey: true });
    expect(focused()).toEqual([4, 2]);
    expect(box.querySelectorAll('[tabindex="0"]')).toHaveLength(1);
    await key('Home', { ctrlKey: true });
    await key('ArrowUp');
    expect(focused()).toEqual([-1, 0]);
    await key(' ');
    expect(onSelect).toHaveBeenLastCalledWith({ runId: 'r1' });
  });

  it('collapses and expands groups with the chevron and with Left/Right on the name', async () => {
    await render(props());
    await act(async () => (box.querySelector('button[aria-label="Collapse group extract"]') as HTMLElement).click());
    expect(names()).toEqual(['start', 'extract', 'load']);
    expect(at(1, -1).closest('[role="row"]')?.getAttribute('aria-expanded')).toBe('false');
    await act(async () => at(1, -1).click());
    expect(document.activeElement).toBe(at(1, -1));
    await key('ArrowRight');
    expect(names()).toEqual(['start', 'extract', 'orders', 'users', 'load']);
    await key('ArrowLeft');
    expect(names()).toEqual(['start', 'extract', 'load']);
  });

  it('lets the page keep the collapsed groups', async () => {
    const onToggleGroup = vi.fn();
    await render(props({ collapsed: new Set(['extract']), onToggleGroup }));
    expect(names()).toEqual(['start', 'extract', 'load']);
    await act(async () => (box.querySelector('button[aria-label="Expand group extract"]') as HTMLElement).click());
    expect(onToggleGroup).toHaveBeenCalledWith('extract');
    expect(names()).toEqual(['start', 'extract', 'load']);
    await rerender(props({ collapsed: new Set(), onToggleGroup }));
    expect(names()).toHaveLength(5);
  });

  it('renders only the rows in view of 5,000 tasks', async () => {
    const many = Array.from({ length: 5000 }, (_, i) => task(`t${i}`, ['success', 'failed', 'running']));
    await render(props({ data: { runs: RUNS, nodes: many } }));
    const rendered = box.querySelectorAll('[role="row"]').length;
    expect(rendered).toBeGreaterThan(10);
    expect(rendered).toBeLessThan(60);
    expect(box.querySelector('[role="treegrid"]')?.getAttribute('aria-rowcount')).toBe('5001');
  });
});
