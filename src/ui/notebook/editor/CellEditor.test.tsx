// @vitest-environment jsdom
import { EditorView } from '@codemirror/view';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import CellEditor, { type CellEditorProps } from './CellEditor';

let root: Root | undefined;
let host: HTMLDivElement | undefined;

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  // jsdom lays nothing out; the editor measures text ranges.
  Range.prototype.getClientRects = () => [] as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect = () => new DOMRect();
});

afterEach(() => {
  act(() => root?.unmount());
  host?.remove();
  root = undefined;
  vi.useRealTimers();
});

function mount(props: Partial<CellEditorProps> = {}) {
  const all: CellEditorProps = { value: 'x = 1', version: 1, language: 'python', onTyped: vi.fn(), onCommand: vi.fn(), focused: true, label: 'Cell 1', ...props };
  host = document.body.appendChild(document.createElement('div'));
  root = createRoot(host);
  act(() => root!.render(<CellEditor {...all} />));
  const view = EditorView.findFromDOM(host.querySelector('.cm-editor') as HTMLElement)!;
  const rerender = (next: Partial<CellEditorProps>) => act(() => root!.render(<CellEditor {...all} {...next} />));
  const type = (text: string) => act(() => view.dispatch({ changes: { from: view.state.doc.length, insert: text }, userEvent: 'input.type' }));
  const press = (key: string, init: KeyboardEventInit = {}) => act(() => void view.contentDOM.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init })));
  return { view, rerender, type, press, props: all };
}

describe('CellEditor', () => {
  it('shows the cell text, labelled, and hands every typed change to the page', () => {
    const { view, type, props } = mount();
    expect(view.state.doc.toString()).toBe('x = 1');
    expect(view.contentDOM.getAttribute('aria-label')).toBe('Cell 1');
    type('0');
    type('\n');
    expect(props.onTyped).toHaveBeenCalledTimes(2);
    expect(vi.mocked(props.onTyped).mock.lastCall?.[0].typing).toEqual({ base: 'x = 1', text: 'x = 10\n' });
  });

  it("writes the document's text in (undo, another tab) without reporting it as typing", () => {
    const { view, rerender, props } = mount();
    rerender({ value: 'y = 2', version: 2 });
    expect(view.state.doc.toString()).toBe('y = 2');
    expect(props.onTyped).not.toHaveBeenCalled();
  });

  it('merges another tab’s typing with what is typed here, and sends this side’s typing with its base', () => {
    const { view, rerender, type, props } = mount();
    type(' # mine');
    // Another tab typed at the start; ours (at the end) is not written yet: both show.
    rerender({ value: 'y, x = 1', version: 2 });
    expect(view.state.doc.toString()).toBe('y, x = 1 # mine');
    const typed = vi.mocked(props.onTyped).mock.lastCall![0];
    // What it sends is relative to the document it merged: the other tab's typing is not sent back.
    expect(typed.take()).toEqual({ base: 'y, x = 1', text: 'y, x = 1 # mine' });
  });

  it('merges the document only once it holds what was sent from here', () => {
    const { view, rerender, type, props } = mount();
    type('0');
    const typed = vi.mocked(props.onTyped).mock.lastCall![0];
    const sent = typed.take();
    type('0');
    // Written at version 3; a live value of version 2 (before our write) is not merged in.
    act(() => typed.written(sent, 3));
    rerender({ value: '# B\nx = 1', version: 2 });
    expect(view.state.doc.toString()).toBe('x = 100');
    rerender({ value: '# B\nx = 10', version: 3 });
    expect(view.state.doc.toString()).toBe('# B\nx = 100');
  });

  it("answers Jupyter's edit-mode keys with the text and the cursor's offset", () => {
    const { view, press, props } = mount({ value: 'ab' });
    act(() => view.dispatch({ selection: { anchor: 1 } }));
    press('Enter', { shiftKey: true });
    expect(props.onCommand).toHaveBeenLastCalledWith('runAndSelectNext', { text: 'ab', offset: 1 });
    press('Enter', { ctrlKey: true });
    expect(props.onCommand).toHaveBeenLastCalledWith('run', { text: 'ab', offset: 1 });
    press('Enter', { altKey: true });
    expect(props.onCommand).toHaveBeenLastCalledWith('runAndInsert', { text: 'ab', offset: 1 });
    press('s', { ctrlKey: true });
    expect(props.onCommand).toHaveBeenLastCalledWith('save', { text: 'ab', offset: 1 });
    press('-', { ctrlKey: true, shiftKey: true });
    expect(props.onCommand).toHaveBeenLastCalledWith('split', { text: 'ab', offset: 1 });
    press('Escape');
    expect(props.onCommand).toHaveBeenLastCalledWith('command', { text: 'ab', offset: 1 });
    // The keys were the notebook's, not the editor's: no newline, no text changed.
    expect(view.state.doc.toString()).toBe('ab');
    expect(props.onTyped).not.toHaveBeenCalled();
  });

  it("undoes its own typing with Ctrl+Z, but never text written in from the document", () => {
    const { view, rerender, type, press } = mount();
    rerender({ value: 'y = 2', version: 2 });
    type('0');
    press('z', { ctrlKey: true });
    expect(view.state.doc.toString()).toBe('y = 2');
    press('z', { ctrlKey: true });
    expect(view.state.doc.toString()).toBe('y = 2');
  });

  it('changes grammar with the cell type, keeping the text', () => {
    const { view, rerender } = mount({ value: 'SELECT 1' });
    rerender({ language: 'sql' });
    expect(view.state.doc.toString()).toBe('SELECT 1');
    rerender({ language: 'plaintext' });
    expect(view.state.doc.toString()).toBe('SELECT 1');
  });
});
