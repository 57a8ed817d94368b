// @vitest-environment jsdom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { TEXT_SAVE_DELAY_MS, useDebouncedSave, type DebouncedSave } from './useDebouncedSave';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function mount(saved: string[]): { saver: () => DebouncedSave; unmount: () => void } {
  let saver: DebouncedSave | null = null;
  function Harness() {
    saver = useDebouncedSave((text) => saved.push(text));
    return null;
  }
  const root = createRoot(document.createElement('div'));
  act(() => root.render(<Harness />));
  return { saver: () => saver!, unmount: () => act(() => root.unmount()) };
}

it('saves the text once typing pauses, only the last text', () => {
  const saved: string[] = [];
  const { saver } = mount(saved);
  saver().save('sel');
  saver().save('select 1');
  vi.advanceTimersByTime(TEXT_SAVE_DELAY_MS - 1);
  expect(saved).toEqual([]);
  vi.advanceTimersByTime(1);
  expect(saved).toEqual(['select 1']);
});

it('flush saves the pending text at once, and the pause then saves nothing over what came after (a Format answered within the pause)', () => {
  const saved: string[] = [];
  const { saver } = mount(saved);
  saver().save('select a,b from t');
  saver().flush();
  expect(saved).toEqual(['select a,b from t']);
  saved.push('SELECT a, b FROM t'); // the formatted text replaces the tab's
  vi.advanceTimersByTime(TEXT_SAVE_DELAY_MS * 2);
  expect(saved).toEqual(['select a,b from t', 'SELECT a, b FROM t']);
});

it('saves the pending text when the tab goes away', () => {
  const saved: string[] = [];
  const { saver, unmount } = mount(saved);
  saver().save('select 2');
  unmount();
  expect(saved).toEqual(['select 2']);
});
