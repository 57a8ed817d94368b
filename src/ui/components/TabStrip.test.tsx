// @vitest-environment jsdom
import { act, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { TabStrip, type StripTab } from './TabStrip';

let root: Root;
let host: HTMLDivElement;
const renamed = vi.fn();

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  // jsdom lays nothing out and has no CSS.escape (the ids here need no escaping).
  Element.prototype.scrollIntoView = () => {};
  (globalThis as { CSS?: Pick<typeof CSS, 'escape'> }).CSS ??= { escape: (value: string) => value };
});

beforeEach(() => {
  renamed.mockReset();
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  act(() => root.render(<Strip />));
});

afterEach(() => {
  act(() => root.unmount());
  host.remove();
});

/** A page that keeps its tabs in state, as SQL Lab and the notebook editor do. */
function Strip() {
  const [tabs, setTabs] = useState<StripTab[]>([
    { id: 'a', name: 'Alpha' },
    { id: 'b', name: 'Beta' },
    { id: 'c', name: 'Gamma' },
  ]);
  const [active, setActive] = useState('a');
  const close = (tab: StripTab) => {
    const rest = tabs.filter((t) => t.id !== tab.id);
    setTabs(rest);
    if (tab.id === active) setActive(rest[0].id);
  };
  return (
    <TabStrip
      tabs={tabs}
      activeId={active}
      label="Query tabs"
      classPrefix="sql"
      newLabel="New query tab"
      renameLabel="Tab name"
      maxNameLength={100}
      onActivate={(tab) => setActive(tab.id)}
      onClose={close}
      onNew={() => {}}
      onRename={(tab, name) => {
        renamed(tab.id, name);
        setTabs(tabs.map((t) => (t.id === tab.id ? { ...t, name } : t)));
      }}
    />
  );
}

const tabs = () => [...host.querySelectorAll<HTMLElement>('[role="tab"]')];
const selected = () => host.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]');
const press = (target: Element, key: string) => act(() => target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true })));

describe('TabStrip', () => {
  it('is a named tablist of tabs, only the active one in the tab order', () => {
    expect(host.querySelector('[role="tablist"]')?.getAttribute('aria-label')).toBe('Query tabs');
    expect(tabs().map((tab) => tab.textContent)).toEqual(['Alpha', 'Beta', 'Gamma']);
    expect(tabs().map((tab) => tab.tabIndex)).toEqual([0, -1, -1]);
    expect(host.querySelector('button[aria-label="New query tab"]')).not.toBeNull();
  });

  it('moves to the next and previous tab with the arrow keys, wrapping, and focuses it', () => {
    press(tabs()[0], 'ArrowRight');
    expect(selected()?.textContent).toBe('Beta');
    expect(document.activeElement).toBe(selected());
    press(tabs()[1], 'ArrowLeft');
    press(tabs()[0], 'ArrowLeft');
    expect(selected()?.textContent).toBe('Gamma');
    expect(document.activeElement).toBe(selected());
  });

  it('renames with F2 and Enter once (the blur that follows renames nothing more); Escape keeps the name', () => {
    press(tabs()[0], 'F2');
    const field = host.querySelector<HTMLInputElement>('input[aria-label="Tab name"]')!;
    expect(field.value).toBe('Alpha');
    expect(field.maxLength).toBe(100);
    act(() => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(field, 'First');
      field.dispatchEvent(new Event('input', { bubbles: true }));
    });
    press(field, 'Enter');
    expect(renamed.mock.calls).toEqual([['a', 'First']]);
    expect(tabs()[0].textContent).toBe('First');
    expect(document.activeElement).toBe(tabs()[0]);

    press(tabs()[0], 'F2');
    press(host.querySelector('input[aria-label="Tab name"]')!, 'Escape');
    expect(renamed).toHaveBeenCalledTimes(1);
    expect(tabs()[0].textContent).toBe('First');
  });

  it('closes the focused tab with Delete and focuses the tab that is active next', () => {
    tabs()[0].focus();
    press(tabs()[0], 'Delete');
    expect(tabs().map((tab) => tab.textContent)).toEqual(['Beta', 'Gamma']);
    expect(selected()?.textContent).toBe('Beta');
    expect(document.activeElement).toBe(selected());
  });

  it('keeps × and the pencil out of the accessibility tree and the tab order', () => {
    const actions = [...host.querySelectorAll<HTMLElement>('.sql-tab-action')];
    expect(actions).toHaveLength(6);
    for (const action of actions) {
      expect(action.getAttribute('aria-hidden')).toBe('true');
      expect(action.tabIndex).toBe(-1);
    }
    act(() => actions[1].click());
    expect(tabs()).toHaveLength(2);
  });
});
