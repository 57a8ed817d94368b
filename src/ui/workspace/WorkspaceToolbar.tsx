import { Download, FilePlus2, FolderPlus, PanelRight, Redo2, RefreshCw, Undo2, Upload } from 'lucide-react';
import { useRef } from 'react';
import { Breadcrumbs } from './Breadcrumbs';
import type { FolderDrop } from './dragItems';

interface Props {
  folder: string;
  drop: FolderDrop;
  canUndo: boolean;
  canRedo: boolean;
  detailsOpen: boolean;
  /** The Trash view: nothing is made or imported there. */
  trash: boolean;
  /** What the Export button exports: the selected item, else the folder shown. */
  exportLabel: string;
  uploadLimit: string;
  onNewFolder: () => void;
  onNewNotebook: () => void;
  /** .ipynb files picked with the Import button, into this folder. */
  onImport: (files: File[]) => void;
  onExport: () => void;
  onUndo: () => void;
  onRedo: () => void;
  onRefresh: () => void;
  onToggleDetails: () => void;
}

/** The Import button: a file picker for several notebooks. */
function ImportButton({ onImport, limit }: { onImport: (files: File[]) => void; limit: string }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <button type="button" className="button" aria-label="Import" onClick={() => input.current?.click()} title={`Import .ipynb notebooks (or drop them on the list). ${limit}.`}>
        <Upload size={16} aria-hidden="true" /> <span className="button-label">Import</span>
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
    <div className="toolbar workspace-toolbar">
      <Breadcrumbs folder={props.folder} drop={props.drop} />
      <button type="button" className="icon-button" aria-label="Undo" title="Undo (Ctrl+Z)" disabled={!props.canUndo} onClick={props.onUndo}>
        <Undo2 size={18} aria-hidden="true" />
      </button>
      <button type="button" className="icon-button" aria-label="Redo" title="Redo (Ctrl+Shift+Z)" disabled={!props.canRedo} onClick={props.onRedo}>
        <Redo2 size={18} aria-hidden="true" />
      </button>
      <button type="button" className="icon-button" aria-label="Refresh from the server" title="Refresh from the server" onClick={props.onRefresh}>
        <RefreshCw size={18} aria-hidden="true" />
      </button>
      <button type="button" className="icon-button" aria-label="Details" title="Details" aria-pressed={props.detailsOpen} onClick={props.onToggleDetails}>
        <PanelRight size={18} aria-hidden="true" />
      </button>
      <button type="button" className="icon-button" onClick={props.onExport} title={`Export ${props.exportLabel}`} aria-label={`Export ${props.exportLabel}`}>
        <Download size={18} aria-hidden="true" />
      </button>
      {!props.trash && (
        <>
          <ImportButton onImport={props.onImport} limit={props.uploadLimit} />
          <button type="button" className="button" aria-label="New folder" title="New folder" onClick={props.onNewFolder}>
            <FolderPlus size={16} aria-hidden="true" /> <span className="button-label">New folder</span>
          </button>
        </>
      )}
      <button type="button" className="button primary" onClick={props.onNewNotebook}>
        <FilePlus2 size={16} aria-hidden="true" /> New notebook
      </button>
    </div>
  );
}
