import { formatDistanceToNow } from 'date-fns';
import { BookOpen, Folder } from 'lucide-react';
import { useState, type DragEvent } from 'react';
import { Link } from 'react-router-dom';
import type { WorkspaceItem } from '../../db/workspaceView';
import { carriesFiles } from './browserFiles';
import { notebookUrl } from './names';

interface Props {
  items: WorkspaceItem[];
  onRename: (item: WorkspaceItem) => void;
  onDelete: (item: WorkspaceItem) => void;
  onRestore: (item: WorkspaceItem) => void;
  onDownload: (item: WorkspaceItem) => void;
  /** Files dropped onto a folder's row go into that folder. */
  onDropFiles: (folder: string, files: File[]) => void;
}

function Status({ item }: { item: WorkspaceItem }) {
  if (item.conflict) return <span className="badge badge-danger" title={item.conflict.message}>Not saved: {item.conflict.status}</span>;
  if (item.pending) return <span className="badge badge-warn">Waiting to sync</span>;
  if (item.isDeleted) return <span className="badge">Deleted</span>;
  return null;
}

function Name({ item }: { item: WorkspaceItem }) {
  const icon = item.type === 'folder' ? <Folder size={16} aria-hidden="true" /> : <BookOpen size={16} aria-hidden="true" />;
  if (!item.isDeleted) {
    const to = item.type === 'folder' ? `/admin/workspace?folder=${encodeURIComponent(item.path)}` : notebookUrl(item.path);
    return (
      <Link className="item-name" to={to}>
        {icon} {item.name}
      </Link>
    );
  }
  return (
    <span className="item-name">
      {icon} {item.name}
    </span>
  );
}

export function WorkspaceTable({ items, onRename, onDelete, onRestore, onDownload, onDropFiles }: Props) {
  const [dropTarget, setDropTarget] = useState<string | null>(null);
  const dropProps = (item: WorkspaceItem) =>
    item.type !== 'folder' || item.isDeleted
      ? {}
      : {
          onDragOver: (event: DragEvent) => {
            if (!carriesFiles(event)) return;
            event.preventDefault();
            event.stopPropagation();
            setDropTarget(item.path);
          },
          onDragLeave: () => setDropTarget((at) => (at === item.path ? null : at)),
          onDrop: (event: DragEvent) => {
            if (!carriesFiles(event)) return;
            event.preventDefault();
            event.stopPropagation();
            setDropTarget(null);
            onDropFiles(item.path, [...event.dataTransfer.files]);
          },
        };
  return (
    <table className="data-table workspace-table">
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">Owner</th>
          <th scope="col">Created</th>
          <th scope="col">Status</th>
          <th scope="col">
            <span className="visually-hidden">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {items.map((item) => (
          <tr key={item.path} aria-label={item.name} data-deleted={item.isDeleted || undefined} data-drop-target={dropTarget === item.path || undefined} {...dropProps(item)}>
            <td>
              <Name item={item} />
            </td>
            <td>{item.owner}</td>
            <td>{item.createdAt ? formatDistanceToNow(new Date(item.createdAt), { addSuffix: true }) : '—'}</td>
            <td>
              <Status item={item} />
            </td>
            <td className="row-actions">
              {item.isDeleted ? (
                <button type="button" className="link-button" onClick={() => onRestore(item)}>
                  Restore
                </button>
              ) : (
                <>
                  {item.type === 'notebook' && (
                    <button type="button" className="link-button" onClick={() => onDownload(item)} aria-label={`Download ${item.name}`}>
                      Download
                    </button>
                  )}
                  <button type="button" className="link-button" onClick={() => onRename(item)} aria-label={`Rename ${item.name}`}>
                    Rename
                  </button>
                  <button type="button" className="link-button danger" onClick={() => onDelete(item)} aria-label={`Delete ${item.name}`}>
                    Delete
                  </button>
                </>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
