import { Pencil, Plus, X } from 'lucide-react';
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

/** What a strip needs of a tab. */
export interface StripTab {
  id: string;
  name: string;
}

export interface TabStripProps<T extends StripTab> {
  tabs: readonly T[];
  activeId: string | null;
  /** The tablist's accessible name ('Query tabs', 'Open notebooks'). */
  label: string;
  /** The class prefix of the page's own look: `${prefix}-tabbar`, `${prefix}-tab`, … */
  classPrefix: string;
  /** The + button's name ('New query tab'). */
  newLabel: string;
  /** The rename field's name and its longest name. */
  renameLabel: string;
  maxNameLength: number;
  onActivate: (tab: T) => void;
  onClose: (tab: T) => void;
  onNew: () => void;
  onRename: (tab: T, name: string) => void;
  /** The tab's hover text before the key hints (its name by default). */
  tabTitle?: (tab: T) => string;
  /** Marks after the name (unsaved, running). */
  badges?: (tab: T) => ReactNode;
  /** What follows the + button (SQL Lab's "Reopen closed tab"). */
  children?: ReactNode;
}

/**
 * A strip of editor tabs: click or the arrow keys to switch, double-click, F2 or the pencil to
 * rename, × or Delete to close, + for a new one. The tablist holds only tabs (WAI-ARIA): × and the
 * pencil are mouse shortcuts hidden from assistive technology, whose users rename and close from
 * the keyboard. Many tabs scroll sideways inside the strip, the active one into view.
 */
export function TabStrip<T extends StripTab>(props: TabStripProps<T>) {
  const { tabs, label, classPrefix: c, newLabel, onNew, children } = props;
  const { listRef, editing, setEditing, keys, renamed } = useStripState(props);
  return (
    <div className={`${c}-tabbar`}>
      <div className={`${c}-tablist`} role="tablist" aria-label={label} ref={listRef}>
        {tabs.map((tab) =>
          editing === tab.id ? (
            <RenameField key={tab.id} className={`${c}-tab-rename`} label={props.renameLabel} maxLength={props.maxNameLength} initial={tab.name} onDone={(name) => renamed(tab, name)} />
          ) : (
            <TabItem key={tab.id} strip={props} tab={tab} onRename={() => setEditing(tab.id)} onKeyDown={(event) => keys(event, tab)} />
          ),
        )}
      </div>
      <button type="button" className={`${c}-tab-new`} aria-label={newLabel} title={newLabel} onClick={onNew}>
        <Plus size={15} aria-hidden="true" />
      </button>
      {children}
    </div>
  );
}

/**
 * The strip's keys and rename state. The active tab scrolls into the strip's view; after a
 * keyboard close or a rename (the focused tab or field is gone) it takes the focus.
 */
function useStripState<T extends StripTab>({ tabs, activeId, onActivate, onClose, onRename }: TabStripProps<T>) {
  const [editing, setEditing] = useState<string | null>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const refocusRef = useRef(false);
  useEffect(() => {
    if (activeId) listRef.current?.querySelector(`[data-tab-id="${CSS.escape(activeId)}"]`)?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [activeId, tabs.length]);
  useEffect(() => {
    if (!refocusRef.current || editing) return;
    refocusRef.current = false;
    listRef.current?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]')?.focus();
  }, [activeId, tabs.length, editing]);
  const keys = (event: KeyboardEvent, tab: T) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step !== 0) {
      const next = tabs[(tabs.indexOf(tab) + step + tabs.length) % tabs.length];
      onActivate(next);
      listRef.current?.querySelector<HTMLElement>(`[data-tab-id="${CSS.escape(next.id)}"] [role="tab"]`)?.focus();
    } else if (event.key === 'F2') setEditing(tab.id);
    else if (event.key === 'Delete') {
      refocusRef.current = true;
      onClose(tab);
    } else return;
    event.preventDefault();
  };
  const renamed = (tab: T, name: string | null) => {
    refocusRef.current = true;
    setEditing(null);
    if (name !== null) onRename(tab, name);
  };
  return { listRef, editing, setEditing, keys, renamed };
}

interface TabItemProps<T extends StripTab> {
  strip: TabStripProps<T>;
  tab: T;
  onRename: () => void;
  onKeyDown: (event: KeyboardEvent) => void;
}

function TabItem<T extends StripTab>({ strip, tab, onRename, onKeyDown }: TabItemProps<T>) {
  const { classPrefix: c, activeId } = strip;
  const active = tab.id === activeId;
  return (
    <div className={`${c}-tab${active ? ' active' : ''}`} role="presentation" data-tab-id={tab.id}>
      <button
        type="button"
        role="tab"
        aria-selected={active}
        aria-keyshortcuts="F2 Delete"
        tabIndex={active ? 0 : -1}
        className={`${c}-tab-name`}
        title={`${strip.tabTitle?.(tab) ?? tab.name} — double-click or F2 to rename, Delete to close`}
        onClick={() => strip.onActivate(tab)}
        onDoubleClick={onRename}
        onKeyDown={onKeyDown}
      >
        {tab.name}
        {strip.badges?.(tab)}
      </button>
      <button type="button" className={`${c}-tab-action`} aria-hidden="true" tabIndex={-1} title="Rename" onClick={onRename}>
        <Pencil size={12} />
      </button>
      <button type="button" className={`${c}-tab-action`} aria-hidden="true" tabIndex={-1} title="Close tab" onClick={() => strip.onClose(tab)}>
        <X size={13} />
      </button>
    </div>
  );
}

interface RenameFieldProps {
  className: string;
  label: string;
  maxLength: number;
  initial: string;
  onDone: (name: string | null) => void;
}

function RenameField({ className, label, maxLength, initial, onDone }: RenameFieldProps) {
  const [value, setValue] = useState(initial);
  const done = useRef(false);
  const finish = (name: string | null) => {
    if (done.current) return; // Enter, then the blur it causes: one rename
    done.current = true;
    onDone(name);
  };
  return (
    <input
      className={className}
      aria-label={label}
      autoFocus
      value={value}
      maxLength={maxLength}
      onChange={(event) => setValue(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') finish(value);
        if (event.key === 'Escape') finish(null);
      }}
      onBlur={() => finish(value)}
    />
  );
}
