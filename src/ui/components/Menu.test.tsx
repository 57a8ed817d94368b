// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DropdownMenu } from './DropdownMenu';
import { CellMenu } from './resultsGrid/CellMenu';

let root: Root;
let host: HTMLDivElement;

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});

beforeEach(() => {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
});

afterEach(() => {
  act(() => root.unmount());
  host.remove();
});

const items = (picked: (label: string) => void) => ['Rename', 'Move', 'Delete'].map((label) => ({ label, onSelect: () => picked(label) }));
const press = (key: string) => act(() => document.activeElement!.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true })));
const focused = () => document.activeElement?.textContent;
const menu = () => host.querySelector('[role="menu"]');

describe('DropdownMenu', () => {
  const picked = vi.fn();
  beforeEach(() => {
    picked.mockReset();
    act(() => root.render(<DropdownMenu label="Actions for a.ipynb" trigger="…" items={items(picked)} />));
    act(() => host.querySelector<HTMLButtonElement>('button[aria-haspopup="menu"]')!.click());
  });

  it('opens a named menu with its first item focused; arrows wrap, Home and End jump', () => {
    expect(menu()?.getAttribute('aria-label')).toBe('Actions for a.ipynb');
    expect(host.querySelector('[aria-haspopup]')?.getAttribute('aria-expanded')).toBe('true');
    expect(focused()).toBe('Rename');
    press('ArrowUp');
    expect(focused()).toBe('Delete');
    press('ArrowDown');
    expect(focused()).toBe('Rename');
    press('End');
    expect(focused()).toBe('Delete');
    press('Home');
    expect(focused()).toBe('Rename');
  });

  it('picks with a click: closes, runs the item, focus back on the button', () => {
    act(() => [...host.querySelectorAll<HTMLElement>('[role="menuitem"]')][1].click());
    expect(picked.mock.calls).toEqual([['Move']]);
    expect(menu()).toBeNull();
    expect(document.activeElement?.getAttribute('aria-haspopup')).toBe('menu');
  });

  it('closes on Escape (focus back on the button) and on a pointer elsewhere', () => {
    press('Escape');
    expect(menu()).toBeNull();
    expect(document.activeElement?.getAttribute('aria-haspopup')).toBe('menu');
    act(() => host.querySelector<HTMLButtonElement>('button[aria-haspopup="menu"]')!.click());
    act(() => document.body.dispatchEvent(new Event('pointerdown', { bubbles: true })));
    expect(menu()).toBeNull();
    expect(picked).not.toHaveBeenCalled();
  });
});

describe('CellMenu', () => {
  it('is the same menu at a point: keys move, Escape and Tab close it from the menu', () => {
    const onClose = vi.fn();
    const onDone = vi.fn();
    const picked = vi.fn();
    act(() => root.render(<CellMenu x={10} y={20} items={items(picked)} onClose={onClose} onDone={onDone} />));
    expect(menu()?.getAttribute('aria-label')).toBe('Result actions');
    expect(focused()).toBe('Rename');
    press('ArrowDown');
    expect(focused()).toBe('Move');
    press('Tab');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onDone).toHaveBeenCalledTimes(1);
    act(() => window.dispatchEvent(new Event('resize')));
    expect(onClose).toHaveBeenCalledTimes(2);
    expect(onDone).toHaveBeenCalledTimes(1);
    expect(picked).not.toHaveBeenCalled();
  });
});
