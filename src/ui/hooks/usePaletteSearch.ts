import { useCallback, useEffect, useState } from 'react';
import { toast } from 'sonner';
import type { CatalogBrowser } from '../../commands/catalog/browser';
import type { SqlLab } from '../../commands/sql/lab';
import type { SavedQueryItem } from '../../model/savedQuery/view';
import type { Role } from '../../sync/api/types';
import { useSignedIn } from '../appContext';
import { savedQueryTargets, tableHitTargets } from '../layout/catalogTargets';
import type { SearchTarget } from '../layout/searchTargets';
import { cachedWorkspaceSearch, WORKSPACE_TARGET_LIMIT, workspaceHitTargets } from '../layout/workspaceTargets';
import { cachedDagSearch, DAG_TARGET_LIMIT, dagTargets } from '../layout/dagTargets';
import { useLive } from './live';

/** How long typing pauses before the server is asked. */
export const PALETTE_SEARCH_DELAY_MS = 250;
const TABLE_HITS = 20;
const SAVED_QUERY_HITS = 10;
const NONE: SearchTarget[] = [];

type Find = (text: string, signal: AbortSignal) => Promise<SearchTarget[]>;

interface Options {
  /** Only while the dialog is open. */
  open: boolean;
  role: Role | undefined;
  /** Tables the cached catalog matched: the server is asked for tables only when there are none. */
  cachedTables: number;
}

/**
 * The Ctrl+K dialog's data side, in one place: saved queries (admins) from the log and the cached
 * list, refreshed when the dialog opens, so they are found offline and as just saved in another tab;
 * notebooks and folders from the cached workspace, or the server's search when it has none; and
 * tables from the server's search_tables when the cached catalog has none. A failed search finds
 * nothing: the dialog still lists what is cached.
 */
export function usePaletteSearch(query: string, { open, role, cachedTables }: Options): { targets: SearchTarget[]; pending: boolean } {
  const { catalog, sqlLab, savedQueries } = useSignedIn();
  const text = query.trim();
  const findTablesNow = useCallback<Find>((typed, signal) => findTables(catalog, typed, signal), [catalog]);
  const tables = useServerSearch(open && text.length >= 2 && cachedTables === 0, text, findTablesNow);
  const files = useWorkspaceSearch(open, text);
  const dags = useDagSearch(open, text);
  const withQueries = open && role === 'admin';
  const saved = useLive(async (reads) => (withQueries ? (await reads.savedQueries()).items : []), [withQueries]);
  // Opening the dialog fetches the server's list once: queries saved elsewhere are found too.
  useEffect(() => void (withQueries && savedQueries.refresh()), [savedQueries, withQueries]);
  const queries = withQueries && text.length >= 2 && saved ? savedQueryHits(saved, text, sqlLab) : NONE;
  return { targets: [...files.targets, ...dags.targets, ...tables.targets, ...queries], pending: files.pending || dags.pending || tables.pending };
}

/** Notebooks and folders: the cached workspace view (live, as other tabs change it) first, the server when it has no match. */
function useWorkspaceSearch(open: boolean, text: string): { targets: SearchTarget[]; pending: boolean } {
  const { workspace } = useSignedIn();
  // Read only while the dialog is open: the workspace can hold thousands of items.
  const items = useLive(async (reads) => (open ? (await reads.workspace()).items : undefined), [open]);
  const cached = cachedWorkspaceSearch(items, text);
  const find = useCallback<Find>(
    async (typed, signal) => workspaceHitTargets(await workspace.searchFiles(typed, WORKSPACE_TARGET_LIMIT, signal), typed),
    [workspace],
  );
  const server = useServerSearch(open && cached.askServer, text, find);
  return { targets: [...cached.targets, ...server.targets], pending: server.pending };
}

/** DAGs: those of the kept DAG lists (offline too) first, the workflow server's search when none matches. */
function useDagSearch(open: boolean, text: string): { targets: SearchTarget[]; pending: boolean } {
  const { workflows } = useSignedIn();
  const kept = useLive(async (reads) => (open ? reads.keptDags() : undefined), [open]);
  const cached = cachedDagSearch(kept, text);
  const find = useCallback<Find>(async (typed) => {
    try {
      return dagTargets(await (await workflows()).findDags(typed, DAG_TARGET_LIMIT), typed);
    } catch {
      return NONE;
    }
  }, [workflows]);
  const server = useServerSearch(open && cached.askServer, text, find);
  return { targets: [...cached.targets, ...server.targets], pending: server.pending };
}

/** Asks the server once typing pauses, while `ask` holds; answers for a text the user has typed past are dropped. */
function useServerSearch(ask: boolean, text: string, find: Find): { targets: SearchTarget[]; pending: boolean } {
  const [answer, setAnswer] = useState<{ text: string; targets: SearchTarget[] }>({ text: '', targets: NONE });
  // On demand, not live-cached (intentional): each typed text is its own question; the cached views answer first.
  useEffect(() => {
    if (!ask) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      const { signal } = controller;
      void find(text, signal).then((targets) => !signal.aborted && setAnswer({ text, targets }));
    }, PALETTE_SEARCH_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [find, text, ask]);
  return { targets: ask && answer.text === text ? answer.targets : NONE, pending: ask && answer.text !== text };
}

async function findTables(catalog: () => Promise<CatalogBrowser>, text: string, signal: AbortSignal): Promise<SearchTarget[]> {
  try {
    const browser = await catalog();
    return tableHitTargets(await browser.searchTables(text, { limit: TABLE_HITS, signal }), text);
  } catch {
    return NONE;
  }
}

/** The saved queries whose name or description holds the text, newest first, each opening in a new SQL tab. */
function savedQueryHits(items: readonly SavedQueryItem[], text: string, sqlLab: () => Promise<SqlLab>): SearchTarget[] {
  const needle = text.toLowerCase();
  const found = items
    .filter((item) => `${item.label}\n${item.description ?? ''}`.toLowerCase().includes(needle))
    .sort((a, b) => b.changedOn - a.changedOn)
    .slice(0, SAVED_QUERY_HITS);
  return savedQueryTargets(found, text).map((target, i) => ({ ...target, prepare: () => openSavedQuery(sqlLab, found[i]!) }));
}

/** Opens the saved query in a new SQL tab, as the Queries page does. */
async function openSavedQuery(sqlLab: () => Promise<SqlLab>, saved: SavedQueryItem): Promise<boolean> {
  const lab = await sqlLab();
  const opened = await lab.tabs.openTab({ name: saved.label, sql: saved.sql, databaseId: saved.dbId, catalog: saved.catalog, schema: saved.schema });
  if (!opened.ok) toast.error(opened.message);
  return opened.ok;
}
