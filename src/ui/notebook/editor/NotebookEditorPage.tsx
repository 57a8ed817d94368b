import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import type { NotebookViewMode } from '../../../commands/notebook/tabs';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router-dom';
import { cellById, cellTypeOf } from '../../../model/notebookDoc/edits';
import { useSignedIn } from '../../appContext';
import { Loading } from '../../components/Loading';
import { usePageCommands } from '../../layout/pageCommands';
import { folderUrl, notebookUrl, parentOf } from '../../workspace/names';
import { SaveStatus } from '../save/SaveStatus';
import '../notebook.css';
import './editor.css';
import { EditorCells } from './EditorCells';
import { EditorToolbar } from './EditorToolbar';
import { NotebookMeta } from './NotebookMeta';
import { NotebookTabs } from './NotebookTabs';
import { notebookPathOf } from './paths';
import { WarehouseContext } from './SqlCellBar';
import { NO_SELECTION, selectOne, toggle, extend, within, type Selection } from '../../../model/notebookDoc/selection';
import { commandFor } from '../../../commands/notebook/registry/keymap';
import { notebookCommand } from '../../../commands/notebook/registry/registry';
import type { Nbformat45 } from '../../../model/nbformat/types';
import type { NotebookDocRow } from '../../../model/rows';
import { paletteCommands, snapshotOf, useEditorCommands, type Perform } from './useEditorCommands';
import { useNotebookEditor, useTyping } from './useNotebookEditor';
import { ViewModeSwitch } from './ViewModeSwitch';

/** /admin/workspace/notebook?path=… (the read-only view's links) leads to the editor's URL. */
export function LegacyNotebookRedirect() {
  const [params] = useSearchParams();
  const path = params.get('path');
  return <Navigate to={path ? notebookUrl(path) : '/admin/workspace'} replace />;
}

/** The notebook editor: the open notebooks' tabs, and one notebook as events, its cells, their runs and its kernel. */
export function NotebookEditorPage() {
  const path = notebookPathOf(useLocation().pathname);
  // Kept while going from tab to tab: the view is the editor's, not one notebook's.
  const [viewMode, setViewMode] = useState<NotebookViewMode>('code');
  const [shown, setShown] = useState<{ path: string; docId: string } | null>(null);
  const onDoc = useCallback((docId: string) => path && setShown({ path, docId }), [path]);
  if (!path) return <p className="nb-failed" role="alert">This address names no notebook.</p>;
  return (
    <div className="nb-page" data-view={viewMode}>
      <NotebookTabs path={path} docId={shown?.path === path ? shown.docId : null} mode={viewMode} />
      <Editor key={path} path={path} viewMode={viewMode} onViewMode={setViewMode} onDoc={onDoc} />
    </div>
  );
}

interface EditorProps {
  path: string;
  viewMode: NotebookViewMode;
  onViewMode: (mode: NotebookViewMode) => void;
  /** Told the doc opened for the path (its tab). */
  onDoc: (docId: string) => void;
}

/** The editor's view state: the selection (the first cell at first; then the chosen cells while they exist) and the mode. */
function useViewState(notebook: Nbformat45 | null, viewMode: NotebookViewMode) {
  const [chosen, setSelection] = useState<Selection>(NO_SELECTION);
  const [chosenMode, setMode] = useState<'command' | 'edit'>('command');
  const [pending, setPending] = useState<string | null>(null);
  const order = notebook?.cells.map((cell) => cell.id) ?? [];
  const selection = chosen === NO_SELECTION && order.length > 0 ? selectOne(order[0]) : within(chosen, order);
  // The report view is read-only: never in edit mode.
  const mode = viewMode === 'report' ? 'command' : chosenMode;
  return { order, selection, setSelection, mode, setMode, pending, setPending };
}

type ViewState = ReturnType<typeof useViewState>;

/** Command-mode keys on the list (the cell's editor answers its own keys in edit mode: run, save, Escape). */
function listKeys(view: ViewState, perform: Perform) {
  return (event: KeyboardEvent) => {
    if (view.mode === 'edit' && (event.target as HTMLElement).closest('.nb-code-editor')) return;
    const press = { key: event.key, shift: event.shiftKey, mod: event.ctrlKey || event.metaKey, alt: event.altKey };
    const answer = commandFor(press, 'command', view.pending);
    view.setPending(answer.pending);
    if (!answer.command) return;
    event.preventDefault();
    perform(answer.command);
  };
}

/** A click selects the cell (Ctrl/Cmd: toggles it, Shift: extends to it); a double click (or the source) edits it. */
function cellClicks(view: ViewState, viewMode: NotebookViewMode) {
  return (id: string, event: MouseEvent, edit: boolean) => {
    event.stopPropagation();
    if (event.ctrlKey || event.metaKey) return view.setSelection(toggle(view.selection, id));
    if (event.shiftKey) return view.setSelection(extend({ ...view.selection, active: id }, view.order, 1));
    view.setSelection(selectOne(id));
    view.setMode(edit && viewMode === 'code' ? 'edit' : 'command');
  };
}

function Editor({ path, viewMode, onViewMode, onDoc }: EditorProps) {
  const { reads } = useSignedIn();
  const editor = useNotebookEditor(path);
  const { docs, docId, doc, run, view: runView, kernels } = editor;
  const notebook = doc?.notebook ?? null;
  const view = useViewState(notebook, viewMode);
  const typing = useTyping(docs, docId);
  const read = useCallback(async () => (docId ? ((await reads.notebookDoc(docId))?.notebook ?? null) : null), [reads, docId]);
  const scroller = useRef<HTMLDivElement>(null);
  const name = path.slice(path.lastIndexOf('/') + 1);
  const state = { docs, docId, notebook, run, view: runView, viewMode, selection: view.selection, setSelection: view.setSelection, setMode: view.setMode, typing, read };
  const { perform, dialog, runCell, abortCell, placeCell } = useEditorCommands(state, name);
  const snapshot = notebook && snapshotOf(state, notebook);
  usePageCommands('Notebook', () => (snapshot ? paletteCommands(snapshot, perform) : []));
  useEffect(() => {
    if (docId) onDoc(docId);
  }, [docId, onDoc]);
  useEffect(() => {
    // Leaving a cell ends its stretch of typing: the next typing is its own undo step.
    typing.endGroup();
  }, [view.selection.active, typing]);
  const active = notebook && view.selection.active ? cellById(notebook, view.selection.active) : undefined;
  const cells = notebook && (
    <WarehouseContext.Provider value={kernels?.warehouse ?? null}>
      <EditorCells
        notebook={notebook}
        version={doc?.lastEditSeq ?? 0}
        view={runView}
        selection={view.selection}
        mode={view.mode}
        viewMode={viewMode}
        onSelect={cellClicks(view, viewMode)}
        onTyped={(id, typed) => viewMode === 'code' && typing.typed(id, typed)}
        onCommand={(command, at) => {
          // Command mode: the keys go to the list, no longer into the cell's editor.
          if (command === 'command') scroller.current?.focus();
          perform(command, at);
        }}
        onKeyDown={listKeys(view, perform)}
        onRun={runCell}
        onAbort={abortCell}
        onPlace={placeCell}
        scroller={scroller}
      />
    </WarehouseContext.Provider>
  );
  return (
    <article className="notebook-editor" aria-labelledby="notebook-title">
      <EditorHead path={path} name={name} docId={docId} doc={doc} flush={typing.flush} viewMode={viewMode} onViewMode={onViewMode} />
      <EditorToolbar kernels={kernels} run={run} view={runView} activeType={active ? cellTypeOf(active) : null} perform={perform} enabled={(id) => !!snapshot && notebookCommand(id).enabled(snapshot)} />
      {dialog}
      <EditorBody error={editor.error} loading={!notebook}>
        {cells}
      </EditorBody>
    </article>
  );
}

function EditorBody({ error, loading, children }: { error: string | null; loading: boolean; children: ReactNode }) {
  if (error)
    return (
      <p className="nb-failed" role="alert">
        {error}
      </p>
    );
  return loading ? <Loading /> : children;
}

interface HeadProps {
  path: string;
  name: string;
  docId: string | null;
  doc: NotebookDocRow | null;
  flush: () => Promise<void>;
  viewMode: NotebookViewMode;
  onViewMode: (mode: NotebookViewMode) => void;
}

/** The folder, the notebook's name, its save state and metadata, and the view switch. */
function EditorHead({ path, name, docId, doc, flush, viewMode, onViewMode }: HeadProps) {
  const folder = parentOf(path);
  return (
    <header className="notebook-head">
      <nav aria-label="Folder" className="breadcrumb">
        <Link to={folderUrl(folder)}>{folder || 'Workspace'}</Link>
        <span aria-hidden="true"> / </span>
      </nav>
      <h1 id="notebook-title">{name}</h1>
      {doc && docId && <SaveStatus docId={docId} doc={doc} name={name} flush={flush} />}
      {doc && <NotebookMeta notebook={doc.notebook} path={path} />}
      <ViewModeSwitch mode={viewMode} onChange={onViewMode} />
    </header>
  );
}
