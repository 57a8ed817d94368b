import { formatDistanceToNow } from 'date-fns';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { toast } from 'sonner';
import { WORKSPACE_AGGREGATE } from '../../db/events';
import type { WorkspaceItem } from '../../db/workspaceView';
import type { ChangeOutcome } from '../../sync/workspace.commands';
import { useArea } from '../area';
import { Loading } from '../components/Loading';
import { NameDialog } from '../components/NameDialog';
import { useModHotkey } from '../hooks/useHotkey';
import { useWorkspaceItems } from '../hooks/useLiveData';
import { joinPath, nameProblem, parentOf, untitledName } from './names';
import { useUndoState } from './useUndoState';
import { WorkspaceTable } from './WorkspaceTable';
import { WorkspaceToolbar } from './WorkspaceToolbar';

type Dialog = { kind: 'folder' } | { kind: 'notebook' } | { kind: 'rename'; item: WorkspaceItem } | null;

/** Tells the user how a change went; queued saves share one toast so 20 offline edits are not 20 toasts. */
function announce(outcome: ChangeOutcome | null, what: string) {
  if (!outcome) return;
  if (outcome.kind === 'queued') toast.info('Saved on this device. It syncs when the server is back.', { id: 'queued-saves' });
  if (outcome.kind === 'failed') toast.error(`${what} was not saved: ${outcome.message}`);
}

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
  const { workspace, refreshWorkspace } = useArea();
  const undoState = useUndoState(WORKSPACE_AGGREGATE);

  const undo = useCallback(() => void workspace.undo().then((o) => announce(o, 'Undo')), [workspace]);
  const redo = useCallback(() => void workspace.redo().then((o) => announce(o, 'Redo')), [workspace]);
  useModHotkey('z', undo, { ignoreInFields: true });
  useModHotkey('z', redo, { shift: true, ignoreInFields: true });
  if (!data) return <Loading />;

  const here = data.items.filter((item) => parentOf(item.path) === folder);
  const taken = (name: string) => here.some((item) => item.name === name && !item.isDeleted);
  const visible = here.filter((item) => (showDeleted || !item.isDeleted) && item.name.toLowerCase().includes(query));

  const submit = (name: string) => {
    if (!dialog) return;
    setDialog(null);
    if (dialog.kind === 'folder') void workspace.createFolder(joinPath(folder, name)).then((o) => announce(o, `Folder ${name}`));
    if (dialog.kind === 'notebook') void workspace.createNotebook(joinPath(folder, name)).then((o) => announce(o, `Notebook ${name}`));
    if (dialog.kind === 'rename') {
      const { item } = dialog;
      void workspace.rename(item.path, joinPath(folder, name), item.version).then((o) => announce(o, `Rename of ${item.name}`));
    }
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
        onUndo={undo}
        onRedo={redo}
        onRefresh={refreshWorkspace}
      />
      <p className="muted cache-note" data-testid="cache-note">
        {data.fetchedAt
          ? `Listing from the server, updated ${formatDistanceToNow(data.fetchedAt, { addSuffix: true })}.`
          : 'Not fetched from the server yet.'}
        {data.error && ` Last refresh failed: ${data.error}.`}
      </p>
      {visible.length === 0 ? (
        <div className="empty-state">
          <h2>{query ? 'Nothing matches' : 'This folder is empty'}</h2>
          <p className="muted">Create a notebook or a folder to get started.</p>
        </div>
      ) : (
        <WorkspaceTable
          items={visible}
          onRename={(item) => setDialog({ kind: 'rename', item })}
          onDelete={(item) => void workspace.remove(item.path, item.version).then((o) => announce(o, `Delete of ${item.name}`))}
          onRestore={(item) => void workspace.restore(item.path).then((o) => announce(o, `Restore of ${item.name}`))}
        />
      )}
      {dialog && (
        <NameDialog
          title={dialog.kind === 'rename' ? `Rename ${dialog.item.name}` : dialog.kind === 'folder' ? 'New folder' : 'New notebook'}
          label="Name"
          confirm={dialog.kind === 'rename' ? 'Rename' : 'Create'}
          initial={
            dialog.kind === 'rename'
              ? dialog.item.name
              : dialog.kind === 'folder'
                ? untitledName('Untitled Folder', '', taken)
                : untitledName('Untitled', '.ipynb', taken)
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
