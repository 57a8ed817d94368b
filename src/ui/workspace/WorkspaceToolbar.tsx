import { FilePlus2, FolderPlus, Redo2, RefreshCw, Undo2, Upload } from 'lucide-react';
import { useRef } from 'react';
import { Link } from 'react-router-dom';

interface Props {
  folder: string;
  canUndo: boolean;
  canRedo: boolean;
  showDeleted: boolean;
  onNewFolder: () => void;
  onNewNotebook: () => void;
  /** .ipynb files picked with the Import button, into this folder. */
  onImport: (files: File[]) => void;
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

/** The Import button: a file picker for several notebooks. */
function ImportButton({ onImport }: { onImport: (files: File[]) => void }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <button type="button" className="button" onClick={() => input.current?.click()} title="Import .ipynb notebooks (or drop them on the list)">
        <Upload size={16} aria-hidden="true" /> Import
      </button>
      <input
        ref={input}
        type="file"
        multiple
        accept=".ipynb"
        hidden
        data-testid="import-input"
        onChange={(event) => {
          onImport([...(event.target.files ?? [])]);
          event.target.value = ''; // the same files can be picked again
        }}
      />
    </>
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
      <ImportButton onImport={props.onImport} />
      <button type="button" className="button" onClick={props.onNewFolder}>
        <FolderPlus size={16} aria-hidden="true" /> New folder
      </button>
      <button type="button" className="button primary" onClick={props.onNewNotebook}>
        <FilePlus2 size={16} aria-hidden="true" /> New notebook
      </button>
    </div>
  );
}
