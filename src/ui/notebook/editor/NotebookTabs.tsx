import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Kernels } from '../../../commands/kernels/kernels';
import type { NotebookViewMode } from '../../../commands/notebook/tabs';
import type { NotebookTab } from '../../../db/notebookTabs';
import { useSignedIn } from '../../appContext';
import { TabStrip } from '../../components/TabStrip';
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
 * The notebooks open as tabs on this device (the same strip in every browser tab; the keys and
 * the mouse are TabStrip's); + makes a new untitled notebook beside the shown one.
 */
export function NotebookTabs({ path, docId, mode }: NotebookTabsProps) {
  const signedIn = useSignedIn();
  const commands = useLoaded(signedIn.notebookTabs);
  const kernels = useLoaded(signedIn.kernels);
  const navigate = useNavigate();
  const tabs = useLive((reads) => reads.notebookTabs(), [])?.tabs ?? [];
  const running = useRunningCounts(kernels, tabs);
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
  return (
    <TabStrip
      tabs={tabs}
      activeId={shown?.id ?? null}
      label="Open notebooks"
      classPrefix="nb"
      newLabel="New notebook tab"
      renameLabel="Notebook name"
      maxNameLength={255}
      onActivate={go}
      onClose={(tab) => void close(tab)}
      onNew={() => void create()}
      onRename={(tab, name) => void rename(tab, name)}
      tabTitle={(tab) => tab.path}
      badges={(tab) => <TabBadges dirty={tab.dirty} running={running[tab.id] ?? 0} />}
    />
  );
}

/** The unsaved dot and the running badge after a notebook's name. */
function TabBadges({ dirty, running }: { dirty: boolean; running: number }) {
  return (
    <>
      {dirty && (
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
    </>
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
