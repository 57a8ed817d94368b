import { Pencil, Plus, X } from 'lucide-react';
import { useEffect, useRef, useState, useSyncExternalStore, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Kernels } from '../../../commands/kernels/kernels';
import type { NotebookViewMode } from '../../../commands/notebook/tabs';
import type { NotebookTab } from '../../../db/notebookTabs';
import { useSignedIn } from '../../appContext';
import { useLive } from '../../hooks/live';
import { useLoaded } from '../../hooks/useLoaded';
import { notebookUrl, parentOf } from '../../workspace/names';
import './tabs.css';

export interface NotebookTabsProps {
  /** The route's notebook path. */
  path: string;
  /** The doc the editor opened for it (its tab is added, or brought to the front). */
  docId: string | null;
  mode: NotebookViewMode;
}

/** Cells queued or running per notebook, here or in another browser tab (a string, so the snapshot compares by value). */
function useRunningCounts(kernels: Kernels | null, tabs: readonly NotebookTab[]): Record<string, number> {
  const key = useSyncExternalStore(
    (listener) => kernels?.watch(listener) ?? (() => {}),
    () => (kernels ? tabs.map((tab) => kernels.running(tab.docId)).join(',') : ''),
  );
  const counts = key.split(',').map(Number);
  return Object.fromEntries(tabs.map((tab, i) => [tab.id, counts[i] || 0]));
}

/**
 * The notebooks open as tabs on this device (the same strip in every browser tab): click (or the
 * arrow keys) to go to one, double-click, F2 or the pencil to rename it, × or Delete to close it,
 * + for a new untitled notebook.
 */
export function NotebookTabs({ path, docId, mode }: NotebookTabsProps) {
  const signedIn = useSignedIn();
  const commands = useLoaded(signedIn.notebookTabs);
  const kernels = useLoaded(signedIn.kernels);
  const navigate = useNavigate();
  const tabs = useLive((reads) => reads.notebookTabs(), [])?.tabs ?? [];
  const running = useRunningCounts(kernels, tabs);
  const [editing, setEditing] = useState<string | null>(null);
  const shown = tabs.find((tab) => tab.path === path) ?? null;

  useEffect(() => {
    if (commands && docId) void commands.open(docId);
  }, [commands, docId]);
  useFollowRename(shown, tabs, path);

  const go = (tab: NotebookTab) => tab.path !== path && navigate(notebookUrl(tab.path));
  const close = async (tab: NotebookTab) => {
    const result = await commands?.close(tab.id, shown?.id ?? null);
    const next = result?.ok ? tabs.find((t) => t.id === result.next) : undefined;
    if (next) navigate(notebookUrl(next.path));
  };
  const create = async () => {
    const result = await commands?.newTab(parentOf(path), mode);
    if (result?.ok) navigate(notebookUrl(result.path));
  };
  const rename = async (tab: NotebookTab, name: string) => {
    const result = await commands?.rename(tab.id, name);
    if (result?.ok && result.path && tab.path === path) navigate(notebookUrl(result.path), { replace: true });
  };
  const list = useRef<HTMLDivElement>(null);
  // The shown tab is scrolled into the strip's view (many tabs scroll sideways inside it).
  const shownId = shown?.id;
  useEffect(() => {
    if (shownId) list.current?.querySelector(`[data-tab-id="${CSS.escape(shownId)}"]`)?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [shownId, tabs.length]);
  const keys = (event: KeyboardEvent, tab: NotebookTab) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step !== 0) {
      const next = tabs[(tabs.indexOf(tab) + step + tabs.length) % tabs.length];
      go(next);
      list.current?.querySelector<HTMLElement>(`[data-tab-id="${CSS.escape(next.id)}"] [role="tab"]`)?.focus();
    } else if (event.key === 'F2') setEditing(tab.id);
    else if (event.key === 'Delete') void close(tab);
    else return;
    event.preventDefault();
  };

  return (
    <div className="nb-tabbar">
      <div className="nb-tablist" role="tablist" aria-label="Open notebooks" ref={list}>
        {tabs.map((tab) =>
          editing === tab.id ? (
            <RenameField
              key={tab.id}
              initial={tab.name}
              onDone={(name) => {
                setEditing(null);
                if (name !== null) void rename(tab, name);
              }}
            />
          ) : (
            <TabItem
              key={tab.id}
              tab={tab}
              shown={tab.id === shown?.id}
              running={running[tab.id]}
              onGo={() => go(tab)}
              onRename={() => setEditing(tab.id)}
              onClose={() => void close(tab)}
              onKeyDown={(event) => keys(event, tab)}
            />
          ),
        )}
      </div>
      <button type="button" className="nb-tab-new" aria-label="New notebook tab" title="New notebook tab" onClick={() => void create()}>
        <Plus size={15} aria-hidden="true" />
      </button>
    </div>
  );
}

interface TabItemProps {
  tab: NotebookTab;
  shown: boolean;
  running: number;
  onGo: () => void;
  onRename: () => void;
  onClose: () => void;
  onKeyDown: (event: KeyboardEvent) => void;
}

/** One tab: its notebook's name, the unsaved dot, the running badge; × and the pencil are mouse shortcuts (the keys are F2 and Delete). */
function TabItem({ tab, shown, running, onGo, onRename, onClose, onKeyDown }: TabItemProps) {
  return (
    <div className={`nb-tab${shown ? ' active' : ''}`} role="presentation" data-tab-id={tab.id}>
      <button
        type="button"
        role="tab"
        aria-selected={shown}
        aria-keyshortcuts="F2 Delete"
        tabIndex={shown ? 0 : -1}
        className="nb-tab-name"
        title={`${tab.path} — double-click or F2 to rename, Delete to close`}
        onClick={onGo}
        onDoubleClick={onRename}
        onKeyDown={onKeyDown}
      >
        {tab.name}
        {tab.dirty && (
          <span className="nb-tab-dirty" title="Unsaved changes" data-testid="tab-dirty">
            <span className="visually-hidden">unsaved changes</span>
          </span>
        )}
        {running > 0 && (
          <span className="nb-tab-running" title="Cells queued or running" data-testid="tab-running">
            {running}
            <span className="visually-hidden"> running</span>
          </span>
        )}
      </button>
      <button type="button" className="nb-tab-action" aria-hidden="true" tabIndex={-1} title="Rename" onClick={onRename}>
        <Pencil size={12} />
      </button>
      <button type="button" className="nb-tab-action" aria-hidden="true" tabIndex={-1} title="Close tab" onClick={onClose}>
        <X size={13} />
      </button>
    </div>
  );
}

/** When the shown notebook is renamed (here or in another browser tab), the route follows it. */
function useFollowRename(shown: NotebookTab | null, tabs: readonly NotebookTab[], path: string) {
  const navigate = useNavigate();
  const last = useRef<{ id: string; path: string } | null>(null);
  useEffect(() => {
    if (shown) {
      last.current = { id: shown.id, path: shown.path };
      return;
    }
    const moved = last.current && last.current.path === path ? tabs.find((tab) => tab.id === last.current?.id) : undefined;
    if (moved && moved.path !== path) navigate(notebookUrl(moved.path), { replace: true });
  }, [shown, tabs, path, navigate]);
}

function RenameField({ initial, onDone }: { initial: string; onDone: (name: string | null) => void }) {
  const [value, setValue] = useState(initial);
  const done = useRef(false);
  const finish = (name: string | null) => {
    if (done.current) return; // Enter, then the blur it causes: one rename
    done.current = true;
    onDone(name);
  };
  return (
    <input
      className="nb-tab-rename"
      aria-label="Notebook name"
      autoFocus
      value={value}
      maxLength={255}
      onChange={(event) => setValue(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') finish(value);
        if (event.key === 'Escape') finish(null);
      }}
      onBlur={() => finish(value)}
    />
  );
}
