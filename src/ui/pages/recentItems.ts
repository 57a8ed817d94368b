import { parseNodeId } from '../../model/catalog/tree';
import type { RecentVisit, WorkspaceChangeRow } from '../../model/rows';
import { notebookUrl } from '../workspace/names';

export type RecentKind = 'table' | 'query' | 'notebook' | 'page';

/** One thing the user opened lately, as the Recent page and Home list it. */
export interface RecentItem {
  key: string;
  kind: RecentKind;
  label: string;
  /** Where it lives (catalog.schema, a folder) or what it is. */
  hint: string;
  to: string;
  /** Epoch milliseconds. */
  at: number;
  /** A SQL tab: the tab to bring to the front before opening the editor. */
  tabId?: string;
}

export interface RecentSources {
  /** Newest first (the visit log). */
  visits: Pick<RecentVisit, 'path' | 'title' | 'visitedAt'>[];
  /** Open SQL tabs with when each was last brought to the front. */
  tabs: { id: string; name: string; at: number }[];
  /** Workspace changes in log order. */
  workspaceChanges: Pick<WorkspaceChangeRow, 'kind' | 'path' | 'newPath' | 'at' | 'state'>[];
}

export type RecentItems = Record<RecentKind, RecentItem[]>;

export const RECENT_LIMIT = 10;
const CATALOG = '/admin/catalog/';
const NOTEBOOK = '/admin/workspace/notebook/';
/** Pages that list what was opened are not themselves worth listing. */
const NOT_LISTED = new Set(['/admin/default', '/admin/recent']);

/** A visit as a recent item: a catalog table (or a column of one) by its name, anything else by its page title. */
export function visitItem(visit: RecentSources['visits'][number]): RecentItem {
  // A notebook opened in the editor: by its name and folder, not the page's title ("Notebook").
  if (visit.path.startsWith(NOTEBOOK)) return notebookItem(decodedPath(visit.path.slice(NOTEBOOK.length)), visit.visitedAt);
  const names = visit.path.startsWith(CATALOG) ? parseNodeId(visit.path.slice(CATALOG.length).replace(/\/+$/, '')) : [];
  if (names.length >= 3) {
    const [catalog, schema, table] = names;
    const to = `${CATALOG}${[catalog, schema, table].map(encodeURIComponent).join('/')}`;
    return { key: `table:${to}`, kind: 'table', label: table, hint: `${catalog}.${schema}`, to, at: visit.visitedAt };
  }
  const hint = names.length > 0 ? names.join('.') : '';
  return { key: `page:${visit.path}`, kind: 'page', label: visit.title, hint, to: visit.path, at: visit.visitedAt };
}

/** Tables, SQL tabs, notebooks and pages opened lately, newest first, at most `limit` of each. */
export function recentItems(sources: RecentSources, limit = RECENT_LIMIT): RecentItems {
  const visits = sources.visits.filter((v) => !NOT_LISTED.has(v.path)).map(visitItem);
  const queries = sources.tabs.map((tab): RecentItem => ({ key: `query:${tab.id}`, kind: 'query', label: tab.name, hint: 'SQL tab', to: '/admin/sql', at: tab.at, tabId: tab.id }));
  const touched = [...touchedNotebooks(sources.workspaceChanges)].map(([path, at]) => notebookItem(path, at));
  // Opened or changed, whichever is newer (pick keeps the newest entry per notebook).
  const notebooks = [...touched, ...visits.filter((i) => i.kind === 'notebook')];
  const pick = (items: RecentItem[]) => uniqueByKey(items.sort((a, b) => b.at - a.at)).slice(0, limit);
  return {
    table: pick(visits.filter((i) => i.kind === 'table')),
    query: pick(queries),
    notebook: pick(notebooks),
    page: pick(visits.filter((i) => i.kind === 'page')),
  };
}

/**
 * The notebooks this browser created or renamed, where they are now (renames and deletes of them
 * or of their folders followed) and when they were last touched. Discarded changes never happened.
 */
function touchedNotebooks(changes: RecentSources['workspaceChanges']): Map<string, number> {
  const notebooks = new Map<string, number>();
  const under = (path: string, folder: string) => path === folder || path.startsWith(`${folder}/`);
  for (const change of changes) {
    if (change.state === 'discarded') continue;
    if (change.kind === 'notebookCreated') notebooks.set(change.path, change.at);
    if (change.kind === 'deleted') for (const path of [...notebooks.keys()]) if (under(path, change.path)) notebooks.delete(path);
    if (change.kind === 'renamed' && change.newPath) {
      for (const [path, at] of [...notebooks]) {
        if (!under(path, change.path)) continue;
        notebooks.delete(path);
        notebooks.set(change.newPath + path.slice(change.path.length), path === change.path ? change.at : at);
      }
      if (change.newPath.endsWith('.ipynb') && !notebooks.has(change.newPath)) notebooks.set(change.newPath, change.at);
    }
  }
  return notebooks;
}

/** A notebook opens in the editor. */
function notebookItem(path: string, at: number): RecentItem {
  const cut = path.lastIndexOf('/');
  const folder = cut < 0 ? '' : path.slice(0, cut);
  const name = path.slice(cut + 1);
  return { key: `notebook:${path}`, kind: 'notebook', label: name, hint: folder || 'Workspace', to: notebookUrl(path), at };
}

/** The workspace path of an editor URL's tail; a malformed escape is kept as it is. */
function decodedPath(tail: string): string {
  return tail.split('/').map((part) => {
    try {
      return decodeURIComponent(part);
    } catch {
      return part;
    }
  }).join('/');
}

function uniqueByKey(items: RecentItem[]): RecentItem[] {
  const seen = new Set<string>();
  return items.filter((item) => !seen.has(item.key) && seen.add(item.key));
}
