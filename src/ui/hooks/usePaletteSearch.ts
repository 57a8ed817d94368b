import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import type { CatalogBrowser } from '../../commands/catalogEdits';
import type { SqlLab } from '../../commands/sqlLab';
import type { SavedQueryItem } from '../../db/savedQueryView';
import type { Role } from '../../sync/api/types';
import { useSignedIn } from '../appContext';
import { savedQueryTargets, tableHitTargets } from '../layout/catalogTargets';
import type { SearchTarget } from '../layout/searchTargets';
import { useLive } from './live';

/** How long typing pauses before the server is asked. */
export const PALETTE_SEARCH_DELAY_MS = 250;
const TABLE_HITS = 20;
const SAVED_QUERY_HITS = 10;
const NONE: SearchTarget[] = [];

interface Options {
  /** Only while the dialog is open. */
  open: boolean;
  role: Role | undefined;
  /** Tables the cached catalog matched: the server is asked for tables only when there are none. */
  cachedTables: number;
}

/**
 * The Ctrl+K dialog's data side, in one place: saved queries (admins) from the log and the cached
 * list, refreshed when the dialog opens, so they are found offline and as just saved in another tab; and tables from the server's search_tables when
 * the cached catalog has none, debounced. A failed search finds nothing: the dialog still lists what
 * is cached. Answers for a text the user has typed past are dropped.
 */
export function usePaletteSearch(query: string, { open, role, cachedTables }: Options): { targets: SearchTarget[]; pending: boolean } {
  const { catalog, sqlLab, savedQueries } = useSignedIn();
  const text = query.trim();
  const askTables = open && text.length >= 2 && cachedTables === 0;
  const withQueries = open && role === 'admin';
  const saved = useLive(async (reads) => (withQueries ? (await reads.savedQueries()).items : []), [withQueries]);
  // Opening the dialog fetches the server's list once: queries saved elsewhere are found too.
  useEffect(() => void (withQueries && savedQueries.refresh()), [savedQueries, withQueries]);
  const [answer, setAnswer] = useState<{ text: string; targets: SearchTarget[] }>({ text: '', targets: NONE });
  useEffect(() => {
    if (!askTables) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      const { signal } = controller;
      void findTables(catalog, text, signal).then((targets) => !signal.aborted && setAnswer({ text, targets }));
    }, PALETTE_SEARCH_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [catalog, text, askTables]);
  const tables = askTables && answer.text === text ? answer.targets : NONE;
  const queries = withQueries && text.length >= 2 && saved ? savedQueryHits(saved, text, sqlLab) : NONE;
  return { targets: [...tables, ...queries], pending: askTables && answer.text !== text };
}

async function findTables(catalog: () => Promise<CatalogBrowser>, text: string, signal: AbortSignal): Promise<SearchTarget[]> {
  try {
    const browser = await catalog();
    return tableHitTargets(await browser.loader.searchServer(text, { limit: TABLE_HITS, signal }), text);
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
