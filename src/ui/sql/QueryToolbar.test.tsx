// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SqlTabEstimate } from '../../model/events';
import { QueryToolbar, type QueryToolbarProps } from './QueryToolbar';

let root: Root | undefined;
let host: HTMLDivElement | undefined;

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});

afterEach(() => {
  act(() => root?.unmount());
  host?.remove();
});

const noop = () => {};
const PROPS: QueryToolbarProps = {
  canRun: true,
  canCancel: false,
  canEstimate: true,
  canFormat: true,
  loading: false,
  elapsedMs: 0,
  limit: 1000,
  estimate: null,
  onRun: noop,
  onRunSelection: noop,
  onCancel: noop,
  onEstimate: noop,
  onFormat: noop,
  onSave: noop,
  onLimit: noop,
};

function render(props: Partial<QueryToolbarProps>): HTMLDivElement {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  act(() => root!.render(<QueryToolbar {...PROPS} {...props} />));
  return host;
}

const estimateButton = (at: HTMLElement) => [...at.querySelectorAll('button')].find((button) => button.textContent?.includes('Estimate')) as HTMLButtonElement;

describe('QueryToolbar', () => {
  it('disables Estimate with the reason on hover where the database gives no estimate', () => {
    const button = estimateButton(render({ estimateRefusal: 'duckdb gives no cost estimate (its database does not allow one)' }));
    expect(button.disabled).toBe(true);
    expect(button.title).toBe('duckdb gives no cost estimate (its database does not allow one)');
  });

  it('offers Estimate otherwise', () => {
    const button = estimateButton(render({ estimateRefusal: null }));
    expect(button.disabled).toBe(false);
    expect(button.title).toBe('Estimate the cost');
  });

  it('shows an engine’s own figures under its names, and DuckDB’s three as rows, cost and size', () => {
    const base: SqlTabEstimate = { startDttm: 1, endDttm: 2, totalRows: 1234, cpuCost: 5, outputSize: 2048 };
    const postgres = { ...base, totalRows: 0, cpuCost: 0, outputSize: 0, figures: [{ name: 'Start-up cost', value: '0.0' }, { name: 'Total cost', value: '0.01' }] };
    expect(render({ estimate: postgres }).querySelector('[data-testid="sql-estimate"]')?.textContent).toBe('Estimate: Start-up cost 0.0 · Total cost 0.01');
    act(() => root?.unmount());
    expect(render({ estimate: base }).querySelector('[data-testid="sql-estimate"]')?.textContent).toBe('Estimate: 1,234 rows · cost 5 · 2.0 KB');
  });
});
