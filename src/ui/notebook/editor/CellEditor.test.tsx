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
  const all: CellEditorProps = { value: 'x = 1', language: 'python', onText: vi.fn(), onCommand: vi.fn(), focused: true, label: 'Cell 1', ...props };
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
    expect(props.onText).toHaveBeenNthCalledWith(1, 'x = 10');
    expect(props.onText).toHaveBeenLastCalledWith('x = 10\n');
  });

  it("writes the document's text in (undo, another tab) without reporting it as typing", () => {
    const { view, rerender, props } = mount();
    rerender({ value: 'y = 2' });
    expect(view.state.doc.toString()).toBe('y = 2');
    expect(props.onText).not.toHaveBeenCalled();
  });

  it('keeps what was typed while it is on its way to the document, then takes later text from outside', () => {
    vi.useFakeTimers();
    const { view, rerender, type } = mount();
    type('0');
    // Another tab's text arrives before our typing is written: ours stays (it is the later edit).
    rerender({ value: 'from elsewhere' });
    expect(view.state.doc.toString()).toBe('x = 10');
    // Our typing is in the document: nothing is on its way, the next outside text is written in.
    rerender({ value: 'x = 10' });
    rerender({ value: 'x = 10 # undone' });
    expect(view.state.doc.toString()).toBe('x = 10 # undone');
  });

  it('takes outside text once typing has been quiet for long enough, even if our write was never seen', () => {
    vi.useFakeTimers();
    const { view, rerender, type } = mount();
    type('0');
    rerender({ value: 'from elsewhere' });
    expect(view.state.doc.toString()).toBe('x = 10');
    act(() => vi.advanceTimersByTime(1600));
    expect(view.state.doc.toString()).toBe('from elsewhere');
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
    expect(props.onText).not.toHaveBeenCalled();
  });

  it("undoes its own typing with Ctrl+Z, but never text written in from the document", () => {
    const { view, rerender, type, press } = mount();
    rerender({ value: 'y = 2' });
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
