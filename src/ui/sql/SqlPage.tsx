import { useSelector } from '@xstate/react';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
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

function TabWorkspace({ lab, tab, actor }: { lab: SqlLab; tab: SqlTabRow; actor: SqlTabActor }) {
  const editor = useRef<SqlEditorHandle>(null);
  const [limit, setLimit] = useRowLimit(tab.id);
  const [saving, setSaving] = useState(false);
  const loading = useSelector(actor, (s) => s.context.loading);
  const elapsedMs = useSelector(actor, (s) => s.context.elapsedMs);
  const error = useSelector(actor, (s) => s.context.error);
  const stopped = useSelector(actor, (s) => s.context.cancelled);
  const current = tabQuery(tab, limit, tab.sql);
  const can = useSelector(actor, (s) => ({
    run: s.can({ type: 'EXECUTE', query: current }),
    cancel: s.can({ type: 'CANCEL' }),
    estimate: s.can({ type: 'ESTIMATE', query: current }),
    format: s.can({ type: 'FORMAT', sql: current.sql, databaseId: current.databaseId }),
  }), sameFlags);
  const saveSql = useDebouncedSave((text) => void lab.tabs.changeSql(tab.id, text));
  // The editor has the newest text; the tab row gets it after the typing pause.
  const currentSql = () => editor.current?.text() ?? tab.sql;
  const complete = useCompletions(lab.metadata, tab.databaseId, tab.schema);

  const query = (text: string) => tabQuery(tab, limit, text);
  const run = () => lab.execute(tab.id, query(currentSql()));
  const runSelection = (selected = editor.current?.selectedText() ?? '') => lab.executeSelection(tab.id, query(selected));
  const estimate = () => lab.estimate(tab.id, query(currentSql()));
  const format = () => lab.format(tab.id, currentSql(), tab.databaseId);
  const cancel = () => lab.cancel(tab.id);
  const onLocation = (databaseId: number, schema: string | null) => void lab.tabs.changeLocation(tab.id, { databaseId, catalog: tab.catalog, schema });
  const useFirstDatabase = useMemo(() => tab.databaseId === null, [tab.databaseId]);
  useEffect(() => {
    if (!useFirstDatabase) return;
    // A new tab starts on the first database (the lowest id, like Superset's default database).
    void lab.metadata.databases().then(({ value }) => {
      const first = [...value].sort((a, b) => a.id - b.id)[0];
      if (first) void lab.tabs.changeLocation(tab.id, { databaseId: first.id, catalog: null, schema: null });
    });
  }, [useFirstDatabase, lab, tab.id]);

  const { savedQueries } = useSignedIn();
  const save = ({ label, description, catalog, schema }: SaveQueryValues) => {
    setSaving(false);
    void savedQueries.create({ label, description: description || null, catalog: catalog || null, schema: schema || null, sql: currentSql(), dbId: tab.databaseId });
    // The tab takes the saved query's name, as in SQL Lab.
    void lab.tabs.rename(tab.id, label);
  };

  return (
    <div className="sql-workspace">
      <SchemaPanel
        metadata={lab.metadata}
        databaseId={tab.databaseId}
        schema={tab.schema}
        onLocation={onLocation}
        onQueryTable={(text) => void lab.tabs.openTab({ sql: text, databaseId: tab.databaseId, catalog: tab.catalog, schema: tab.schema })}
      />
      <SqlSplit tabId={tab.id}>
        <div className="sql-editor-frame">
          <Suspense fallback={<Loading />}>
            <SqlEditor
              ref={editor}
              tabId={tab.id}
              value={tab.sql}
              onChange={saveSql}
              onExecute={run}
              onExecuteSelection={runSelection}
              onFormat={format}
              complete={complete}
            />
          </Suspense>
        </div>
        <QueryToolbar
          canRun={can.run}
          canCancel={can.cancel}
          canEstimate={can.estimate}
          canFormat={can.format}
          loading={loading}
          elapsedMs={elapsedMs}
          limit={limit}
          estimate={tab.estimate}
          onRun={run}
          onRunSelection={() => runSelection()}
          onCancel={cancel}
          onEstimate={estimate}
          onFormat={format}
          onSave={() => setSaving(true)}
          onLimit={setLimit}
        />
        <ResultsPanel
          lab={lab}
          tab={tab}
          error={error}
          stopped={stopped}
          loading={loading}
          elapsedMs={elapsedMs}
          onOpen={(text, name) => void lab.tabs.openTab({ sql: text, name: name ?? undefined, databaseId: tab.databaseId, catalog: tab.catalog, schema: tab.schema })}
        />
      </SqlSplit>
      {saving && (
        <SaveQueryDialog
          initial={{ label: tab.name, description: '', catalog: tab.catalog ?? '', schema: tab.schema ?? '' }}
          onSave={save}
          onCancel={() => setSaving(false)}
        />
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
