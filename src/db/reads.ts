import { readCache } from './catalogCache';
import { keptMetadataFor, readMetadataEntry, readNodeStates, type LoadTarget } from './metadataCache';
import { catalogEditRows, catalogUndoState } from './catalogEdits';
import { inverterFor, SAVED_QUERIES_AGGREGATE, WORKSPACE_AGGREGATE, type Inversion } from '../model/events';
import { savedQueryInverse } from '../model/savedQuery/inverse';
import { workspaceInversion } from '../model/workspace/inverse';
import { notebookSaveState } from './notebookSaves';
import { listRecentVisits, RECENT_VISITS_KEPT } from './recentVisits';
import { readSavedQueries } from './savedQueryCache';
import { readNotebookTabs } from './notebookTabs';
import { openSaves } from './saveOutcome';
import type { ConsoleDb } from './schema';
import { SERVER_UNREACHABLE } from '../model/cacheRows';
import { getResults, localHistory } from './sqlResults';
import { activeTabId, closedTabs, openTabs } from './sqlTabs';
import { aggregateHistory, undoState } from './undo';
import { workspaceView } from '../model/workspace/view';
import { keptDags, readWorkflowView, readWorkflowViews } from './workflowViews';
import type { WorkflowView } from '../model/workflow/views';

/** The workspace bucket the console lists. */
export const WORKSPACE_BUCKET = 'workspace';

async function canUndo(db: ConsoleDb, aggregateId: string, inversion: Inversion): Promise<{ canUndo: boolean; canRedo: boolean }> {
  const history = await aggregateHistory(db, aggregateId);
  const state = undoState(history, inverterFor(inversion, history));
  return { canUndo: state.undoable !== null, canRedo: state.redoable !== null };
}

/** How far back in the workspace's changes the Recent page looks for notebooks. */
const WORKSPACE_CHANGES_READ = 500;

/**
 * What the Recent page is made of: the visit log (tables, pages), the SQL tabs (admins only) with
 * the time of their last activation in the event log, and the latest workspace changes, oldest first.
 */
async function recentSources(db: ConsoleDb, username: string, withSqlTabs: boolean) {
  const [visits, tabs, changes] = await Promise.all([
    listRecentVisits(db, username, RECENT_VISITS_KEPT),
    withSqlTabs ? openTabs(db) : [],
    db.workspaceChanges.orderBy('seq').reverse().limit(WORKSPACE_CHANGES_READ).toArray(),
  ]);
  // A tab's last activation (or its opening) is an event: its time is when the user last had it in front.
  const events = await db.events.bulkGet(tabs.map((tab) => tab.activatedSeq ?? tab.order));
  return {
    visits,
    tabs: tabs.map((tab, i) => ({ id: tab.id, name: tab.name, at: events[i]?.at ?? tab.createdAt })),
    workspaceChanges: changes.reverse(),
  };
}

/** The workspace as the user should see it: the cached server listing with the changes not confirmed yet laid over it. */
export async function readWorkspace(db: ConsoleDb) {
  const [files, changes, meta] = await Promise.all([
    db.workspaceFiles.where('bucket').equals(WORKSPACE_BUCKET).toArray(),
    db.workspaceChanges.orderBy('seq').toArray(),
    db.cacheMeta.get(`workspace:${WORKSPACE_BUCKET}`),
  ]);
  return { items: workspaceView(files, changes, meta?.fetchedAt), fetchedAt: meta?.fetchedAt, error: meta?.error };
}

/**
 * Everything the screens read, bound to the session's database. Read-only, so each runs inside a
 * live query (src/ui/hooks/live.ts), which runs it again whenever a table it read changes — in
 * this tab or any other. The UI gets this object, never the database.
 */
export function createReads(db: ConsoleDb) {
  return {
    /** The cached server listing with the changes not confirmed yet laid over it. */
    workspace: () => readWorkspace(db),
    workspaceUndo: () => canUndo(db, WORKSPACE_AGGREGATE, workspaceInversion),
    openSaves: () => openSaves(db),
    /** The newest fetch of any cached server data. */
    async lastFetched(): Promise<number | undefined> {
      const rows = await db.cacheMeta.toArray();
      return rows.reduce<number | undefined>((max, r) => (max === undefined || r.fetchedAt > max ? r.fetchedAt : max), undefined);
    },
    /** The console server did not answer the sync worker's last listing (its poll runs whatever the screen). */
    async serverUnreachable(): Promise<boolean> {
      return (await db.cacheMeta.get(`workspace:${WORKSPACE_BUCKET}`))?.error === SERVER_UNREACHABLE;
    },
    /** The tab bar as every browser tab sees it: open tabs in order, the active one, the closed stack. */
    async sqlTabs() {
      const [tabs, activeId, closed] = await Promise.all([openTabs(db), activeTabId(db), closedTabs(db)]);
      return { tabs, activeId, closed };
    },
    /** A tab's cached results (its last run), or null. */
    tabResults: async (tabId: string) => (await getResults(db, tabId)) ?? null,
    localHistory: (limit: number) => localHistory(db, limit),
    catalogCache: () => readCache(db),
    /** How catalog nodes' children stand (answered, asked for, failed), by node id. */
    catalogLoads: (targets: LoadTarget[]) => readNodeStates(db, targets),
    /** One BI metadata key's answer and how it stands. */
    metadataEntry: <T>(key: string) => readMetadataEntry<T>(db, key),
    /** Everything kept for a database (autocomplete). */
    keptMetadata: (databaseId: number) => keptMetadataFor(db, databaseId),
    catalogEdits: () => catalogEditRows(db),
    catalogUndo: () => catalogUndoState(db),
    savedQueries: () => readSavedQueries(db),
    savedQueriesUndo: () => canUndo(db, SAVED_QUERIES_AGGREGATE, savedQueryInverse),
    /** An open notebook's document (null when this device has none with that id). */
    notebookDoc: async (docId: string) => (await db.notebookDocs.get(docId)) ?? null,
    /** How an open notebook's saves stand: waiting, refused (a conflict to resolve), the last edit saved. */
    notebookSaveState: (docId: string) => notebookSaveState(db, docId),
    /** The notebook editor's tab strip on this device: open tabs in order, with their notebooks' current paths. */
    notebookTabs: () => readNotebookTabs(db),
    /** A workflow view's kept answer, its age and last failure. */
    workflowView: <K extends WorkflowView['kind']>(view: Extract<WorkflowView, { kind: K }>) => readWorkflowView(db, view),
    /** Several views of one kind (a list's rows) in one read. */
    workflowViews: <K extends WorkflowView['kind']>(views: Extract<WorkflowView, { kind: K }>[]) => readWorkflowViews(db, views),
    /** The DAGs of every kept DAG list (Ctrl+K finds them offline). */
    keptDags: () => keptDags(db),
    recentVisits: (username: string, limit: number) => listRecentVisits(db, username, limit),
    recentSources: (username: string, withSqlTabs: boolean) => recentSources(db, username, withSqlTabs),
  };
}

export type Reads = ReturnType<typeof createReads>;
