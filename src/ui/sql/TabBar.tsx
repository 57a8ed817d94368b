import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { SqlTabRow } from '../../model/rows';
import { Pencil, Plus, X } from 'lucide-react';

export interface TabBarProps {
  tabs: SqlTabRow[];
  activeId: string | null;
  canReopen: boolean;
  onActivate: (id: string) => void;
  onClose: (id: string) => void;
  onNew: () => void;
  onRename: (id: string, name: string) => void;
  onReopen: () => void;
}

/**
 * SQL Lab's editor tabs: click to switch, double-click or F2 to rename, × or Delete to close, + for a new one.
 * The tablist holds only tabs (WAI-ARIA): × and the pencil are mouse shortcuts hidden from assistive
 * technology, whose users rename and close from the keyboard; arrows move between tabs.
 */
export function TabBar({ tabs, activeId, canReopen, onActivate, onClose, onNew, onRename, onReopen }: TabBarProps) {
  const [editing, setEditing] = useState<string | null>(null);
  const listRef = useRef<HTMLDivElement>(null);
  // After a keyboard close or rename the tab under focus is gone: focus the active one once it shows.
  const refocus = useRef(false);
  useEffect(() => {
    if (!refocus.current || editing) return;
    refocus.current = false;
    listRef.current?.querySelector<HTMLElement>('[aria-selected="true"]')?.focus();
  }, [tabs, activeId, editing]);
  const keys = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const tab = tabs[index];
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step !== 0) {
      const next = tabs[(index + step + tabs.length) % tabs.length];
      onActivate(next.id);
      listRef.current?.querySelector<HTMLElement>(`[data-tab-id="${next.id}"]`)?.focus();
    } else if (event.key === 'Delete') {
      refocus.current = true;
      onClose(tab.id);
    } else if (event.key === 'F2') setEditing(tab.id);
    else return;
    event.preventDefault();
  };
  return (
    <div className="sql-tabbar">
      <div className="sql-tablist" role="tablist" aria-label="Query tabs" ref={listRef}>
        {tabs.map((tab, index) =>
          editing === tab.id ? (
            <RenameField key={tab.id} initial={tab.name} onDone={(name) => {
                refocus.current = true;
                setEditing(null);
                if (name !== null) onRename(tab.id, name);
              }} />
          ) : (
            <div key={tab.id} className={`sql-tab${tab.id === activeId ? ' active' : ''}`} role="presentation">
              <button
                type="button"
                role="tab"
                data-tab-id={tab.id}
                aria-selected={tab.id === activeId}
                aria-keyshortcuts="F2 Delete"
                tabIndex={tab.id === activeId ? 0 : -1}
                className="sql-tab-name"
                title={`${tab.name} — double-click or F2 to rename, Delete to close`}
                onClick={() => onActivate(tab.id)}
                onDoubleClick={() => setEditing(tab.id)}
                onKeyDown={(e) => keys(e, index)}
              >
                {tab.name}
              </button>
              <button type="button" className="sql-tab-action" aria-hidden="true" tabIndex={-1} title="Rename" onClick={() => setEditing(tab.id)}>
                <Pencil size={12} />
              </button>
              <button type="button" className="sql-tab-action" aria-hidden="true" tabIndex={-1} title="Close tab" onClick={() => onClose(tab.id)}>
                <X size={13} />
              </button>
            </div>
          ),
        )}
      </div>
      <button type="button" className="sql-tab-new" aria-label="New query tab" title="New query tab" onClick={onNew}>
        <Plus size={15} aria-hidden="true" />
      </button>
      <button type="button" className="link-button sql-tab-reopen" disabled={!canReopen} onClick={onReopen} title="Reopen the last closed tab (Ctrl+Alt+Shift+T)">
        Reopen closed tab
      </button>
    </div>
  );
}

function RenameField({ initial, onDone }: { initial: string; onDone: (name: string | null) => void }) {
  const [value, setValue] = useState(initial);
  const keys = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') onDone(value);
    if (event.key === 'Escape') onDone(null);
  };
  return (
    <input
      className="sql-tab-rename"
      aria-label="Tab name"
      autoFocus
      value={value}
      maxLength={100}
      onChange={(e) => setValue(e.target.value)}
      onKeyDown={keys}
      onBlur={() => onDone(value)}
    />
  );
}
