// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useAsync } from './useAsync';

let root: Root | undefined;
beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
});

type Answer = { value: string | null; error: string | null };

async function render(load: (() => Promise<string>) | null, deps: unknown[], seen: Answer[]) {
  function Probe() {
    seen.push(useAsync(load, deps));
    return null;
  }
  root ??= createRoot(document.createElement('div'));
  await act(async () => root!.render(<Probe />));
}

describe('useAsync', () => {
  it("shows an answer only for the inputs it was loaded for, and a failure's message", async () => {
    const seen: Answer[] = [];
    let finish: (value: string) => void = () => {};
    await render(() => Promise.resolve('schemas of 1'), [1], seen);
    expect(seen.at(-1)).toMatchObject({ value: 'schemas of 1', error: null });
    // Other inputs: the old answer is not shown while the new one loads.
    await render(() => new Promise((resolve) => (finish = resolve)), [2], seen);
    expect(seen.at(-1)).toMatchObject({ value: null, error: null });
    await act(async () => finish('schemas of 2'));
    expect(seen.at(-1)).toMatchObject({ value: 'schemas of 2', error: null });
    await render(() => Promise.reject(new Error('offline')), [3], seen);
    expect(seen.at(-1)).toMatchObject({ value: null, error: 'offline' });
  });

  it('loads nothing without a loader', async () => {
    const seen: Answer[] = [];
    await render(null, ['x'], seen);
    expect(seen.at(-1)).toMatchObject({ value: null, error: null });
  });
});
