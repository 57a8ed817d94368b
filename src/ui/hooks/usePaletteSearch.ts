import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import type { SavedQuery } from '../../../contracts/bi';
import type { Role } from '../../sync/api/types';
import type { SqlLab } from '../../sync/sqlLab';
import { useArea, type AreaServices } from '../area';
import { savedQueryTargets, tableHitTargets } from '../layout/catalogTargets';
import type { SearchTarget } from '../layout/searchTargets';

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
 * The Ctrl+K dialog's data side, in one place: tables from the server's search_tables when the cached
 * catalog has none, and saved queries (admins), debounced. A failure finds nothing: the dialog still
 * lists what is cached. Answers for a text the user has typed past are dropped.
 */
export function usePaletteSearch(query: string, { open, role, cachedTables }: Options): { targets: SearchTarget[]; pending: boolean } {
  const area = useArea();
  const text = query.trim();
  const askTables = open && text.length >= 2 && cachedTables === 0;
  const askQueries = open && text.length >= 2 && role === 'admin';
  const [answer, setAnswer] = useState<{ key: string; targets: SearchTarget[] }>({ key: '', targets: NONE });
  const key = `${askTables}/${askQueries}/${text}`;
  useEffect(() => {
    if (!askTables && !askQueries) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      const { signal } = controller;
      void Promise.all([askTables ? findTables(area, text, signal) : NONE, askQueries ? findSavedQueries(area, text, signal) : NONE]).then(
        ([tables, queries]) => !signal.aborted && setAnswer({ key, targets: [...tables, ...queries] }),
      );
    }, PALETTE_SEARCH_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [area, text, askTables, askQueries, key]);
  const asking = askTables || askQueries;
  return { targets: asking && answer.key === key ? answer.targets : NONE, pending: asking && answer.key !== key };
}

async function findTables(area: AreaServices, text: string, signal: AbortSignal): Promise<SearchTarget[]> {
  try {
    const catalog = await area.catalog();
    return tableHitTargets(await catalog.loader.searchServer(text, { limit: TABLE_HITS, signal }), text);
  } catch {
    return NONE;
  }
}

async function findSavedQueries(area: AreaServices, text: string, signal: AbortSignal): Promise<SearchTarget[]> {
  try {
    const lab = await area.sqlLab();
    const filters = [{ col: 'label', opr: 'all_text', value: text }];
    const page = await lab.api.savedQueries({ filters, order_column: 'changed_on', order_direction: 'desc', page: 0, page_size: SAVED_QUERY_HITS }, { signal });
    return savedQueryTargets(page.result, text).map((target, i) => ({ ...target, prepare: () => openSavedQuery(lab, page.result[i]) }));
  } catch {
    return NONE;
  }
}

/** Opens the saved query in a new SQL tab, as the Queries page does. */
async function openSavedQuery(lab: SqlLab, saved: SavedQuery): Promise<boolean> {
  const opened = await lab.tabs.openTab({ name: saved.label, sql: saved.sql, databaseId: saved.db_id, catalog: saved.catalog ?? null, schema: saved.schema ?? null });
  if (!opened.ok) toast.error(opened.message);
  return opened.ok;
}
