import { FilePlus2, FolderPlus, Redo2, RefreshCw, Undo2 } from 'lucide-react';
import { Link } from 'react-router-dom';

interface Props {
  folder: string;
  canUndo: boolean;
  canRedo: boolean;
  showDeleted: boolean;
  onNewFolder: () => void;
  onNewNotebook: () => void;
  onUndo: () => void;
  onRedo: () => void;
  onRefresh: () => void;
  onShowDeleted: (show: boolean) => void;
}

function Breadcrumb({ folder }: { folder: string }) {
  const parts = folder ? folder.split('/') : [];
  return (
    <nav aria-label="Folder" className="breadcrumb">
      <Link to="/admin/workspace">Workspace</Link>
      {parts.map((part, i) => {
        const path = parts.slice(0, i + 1).join('/');
        return (
          <span key={path}>
            <span aria-hidden="true"> / </span>
            {i === parts.length - 1 ? (
              <span aria-current="page">{part}</span>
            ) : (
              <Link to={`/admin/workspace?folder=${encodeURIComponent(path)}`}>{part}</Link>
            )}
          </span>
        );
      })}
    </nav>
  );
}

export function WorkspaceToolbar(props: Props) {
  return (
    <div className="toolbar">
      <Breadcrumb folder={props.folder} />
      <div className="toolbar-spacer" />
      <label className="checkbox">
        <input type="checkbox" checked={props.showDeleted} onChange={(e) => props.onShowDeleted(e.target.checked)} />
        Show deleted
      </label>
      <button type="button" className="icon-button" aria-label="Undo" title="Undo (Ctrl+Z)" disabled={!props.canUndo} onClick={props.onUndo}>
        <Undo2 size={18} aria-hidden="true" />
      </button>
      <button type="button" className="icon-button" aria-label="Redo" title="Redo (Ctrl+Shift+Z)" disabled={!props.canRedo} onClick={props.onRedo}>
        <Redo2 size={18} aria-hidden="true" />
      </button>
      <button type="button" className="icon-button" aria-label="Refresh" title="Refresh from the server" onClick={props.onRefresh}>
        <RefreshCw size={18} aria-hidden="true" />
      </button>
      <button type="button" className="button" onClick={props.onNewFolder}>
        <FolderPlus size={16} aria-hidden="true" /> New folder
      </button>
      <button type="button" className="button primary" onClick={props.onNewNotebook}>
        <FilePlus2 size={16} aria-hidden="true" /> New notebook
      </button>
    </div>
  );
}
