import type { SqlTabRow } from '../../model/rows';
import { TabStrip } from '../components/TabStrip';

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

/** SQL Lab's editor tabs (the keys and the mouse are TabStrip's), and the way back to the last one closed. */
export function TabBar({ tabs, activeId, canReopen, onActivate, onClose, onNew, onRename, onReopen }: TabBarProps) {
  return (
    <TabStrip
      tabs={tabs}
      activeId={activeId}
      label="Query tabs"
      classPrefix="sql"
      newLabel="New query tab"
      renameLabel="Tab name"
      maxNameLength={100}
      onActivate={(tab) => onActivate(tab.id)}
      onClose={(tab) => onClose(tab.id)}
      onNew={onNew}
      onRename={(tab, name) => onRename(tab.id, name)}
    >
      <button type="button" className="link-button sql-tab-reopen" disabled={!canReopen} onClick={onReopen} title="Reopen the last closed tab (Ctrl+Alt+Shift+T)">
        Reopen closed tab
      </button>
    </TabStrip>
  );
}
