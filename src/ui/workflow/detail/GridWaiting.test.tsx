// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { STILL_READING } from '../../../../contracts/workflow';
import { GridWaiting } from './GridTab';

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  vi.useRealTimers();
});

function show(props: { loading: boolean; error: string | undefined }): HTMLElement {
  const host = document.createElement('div');
  root = createRoot(host);
  act(() => root?.render(<GridWaiting {...props} />));
  return host;
}

describe('GridWaiting', () => {
  it('counts the seconds while the proxy says Airflow is still reading the structure', () => {
    vi.useFakeTimers();
    const host = show({ loading: false, error: `${STILL_READING} (31 s so far, longer than the console's 30 s timeout): the console keeps its one call going; ask again` });
    expect(host.textContent).toBe("Reading the DAG's structure… 0 s");
    act(() => vi.advanceTimersByTime(5000));
    expect(host.textContent).toBe("Reading the DAG's structure… 5 s");
  });

  it('says loading first, the wait after two seconds, and any other failure as it is', () => {
    vi.useFakeTimers();
    const host = show({ loading: true, error: undefined });
    expect(host.textContent).toBe('Loading the grid…');
    act(() => vi.advanceTimersByTime(3000));
    expect(host.textContent).toBe("Reading the DAG's structure… 3 s");
    act(() => root?.render(<GridWaiting loading={false} error="Airflow refused: forbidden" />));
    expect(host.textContent).toBe('The grid could not be loaded: Airflow refused: forbidden');
  });
});
