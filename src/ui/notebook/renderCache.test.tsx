// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Cell } from '../../model/nbformat/types';
import { useWarmRenders } from './editor/useWarmRenders';
import { cachedMarkdown, RenderCacheProvider, useRenderCache, type RenderCache } from './renderCache';

let root: Root | undefined;

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});

afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  vi.useRealTimers();
});

/** Renders `warm` cells into a provider and hands back the provider's cache. */
async function listCache(cells: Cell[] = []): Promise<RenderCache> {
  let cache: RenderCache | undefined;
  function Probe() {
    cache = useRenderCache();
    useWarmRenders(cells);
    return null;
  }
  root = createRoot(document.createElement('div'));
  await act(async () => root!.render(<RenderCacheProvider><Probe /></RenderCacheProvider>));
  return cache!;
}

describe('RenderCacheProvider', () => {
  it('makes a render once per kind and text', async () => {
    const cache = await listCache();
    const make = vi.fn(() => '<p>x</p>');
    expect(cache('markdown', 'x', make)).toBe('<p>x</p>');
    expect(cache('markdown', 'x', make)).toBe('<p>x</p>');
    expect(make).toHaveBeenCalledOnce();
    cache('ansi', 'x', make);
    expect(make).toHaveBeenCalledTimes(2);
  });

  it('does not keep markdown with attachments (they are part of what it shows)', async () => {
    const cache = await listCache();
    const attachments = { 'a.png': { 'image/png': 'AAAA' } };
    cachedMarkdown(cache, '![a](attachment:a.png)', null, attachments);
    const make = vi.fn(() => '');
    cache('markdown', '![a](attachment:a.png)', make);
    expect(make).toHaveBeenCalledOnce();
  });

  it("renders the cells' markdown and terminal text ahead, in idle time", async () => {
    vi.useFakeTimers();
    const cells: Cell[] = [
      { id: 'm', cell_type: 'markdown', metadata: {}, source: '# Title' },
      { id: 'c', cell_type: 'code', metadata: {}, source: 'print(1)', execution_count: 1, outputs: [{ output_type: 'stream', name: 'stdout', text: '1\n' }] },
    ];
    const cache = await listCache(cells);
    await act(async () => vi.advanceTimersByTimeAsync(2000));
    const make = vi.fn(() => 'made again');
    expect(cache('markdown', '# Title', make)).toContain('<h1');
    expect(cache('ansi', '1\n', make)).toBe('1\n');
    expect(make).not.toHaveBeenCalled();
  });

  it('waits for a pause in typing before rendering ahead', async () => {
    vi.useFakeTimers();
    const cells: Cell[] = [
      { id: 'a', cell_type: 'markdown', metadata: {}, source: '# First' },
      { id: 'b', cell_type: 'markdown', metadata: {}, source: '# Second' },
    ];
    const cache = await listCache(cells);
    // A key every 300 ms for 3 s, from the list's start: nothing is made ahead meanwhile.
    for (let t = 0; t < 3000; t += 300) {
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
      await act(async () => vi.advanceTimersByTimeAsync(300));
    }
    expect(cache('markdown', '# First', () => 'not made ahead')).toBe('not made ahead');
    // Typing stops: the rest is made within the next idle periods.
    await act(async () => vi.advanceTimersByTimeAsync(1500));
    expect(cache('markdown', '# Second', () => 'not made ahead')).toContain('<h1');
  });
});
