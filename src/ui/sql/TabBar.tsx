import { useState, type KeyboardEvent } from 'react';
import type { SqlTabRow } from '../../db/schema';
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

/** SQL Lab's editor tabs: click to switch, double-click to rename, × to close, + for a new one. */
export function TabBar({ tabs, activeId, canReopen, onActivate, onClose, onNew, onRename, onReopen }: TabBarProps) {
  const [editing, setEditing] = useState<string | null>(null);
  return (
    <div className="sql-tabbar" role="tablist" aria-label="Query tabs">
      {tabs.map((tab) =>
        editing === tab.id ? (
          <RenameField key={tab.id} initial={tab.name} onDone={(name) => (setEditing(null), name !== null && onRename(tab.id, name))} />
        ) : (
          <div key={tab.id} className={`sql-tab${tab.id === activeId ? ' active' : ''}`} role="presentation">
            <button
              type="button"
              role="tab"
              aria-selected={tab.id === activeId}
              className="sql-tab-name"
              title={`${tab.name} — double-click to rename`}
              onClick={() => onActivate(tab.id)}
              onDoubleClick={() => setEditing(tab.id)}
            >
              {tab.name}
            </button>
            <button type="button" className="sql-tab-action" aria-label={`Rename ${tab.name}`} title="Rename" onClick={() => setEditing(tab.id)}>
              <Pencil size={12} aria-hidden="true" />
            </button>
            <button type="button" className="sql-tab-action" aria-label={`Close ${tab.name}`} title="Close tab" onClick={() => onClose(tab.id)}>
              <X size={13} aria-hidden="true" />
            </button>
          </div>
        ),
      )}
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
