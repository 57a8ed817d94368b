// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './ConfirmDialog';

let root: Root | undefined;
let host: HTMLDivElement | undefined;

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});

afterEach(() => {
  act(() => root?.unmount());
  host?.remove();
});

const QUESTION = { title: 'Restart Kernel?', text: 'Do you want to restart the kernel of a.ipynb? All variables will be lost.', confirm: 'Restart' };

function render(open: boolean, handlers: { onConfirm: () => void; onCancel: () => void; onParentKey: () => void }) {
  act(() =>
    root!.render(
      <div onKeyDown={handlers.onParentKey}>
        <button type="button" id="before">
          Restart
        </button>
        {open && <ConfirmDialog question={QUESTION} onConfirm={handlers.onConfirm} onCancel={handlers.onCancel} />}
      </div>,
    ),
  );
}

const button = (name: string) => [...document.querySelectorAll<HTMLButtonElement>('[role="alertdialog"] button')].find((one) => one.textContent === name)!;

describe('ConfirmDialog', () => {
  it('asks with Cancel focused; Escape cancels; its keys do not reach the page; focus goes back', () => {
    host = document.body.appendChild(document.createElement('div'));
    root = createRoot(host);
    const handlers = { onConfirm: vi.fn(), onCancel: vi.fn(), onParentKey: vi.fn() };
    render(false, handlers);
    document.getElementById('before')!.focus();
    render(true, handlers);
    const dialog = document.querySelector('[role="alertdialog"]')!;
    expect(dialog.textContent).toContain('Restart Kernel?');
    expect(document.activeElement).toBe(button('Cancel'));
    act(() => button('Cancel').dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true })));
    expect(handlers.onCancel).toHaveBeenCalledTimes(1);
    expect(handlers.onParentKey).not.toHaveBeenCalled();
    act(() => button('Restart').click());
    expect(handlers.onConfirm).toHaveBeenCalledTimes(1);
    render(false, handlers);
    expect(document.activeElement?.id).toBe('before');
  });
});
