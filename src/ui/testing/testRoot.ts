import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, beforeEach } from 'vitest';

/**
 * A React root on a fresh host element for each test of the calling file (jsdom), unmounted after
 * it; `render` runs inside act so effects have run when it returns.
 */
export function testRoot() {
  const current: { root?: Root; host?: HTMLDivElement } = {};
  beforeAll(() => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  });
  beforeEach(() => {
    current.host = document.createElement('div');
    document.body.append(current.host);
    current.root = createRoot(current.host);
  });
  afterEach(() => {
    act(() => current.root?.unmount());
    current.host?.remove();
  });
  return {
    render: (node: ReactNode) => act(() => current.root?.render(node)),
    host: () => current.host as HTMLDivElement,
  };
}
