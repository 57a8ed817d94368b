import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
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
import { commandFor } from './keys';
import { NotebookMeta } from './NotebookMeta';
import { NotebookTabs } from './NotebookTabs';
import { notebookPaletteCommands } from './paletteCommands';
import { notebookPathOf } from './paths';
import { WarehouseContext } from './SqlCellBar';
import { NO_SELECTION, selectOne, toggle, extend, within, type Selection } from '../../../model/notebookDoc/selection';
import { useAskFirst } from './useAskFirst';
import { useEditorCommands } from './useEditorCommands';
import { useNotebookEditor, useTyping } from './useNotebookEditor';
import { answersInReport } from './viewMode';
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

function Editor({ path, viewMode, onViewMode, onDoc }: EditorProps) {
  const { reads } = useSignedIn();
  const editor = useNotebookEditor(path);
  const { docs, docId, doc, run, view, kernels } = editor;
  const notebook = doc?.notebook ?? null;
  const [chosen, setSelection] = useState<Selection>(NO_SELECTION);
  const [chosenMode, setMode] = useState<'command' | 'edit'>('command');
  // The report view is read-only: never in edit mode.
  const mode = viewMode === 'report' ? 'command' : chosenMode;
  const [pending, setPending] = useState<string | null>(null);
  const typing = useTyping(docs, docId);
  const order = notebook?.cells.map((cell) => cell.id) ?? [];
  // A notebook opens with its first cell selected; then the chosen cells, while they exist.
  const selection = chosen === NO_SELECTION && order.length > 0 ? selectOne(order[0]) : within(chosen, order);
  const read = useCallback(async () => (docId ? ((await reads.notebookDoc(docId))?.notebook ?? null) : null), [reads, docId]);
  const scroller = useRef<HTMLDivElement>(null);
  const { perform, runCell, abortCell, placeCell } = useEditorCommands({ docs, docId, notebook, run, selection, setSelection, setMode, typing, read });

  useEffect(() => {
    if (docId) onDoc(docId);
  }, [docId, onDoc]);
  useEffect(() => {
    // Leaving a cell ends its stretch of typing: the next typing is its own undo step.
    typing.endGroup();
  }, [selection.active, typing]);

  const onKeyDown = (event: KeyboardEvent) => {
    // The cell's editor answers its own keys (run, save, Escape go through onCommand); here only command mode.
    if (mode === 'edit' && (event.target as HTMLElement).closest('.nb-code-editor')) return;
    const press = { key: event.key, shift: event.shiftKey, mod: event.ctrlKey || event.metaKey, alt: event.altKey };
    const answer = commandFor(press, 'command', pending);
    setPending(answer.pending);
    if (!answer.command || (viewMode === 'report' && !answersInReport(answer.command))) return;
    event.preventDefault();
    void request(answer.command);
  };
  const onSelect = (id: string, event: MouseEvent, edit: boolean) => {
    event.stopPropagation();
    if (event.ctrlKey || event.metaKey) return setSelection(toggle(selection, id));
    if (event.shiftKey) return setSelection(extend({ ...selection, active: id }, order, 1));
    setSelection(selectOne(id));
    setMode(edit && viewMode === 'code' ? 'edit' : 'command');
  };
  const name = path.slice(path.lastIndexOf('/') + 1);
  const { request, dialog } = useAskFirst(perform, name);
  usePageCommands('Notebook', () => notebookPaletteCommands((command) => void request(command), viewMode));
  const active = notebook && selection.active ? cellById(notebook, selection.active) : undefined;
  const folder = parentOf(path);

  return (
    <article className="notebook-editor" aria-labelledby="notebook-title">
      <header className="notebook-head">
        <nav aria-label="Folder" className="breadcrumb">
          <Link to={folderUrl(folder)}>{folder || 'Workspace'}</Link>
          <span aria-hidden="true"> / </span>
        </nav>
        <h1 id="notebook-title">{name}</h1>
        {doc && docId && <SaveStatus docId={docId} doc={doc} name={name} flush={typing.flush} />}
        {notebook && <NotebookMeta notebook={notebook} path={path} />}
        <ViewModeSwitch mode={viewMode} onChange={onViewMode} />
      </header>
      <EditorToolbar
        kernels={kernels}
        run={run}
        view={view}
        activeType={active ? cellTypeOf(active) : null}
        perform={(command) => void request(command)}
      />
      {dialog}
      {editor.error && (
        <p className="nb-failed" role="alert">
          {editor.error}
        </p>
      )}
      {!editor.error && !notebook && <Loading />}
      {notebook && (
        <WarehouseContext.Provider value={kernels?.warehouse ?? null}>
          <EditorCells
            notebook={notebook}
            view={view}
            selection={selection}
            mode={mode}
            viewMode={viewMode}
            onSelect={onSelect}
            onText={(id, text) => viewMode === 'code' && typing.typed(id, text)}
            onCommand={(command, at) => {
              // Command mode: the keys go to the list, no longer into the cell's editor.
              if (command === 'command') scroller.current?.focus();
              void request(command, at);
            }}
            onKeyDown={onKeyDown}
            onRun={(id) => void runCell(id)}
            onAbort={abortCell}
            onPlace={(id, place) => void placeCell(id, place)}
            scroller={scroller}
          />
        </WarehouseContext.Provider>
      )}
    </article>
  );
}
