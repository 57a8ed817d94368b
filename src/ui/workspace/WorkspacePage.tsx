import { formatDistanceToNow } from 'date-fns';
import { useCallback, useEffect, useState, type DragEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { WorkspaceItem } from '../../db/workspaceView';
import { useSignedIn } from '../appContext';
import { Loading } from '../components/Loading';
import { NameDialog } from '../components/NameDialog';
import { useModHotkey } from '../hooks/useHotkey';
import { useWorkspaceItems } from '../hooks/useLiveData';
import { useUndoState } from '../hooks/useUndoState';
import { carriesFiles, saveAsFile } from './browserFiles';
import { ImportResults } from './ImportResults';
import { joinPath, nameProblem, newNotebookName, normalizeName, parentOf, untitledFolderName } from './names';
import { useNotebookImport } from './useNotebookImport';
import { WorkspaceTable } from './WorkspaceTable';
import { WorkspaceToolbar } from './WorkspaceToolbar';

type Dialog = { kind: 'folder' } | { kind: 'notebook' } | { kind: 'rename'; item: WorkspaceItem } | null;

/** ?new=notebook or ?new=folder (from the New menu) opens the create dialog. */
function dialogFromUrl(value: string | null): Dialog {
  return value === 'folder' ? { kind: 'folder' } : value === 'notebook' ? { kind: 'notebook' } : null;
}

export function WorkspacePage() {
  const [params, setParams] = useSearchParams();
  const folder = params.get('folder') ?? '';
  const query = (params.get('q') ?? '').toLowerCase();
  const [showDeleted, setShowDeleted] = useState(false);
  const [dialog, setDialog] = useState<Dialog>(null);
  const requested = params.get('new');
  // Also when the page is already open: a new ?new= request opens its dialog (state adjusted during render).
  const [handled, setHandled] = useState<string | null>(null);
  if (requested !== handled) {
    setHandled(requested);
    if (requested) setDialog(dialogFromUrl(requested));
  }
  useEffect(() => {
    if (!requested) return;
    // Opened from the New menu: show the dialog once, and keep the URL clean for reloads and Back.
    const next = new URLSearchParams(params);
    next.delete('new');
    setParams(next, { replace: true });
  }, [requested, params, setParams]);
  const data = useWorkspaceItems();
  const { workspace } = useSignedIn();
  const imports = useNotebookImport();
  const [dropHere, setDropHere] = useState(false);
  const undoState = useUndoState((reads) => reads.workspaceUndo());

  // The commands tell the user how each save went (waiting, refused): the page only asks.
  const undo = useCallback(() => void workspace.undo(), [workspace]);
  const redo = useCallback(() => void workspace.redo(), [workspace]);
  useModHotkey('z', undo, { ignoreInFields: true });
  useModHotkey('z', redo, { shift: true, ignoreInFields: true });
  if (!data) return <Loading />;

  const here = data.items.filter((item) => parentOf(item.path) === folder);
  const taken = (name: string) => here.some((item) => item.name === name && !item.isDeleted);
  const visible = here.filter((item) => (showDeleted || !item.isDeleted) && item.name.toLowerCase().includes(query));

  const importInto = (target: string, files: File[]) => void imports.importInto(target, files);
  const download = async (item: WorkspaceItem) => {
    const file = await workspace.downloadNotebook(item.path);
    if (file.ok) saveAsFile(file.content, file.fileName);
  };
  // Files dropped on the list (not on a folder's row) go into the folder shown.
  const dropZone = {
    onDragOver: (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      setDropHere(true);
    },
    onDragLeave: (event: DragEvent) => {
      if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDropHere(false);
    },
    onDrop: (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      setDropHere(false);
      importInto(folder, [...event.dataTransfer.files]);
    },
  };

  const submit = (typed: string) => {
    if (!dialog) return;
    // The server stores names in NFC; sending that form keeps the local copy under the same path.
    const name = normalizeName(typed);
    setDialog(null);
    if (dialog.kind === 'folder') void workspace.createFolder(joinPath(folder, name));
    if (dialog.kind === 'notebook') void workspace.createNotebook(joinPath(folder, name));
    if (dialog.kind === 'rename') void workspace.rename(dialog.item.path, joinPath(folder, name), dialog.item.version);
  };

  return (
    <div className="workspace">
      <WorkspaceToolbar
        folder={folder}
        canUndo={undoState.canUndo}
        canRedo={undoState.canRedo}
        showDeleted={showDeleted}
        onShowDeleted={setShowDeleted}
        onNewFolder={() => setDialog({ kind: 'folder' })}
        onNewNotebook={() => setDialog({ kind: 'notebook' })}
        onImport={(files) => importInto(folder, files)}
        onUndo={undo}
        onRedo={redo}
        onRefresh={workspace.refresh}
      />
      <p className="muted cache-note" data-testid="cache-note">
        {data.fetchedAt
          ? `Listing from the server, updated ${formatDistanceToNow(data.fetchedAt, { addSuffix: true })}.`
          : 'Not fetched from the server yet.'}
        {data.error && ` Last refresh failed: ${data.error}.`}
      </p>
      {imports.results && <ImportResults report={imports.results.report} focusKey={imports.results.focusKey} onClose={imports.closeResults} />}
      <div className="workspace-drop" data-testid="workspace-drop" data-drop-target={dropHere || undefined} {...dropZone}>
        {visible.length === 0 ? (
          <div className="empty-state">
            <h2>{query ? 'Nothing matches' : 'This folder is empty'}</h2>
            <p className="muted">Create a notebook or a folder, or drop .ipynb files here to import them.</p>
          </div>
        ) : (
          <WorkspaceTable
            items={visible}
            onRename={(item) => setDialog({ kind: 'rename', item })}
            onDelete={(item) => void workspace.remove(item.path, item.version)}
            onRestore={(item) => void workspace.restore(item.path)}
            onDownload={(item) => void download(item)}
            onDropFiles={importInto}
          />
        )}
      </div>
      {dialog && (
        <NameDialog
          title={dialog.kind === 'rename' ? `Rename ${dialog.item.name}` : dialog.kind === 'folder' ? 'New folder' : 'New notebook'}
          label="Name"
          confirm={dialog.kind === 'rename' ? 'Rename' : 'Create'}
          initial={
            dialog.kind === 'rename'
              ? dialog.item.name
              : dialog.kind === 'folder'
                ? untitledFolderName(taken)
                : newNotebookName(data.items, folder)
          }
          validate={(name) =>
            dialog.kind === 'rename' && name === dialog.item.name
              ? 'Enter a new name.'
              : nameProblem(name, dialog.kind === 'folder' || (dialog.kind === 'rename' && dialog.item.type === 'folder') ? 'folder' : 'notebook', taken)
          }
          onSubmit={submit}
          onCancel={() => setDialog(null)}
        />
      )}
    </div>
  );
}
