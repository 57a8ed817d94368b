import { useSelector } from '@xstate/react';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { toast } from 'sonner';
import type { SqlTabRow } from '../../db/schema';
import type { SqlTabQuery } from '../../machines/sqlTab.machine';
import type { SqlLab, SqlTabActor } from '../../sync/sqlLab';
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
import { saveQuery } from './saveQuery';

// Monaco is big: it loads as its own chunk, after the page shell is up.
const SqlEditor = lazy(() => import('./editor/SqlEditor'));

/** Tells the user about a refused tab command (e.g. "You cannot close the last tab."). */
function report(result: { ok: boolean; message?: string }, asAlert = false) {
  if (result.ok || !result.message) return;
  if (asAlert) window.alert(result.message);
  else toast.error(result.message);
}

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
  const newTab = useCallback(() => void commands.openTab({}).then((r) => report(r)), [commands]);
  const reopen = useCallback(() => void commands.reopen().then((r) => report(r)), [commands]);
  useModHotkey('t', reopen, { shift: true, alt: true });
  return (
    <div className="sql-page">
      <TabBar
        tabs={tabs}
        activeId={active?.id ?? null}
        canReopen={canReopen}
        onActivate={(id) => void commands.activate(id)}
        onClose={(id) => void commands.close(id).then((r) => report(r, true))}
        onNew={newTab}
        onRename={(id, name) => void commands.rename(id, name).then((r) => report(r))}
        onReopen={reopen}
      />
      {active ? <TabWorkspace key={active.id} lab={lab} tab={active} actor={lab.actorFor(active.id)} /> : <p className="muted">No tab is open.</p>}
    </div>
  );
}

function TabWorkspace({ lab, tab, actor }: { lab: SqlLab; tab: SqlTabRow; actor: SqlTabActor }) {
  const editor = useRef<SqlEditorHandle>(null);
  const [limit, setLimit] = useState(1000);
  const [saving, setSaving] = useState(false);
  const loading = useSelector(actor, (s) => s.context.loading);
  const elapsedMs = useSelector(actor, (s) => s.context.elapsedMs);
  const error = useSelector(actor, (s) => s.context.error);
  const can = useSelector(actor, (s) => ({
    run: s.can({ type: 'EXECUTE', tabId: tab.id, ...QUERY_PROBE }),
    cancel: s.can({ type: 'CANCEL', tabId: tab.id }),
    estimate: s.can({ type: 'ESTIMATE', tabId: tab.id, ...QUERY_PROBE }),
    format: s.can({ type: 'FORMAT', tabId: tab.id, sql: '', databaseId: null }),
  }), sameFlags);
  const saveSql = useDebouncedSave((text) => void lab.tabs.changeSql(tab.id, text));
  // The editor has the newest text; the tab row gets it after the typing pause.
  const currentSql = () => editor.current?.text() ?? tab.sql;
  const complete = useCompletions(lab.metadata, tab.databaseId, tab.schema);

  const query = (text: string): SqlTabQuery => ({ sql: text, databaseId: tab.databaseId, catalog: tab.catalog, schema: tab.schema, tabName: tab.name, queryLimit: limit });
  const run = () => actor.send({ type: 'EXECUTE', tabId: tab.id, ...query(currentSql()) });
  const runSelection = (selected = editor.current?.selectedText() ?? '') => actor.send({ type: 'EXECUTE_SELECTION', tabId: tab.id, ...query(selected) });
  const estimate = () => actor.send({ type: 'ESTIMATE', tabId: tab.id, ...query(currentSql()) });
  const format = () => actor.send({ type: 'FORMAT', tabId: tab.id, sql: currentSql(), databaseId: tab.databaseId });
  const cancel = () => actor.send({ type: 'CANCEL', tabId: tab.id });
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

  const save = (values: SaveQueryValues) => {
    setSaving(false);
    void saveQuery(lab, { ...values, sql: currentSql(), databaseId: tab.databaseId });
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

/** can() only looks at the event type and tab id; the query fields are placeholders. */
const QUERY_PROBE: SqlTabQuery = { sql: 'x', databaseId: null, catalog: null, schema: null, tabName: '', queryLimit: 1 };

function sameFlags(a: Record<string, boolean>, b: Record<string, boolean>): boolean {
  return Object.keys(a).every((key) => a[key] === b[key]);
}
