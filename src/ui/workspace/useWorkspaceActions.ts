import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import type { WorkspaceItem } from '../../model/workspace/view';
import { useSignedIn } from '../appContext';
import { downloadLink, saveAsFile } from './browserFiles';
import type { FolderDrop } from './dragItems';
import { folderUrl, notebookUrl } from './names';
import type { Dialog, DialogCommands } from './WorkspaceDialogs';
import type { RowActions } from './WorkspaceRow';

interface Deps {
  setDialog: (dialog: Dialog) => void;
  clearSelection: () => void;
  /** Brings the row of the item at `path` into view once the listing shows it (made or renamed here). */
  reveal: (path: string) => void;
  showDetails: (item: WorkspaceItem) => void;
  importInto: (folder: string, files: File[]) => void;
}

/**
 * What the page's rows, crumbs, toolbar and dialogs do, each a workspace command: the commands
 * save offline and tell the user how each save went, so nothing here waits or reports.
 */
export function useWorkspaceActions({ setDialog, clearSelection, reveal, showDetails, importInto }: Deps) {
  const { workspace } = useSignedIn();
  const navigate = useNavigate();
  return useMemo(() => {
    const exportItem = async (item: Pick<WorkspaceItem, 'path' | 'type'>) => {
      if (item.type === 'folder') return downloadLink(workspace.exportUrl(item.path));
      const file = await workspace.downloadNotebook(item.path);
      if (file.ok) saveAsFile(file.content, file.fileName);
    };
    const move = (paths: string[], folder: string) => {
      // A refused move (into itself, a name clash) keeps the selection, so the user can pick another folder.
      void workspace.move(paths, folder).then((result) => {
        if (!(result && 'ok' in result)) clearSelection();
      });
    };
    const rows: RowActions = {
      star: (item) => void workspace.setFavorite(item.path, !item.isFavorite),
      rename: (item) => setDialog({ kind: 'rename', item }),
      moveTo: (item) => setDialog({ kind: 'move', paths: [item.path] }),
      details: showDetails,
      exportItem: (item) => void exportItem(item),
      remove: (item) => void workspace.remove(item.path, item.version),
      restore: (item) => void workspace.restore(item.path),
      purge: (item) => setDialog({ kind: 'purge', item }),
    };
    const commands: DialogCommands = {
      createFolder: (path) => {
        reveal(path);
        void workspace.createFolder(path);
      },
      createNotebook: (path) => {
        reveal(path);
        // Made (or kept on this device until the server is back): it opens in the editor, as in JupyterLab.
        void workspace.createNotebook(path).then((verdict) => {
          if (verdict && verdict.kind !== 'failed' && verdict.kind !== 'discarded') navigate(notebookUrl(path));
        });
      },
      rename: (item, path) => {
        reveal(path);
        void workspace.rename(item.path, path, item.version);
      },
      move,
      purge: (item) => void workspace.purge(item.path),
    };
    const drop: FolderDrop = { onMove: move, onFiles: importInto };
    const open = (item: WorkspaceItem) => navigate(item.type === 'folder' ? folderUrl(item.path) : notebookUrl(item.path));
    return { rows, commands, drop, open, exportItem, workspace };
  }, [workspace, navigate, setDialog, clearSelection, reveal, showDetails, importInto]);
}
