// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTOSAVE_DELAY_MS } from '../../../commands/notebook/autosave';
import type { NotebookDocCommands } from '../../../commands/notebook/doc';
import type { NotebookSaveState } from '../../../db/notebookSaves';
import type { NotebookDocRow } from '../../../model/rows';
import { useAutosave } from './useAutosave';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const doc = (lastEditSeq: number, dirty = true) => ({ docId: 'd', dirty, lastEditSeq }) as NotebookDocRow;
const state = (more: Partial<NotebookSaveState> = {}): NotebookSaveState => ({ conflict: null, refused: null, waiting: false, writtenEditSeq: null, ...more });

function Harness(props: { docs: NotebookDocCommands; doc: NotebookDocRow; state: NotebookSaveState | undefined; flush: () => Promise<void> }) {
  useAutosave({ ...props, docId: 'd' });
  return null;
}

let root: Root;
beforeEach(() => {
  vi.useFakeTimers();
  root = createRoot(document.createElement('div'));
});
afterEach(() => vi.useRealTimers());

function setup() {
  const calls: string[] = [];
  const docs = { save: vi.fn(async (_docId: string, options?: { auto?: boolean }) => void calls.push(`save ${JSON.stringify(options)}`)) } as unknown as NotebookDocCommands;
  const flush = vi.fn(async () => void calls.push('flush'));
  const render = (row: NotebookDocRow, saves: NotebookSaveState | undefined) => act(async () => root.render(<Harness docs={docs} doc={row} state={saves} flush={flush} />));
  return { calls, render };
}

const hide = (visibility: 'hidden' | 'visible') =>
  act(async () => {
    Object.defineProperty(document, 'visibilityState', { value: visibility, configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });

describe('useAutosave', () => {
  it('writes the typing, then autosaves, the delay after the last edit', async () => {
    const { calls, render } = setup();
    await render(doc(1), state());
    await act(() => vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS - 1));
    await render(doc(2), state());
    await act(() => vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS - 1));
    expect(calls).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(calls).toEqual(['flush', 'save {"auto":true}']);
    await act(async () => root.unmount());
  });

  it('waits for the save state before deciding, and never saves during a conflict', async () => {
    const { calls, render } = setup();
    await render(doc(1), undefined);
    await render(doc(1), state({ conflict: { changeId: 'c', status: 409, message: 'changed' } }));
    await render(doc(2), state({ conflict: { changeId: 'c', status: 409, message: 'changed' } }));
    await act(() => vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS * 2));
    await hide('hidden');
    expect(calls).toEqual([]);
    await act(async () => root.unmount());
  });

  it('saves at once when the page is hidden, and when the editor closes with a save due', async () => {
    const { calls, render } = setup();
    await render(doc(1, false), state());
    await hide('hidden');
    // Typing not written yet may be there: the command decides once it is written.
    expect(calls).toEqual(['flush', 'save {"auto":true}']);
    await hide('visible');
    await render(doc(2), state());
    await act(async () => root.unmount());
    expect(calls).toEqual(['flush', 'save {"auto":true}', 'flush', 'save {"auto":true}']);
  });
});
