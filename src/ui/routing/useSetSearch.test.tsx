// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createBrowserRouter, RouterProvider, useSearchParams } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useSetSearch, type SearchChange } from './useSetSearch';

type Write = (change: SearchChange) => void;

/** Hands out the writer of the page's one render, as two handlers of one render would use it. */
function Page({ onWriter }: { onWriter: (write: Write) => void }) {
  const [params] = useSearchParams();
  onWriter(useSetSearch());
  return <output>{params.toString()}</output>;
}

function set(key: string, value: string): SearchChange {
  return (now) => {
    now.set(key, value);
    return now;
  };
}

describe('useSetSearch', () => {
  let root: Root | null = null;
  beforeAll(() => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  });
  afterEach(() => {
    act(() => root?.unmount());
    root = null;
    document.body.innerHTML = '';
  });

  it('keeps a write made before the page rendered it: two writes in a row keep both, and stays the same writer', async () => {
    history.replaceState(null, '', '/list');
    let write: Write = () => undefined;
    const router = createBrowserRouter([{ path: '/list', element: <Page onWriter={(w) => (write = w)} /> }]);
    const container = document.body.appendChild(document.createElement('div'));
    root = createRoot(container);
    await act(async () => root?.render(<RouterProvider router={router} />));
    const first = write;
    // The search box writes q, then a filter is chosen before the page shows that q.
    await act(async () => {
      first(set('q', 'needle'));
      first(set('type', 'notebook'));
    });
    expect(new URLSearchParams(window.location.search).get('q')).toBe('needle');
    expect(new URLSearchParams(window.location.search).get('type')).toBe('notebook');
    expect(container.textContent).toBe('q=needle&type=notebook');
    // The same writer after the URL changed: what it is handed to need not render again.
    expect(write).toBe(first);
  });

  it('replaces or pushes as asked', async () => {
    history.replaceState(null, '', '/list');
    let write: Write = () => undefined;
    const router = createBrowserRouter([{ path: '/list', element: <Page onWriter={(w) => (write = w)} /> }]);
    root = createRoot(document.body.appendChild(document.createElement('div')));
    await act(async () => root?.render(<RouterProvider router={router} />));
    const before = history.length;
    await act(async () => write(set('page', '2')));
    expect(history.length).toBe(before + 1);
    await act(async () => (write as (c: SearchChange, o: { replace: boolean }) => void)(set('page', '3'), { replace: true }));
    expect(history.length).toBe(before + 1);
    expect(window.location.search).toBe('?page=3');
  });
});
