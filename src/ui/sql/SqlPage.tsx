import { useSelector } from '@xstate/react';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import type { BiDatabase } from '../../../contracts/biCatalog';
import { metadataKeys } from '../../commands/catalog/watch';
import type { SqlLab, SqlTabActor } from '../../commands/sql/lab';
import type { SqlTabRow } from '../../model/rows';
import type { SqlTabQuery } from '../../machines/sqlTab.machine';
import { useSignedIn } from '../appContext';
import { Loading } from '../components/Loading';
import { useModHotkey } from '../hooks/useHotkey';
import type { SqlEditorHandle } from './editor/SqlEditor';
import { useCompletions } from './useCompletions';
import { QueryToolbar } from './QueryToolbar';
import { ResultsPanel } from './ResultsPanel';
import { SaveQueryDialog, type SaveQueryValues } from './SaveQueryDialog';
import { SchemaPanel } from './SchemaPanel';
import { SqlSplit } from './SqlSplit';
import { TabBar } from './TabBar';
import { useSqlLab, useSqlTabs } from './useSqlLab';
import { useDebouncedSave } from './useDebouncedSave';
import { useRowLimit } from './useRowLimit';
import { useMetadata } from './useMetadata';

// Monaco is big: it loads as its own chunk, after the page shell is up.
const SqlEditor = lazy(() => import('./editor/SqlEditor'));

/** /admin/sql: SQL Lab's workbench — tabs, editor, schema browser, results and history. */
export function SqlPage() {
  const lab = useSqlLab();
  const data = useSqlTabs();
  const restored = useRef(false);
  useEffect(() => {
    if (!lab || restored.current) return;
    restored.current = true;
    void lab.tabs.restore();
  }, [lab]);
  if (!lab || !data) return <Loading />;
  const active = data.tabs.find((t) => t.id === data.activeId) ?? null;
  return <Workbench lab={lab} tabs={data.tabs} active={active} canReopen={data.closed.length > 0} />;
}

function Workbench({ lab, tabs, active, canReopen }: { lab: SqlLab; tabs: SqlTabRow[]; active: SqlTabRow | null; canReopen: boolean }) {
  const { tabs: commands } = lab;
  // Refusals are told by the commands (toasts); closing the last tab is refused with an alert, as in SQL Lab.
  const newTab = useCallback(() => void commands.openTab({}), [commands]);
  const reopen = useCallback(() => void commands.reopen(), [commands]);
  useModHotkey('t', reopen, { shift: true, alt: true });
  return (
    <div className="sql-page">
      <TabBar
        tabs={tabs}
        activeId={active?.id ?? null}
        canReopen={canReopen}
        onActivate={(id) => void commands.activate(id)}
        onClose={(id) => void commands.close(id).then((r) => !r.ok && window.alert(r.message))}
        onNew={newTab}
        onRename={(id, name) => void commands.rename(id, name)}
        onReopen={reopen}
      />
      {active ? <TabWorkspace key={active.id} lab={lab} tab={active} actor={lab.actorFor(active.id)} /> : <p className="muted">No tab is open.</p>}
    </div>
  );
}

/** The tab's run as its actor tells it (status only: results are read from the cache), and what the toolbar and keys do. */
function useTabRun(lab: SqlLab, tab: SqlTabRow, actor: SqlTabActor, limit: number, currentSql: () => string, selectedSql: () => string) {
  const loading = useSelector(actor, (s) => s.context.loading);
  const elapsedMs = useSelector(actor, (s) => s.context.elapsedMs);
  const error = useSelector(actor, (s) => s.context.error);
  const stopped = useSelector(actor, (s) => s.context.cancelled);
  const current = tabQuery(tab, limit, tab.sql);
  const can = useSelector(
    actor,
    (s) => ({
      run: s.can({ type: 'EXECUTE', query: current }),
      cancel: s.can({ type: 'CANCEL' }),
      estimate: s.can({ type: 'ESTIMATE', query: current }),
      format: s.can({ type: 'FORMAT', sql: current.sql, databaseId: current.databaseId }),
    }),
    sameFlags,
  );
  const query = (text: string) => tabQuery(tab, limit, text);
  return {
    status: { loading, elapsedMs, error, stopped },
    can,
    run: () => lab.execute(tab.id, query(currentSql())),
    runSelection: (selected = selectedSql()) => lab.executeSelection(tab.id, query(selected)),
    estimate: () => lab.estimate(tab.id, query(currentSql())),
    format: () => lab.format(tab.id, currentSql(), tab.databaseId),
    cancel: () => lab.cancel(tab.id),
  };
}

/** Why the tab's database gives no estimate (Superset's allows_cost_estimate false, e.g. DuckDB there), else null. */
function useEstimateRefusal(lab: SqlLab, tab: SqlTabRow): string | null {
  const databases = useMetadata<BiDatabase[]>(lab, metadataKeys.databases()).value;
  const database = databases?.find((candidate) => candidate.id === tab.databaseId);
  return database?.allows_cost_estimate === false ? `${database.database_name} gives no cost estimate (its database does not allow one)` : null;
}

/** A new tab starts on the first database (the lowest id, like Superset's default database), once the list is kept. */
function useFirstDatabase(lab: SqlLab, tab: SqlTabRow) {
  const databases = useMetadata<BiDatabase[]>(lab, tab.databaseId === null ? metadataKeys.databases() : null).value;
  useEffect(() => {
    const first = databases && [...databases].sort((a, b) => a.id - b.id)[0];
    if (tab.databaseId === null && first) void lab.tabs.changeLocation(tab.id, { databaseId: first.id, catalog: null, schema: null });
  }, [databases, lab, tab.id, tab.databaseId]);
}

/** Saving the tab's text as a saved query; the tab takes its name, as in SQL Lab. */
function useSaveQuery(lab: SqlLab, tab: SqlTabRow, currentSql: () => string) {
  const [saving, setSaving] = useState(false);
  const { savedQueries } = useSignedIn();
  const save = ({ label, description, catalog, schema }: SaveQueryValues) => {
    setSaving(false);
    void savedQueries.create({ label, description: description || null, catalog: catalog || null, schema: schema || null, sql: currentSql(), dbId: tab.databaseId });
    void lab.tabs.rename(tab.id, label);
  };
  return { saving, setSaving, save };
}

function TabWorkspace({ lab, tab, actor }: { lab: SqlLab; tab: SqlTabRow; actor: SqlTabActor }) {
  const editor = useRef<SqlEditorHandle>(null);
  const [limit, setLimit] = useRowLimit(tab.id);
  const saveSql = useDebouncedSave((text) => void lab.tabs.changeSql(tab.id, text));
  // The editor has the newest text; the tab row gets it after the typing pause, or at once when an
  // action reads it (a Format answered within the pause was undone by the typing's late save).
  const currentSql = () => {
    saveSql.flush();
    return editor.current?.text() ?? tab.sql;
  };
  const tabRun = useTabRun(lab, tab, actor, limit, currentSql, () => editor.current?.selectedText() ?? '');
  const complete = useCompletions(lab.metadata, tab.databaseId, tab.schema);
  const saving = useSaveQuery(lab, tab, currentSql);
  useFirstDatabase(lab, tab);
  const estimateRefusal = useEstimateRefusal(lab, tab);
  const openTab = (sql: string, name?: string) => void lab.tabs.openTab({ sql, name, databaseId: tab.databaseId, catalog: tab.catalog, schema: tab.schema });

  return (
    <div className="sql-workspace">
      <SchemaPanel
        lab={lab}
        databaseId={tab.databaseId}
        schema={tab.schema}
        onLocation={(databaseId, schema) => void lab.tabs.changeLocation(tab.id, { databaseId, catalog: tab.catalog, schema })}
        onQueryTable={(text) => openTab(text)}
      />
      <SqlSplit tabId={tab.id}>
        <div className="sql-editor-frame">
          <Suspense fallback={<Loading />}>
            <SqlEditor ref={editor} tabId={tab.id} value={tab.sql} onChange={saveSql.save} onExecute={tabRun.run} onExecuteSelection={tabRun.runSelection} onFormat={tabRun.format} complete={complete} />
          </Suspense>
        </div>
        <QueryToolbar
          canRun={tabRun.can.run}
          canCancel={tabRun.can.cancel}
          canEstimate={tabRun.can.estimate}
          estimateRefusal={estimateRefusal}
          canFormat={tabRun.can.format}
          loading={tabRun.status.loading}
          elapsedMs={tabRun.status.elapsedMs}
          limit={limit}
          estimate={tab.estimate}
          onRun={tabRun.run}
          onRunSelection={() => tabRun.runSelection()}
          onCancel={tabRun.cancel}
          onEstimate={tabRun.estimate}
          onFormat={tabRun.format}
          onSave={() => saving.setSaving(true)}
          onLimit={setLimit}
        />
        <ResultsPanel lab={lab} tab={tab} {...tabRun.status} onOpen={(text, name) => openTab(text, name ?? undefined)} />
      </SqlSplit>
      {saving.saving && (
        <SaveQueryDialog initial={{ label: tab.name, description: '', catalog: tab.catalog ?? '', schema: tab.schema ?? '' }} onSave={saving.save} onCancel={() => saving.setSaving(false)} />
      )}
    </div>
  );
}

/** The query a tab runs with this text. */
function tabQuery(tab: SqlTabRow, queryLimit: number, sql: string): SqlTabQuery {
  return { sql, databaseId: tab.databaseId, catalog: tab.catalog, schema: tab.schema, tabName: tab.name, queryLimit };
}

function sameFlags(a: Record<string, boolean>, b: Record<string, boolean>): boolean {
  return Object.keys(a).every((key) => a[key] === b[key]);
}
