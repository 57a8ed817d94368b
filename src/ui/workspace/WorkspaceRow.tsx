import { formatDistanceToNowStrict } from 'date-fns';
import { ArrowRightLeft, BookOpen, Download, Folder, Info, MoreHorizontal, Pencil, Star, Trash2 } from 'lucide-react';
import type { DragEvent, KeyboardEvent, MouseEvent } from 'react';
import { Link } from 'react-router-dom';
import type { WorkspaceItem } from '../../model/workspace/view';
import { DropdownMenu } from '../components/DropdownMenu';
import { startItemDrag, useFolderDrop, type FolderDrop } from './dragItems';
import { folderUrl, notebookUrl } from './names';

export interface RowActions {
  star: (item: WorkspaceItem) => void;
  rename: (item: WorkspaceItem) => void;
  moveTo: (item: WorkspaceItem) => void;
  details: (item: WorkspaceItem) => void;
  exportItem: (item: WorkspaceItem) => void;
  remove: (item: WorkspaceItem) => void;
  restore: (item: WorkspaceItem) => void;
  purge: (item: WorkspaceItem) => void;
}

export interface RowProps {
  item: WorkspaceItem;
  index: number;
  active: boolean;
  selected: boolean;
  showLocation: boolean;
  trash: boolean;
  actions: RowActions;
  drop: FolderDrop;
  /** The paths a drag of this row carries: the selection when the row is in it. */
  dragPaths: (item: WorkspaceItem) => string[];
  onPick: (item: WorkspaceItem, event: MouseEvent) => void;
  onKey: (event: KeyboardEvent, index: number) => void;
}

const ago = (iso: string) => (iso && !Number.isNaN(Date.parse(iso)) ? formatDistanceToNowStrict(new Date(iso), { addSuffix: true }) : '—');

function Status({ item }: { item: WorkspaceItem }) {
  if (item.conflict) return <span className="badge badge-danger" title={item.conflict.message}>Not saved: {item.conflict.status}</span>;
  if (item.pending) return <span className="badge badge-warn">Waiting to sync</span>;
  return null;
}

/** A time as "… ago", the exact moment on hover and in the markup. */
function Time({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} title={Number.isNaN(Date.parse(iso)) ? undefined : new Date(iso).toLocaleString()}>
      {ago(iso)}
    </time>
  );
}

function Name({ item, showLocation }: { item: WorkspaceItem; showLocation: boolean }) {
  const icon = item.type === 'folder' ? <Folder size={16} aria-hidden="true" className="icon-folder" /> : <BookOpen size={16} aria-hidden="true" />;
  const label = <span className="item-label">{item.name}</span>;
  return (
    <span className="name-cell">
      {item.isDeleted ? (
        <span className="item-name">
          {icon} {label}
        </span>
      ) : (
        <Link className="item-name" to={item.type === 'folder' ? folderUrl(item.path) : notebookUrl(item.path)} tabIndex={-1} draggable={false}>
          {icon} {label}
        </Link>
      )}
      {showLocation && <span className="item-location muted">in {item.parentPath || 'Workspace'}</span>}
    </span>
  );
}

function LiveActions({ item, actions }: { item: WorkspaceItem; actions: RowActions }) {
  const items = [
    { label: 'Details', icon: <Info size={15} aria-hidden="true" />, onSelect: () => actions.details(item) },
    { label: 'Export', icon: <Download size={15} aria-hidden="true" />, onSelect: () => actions.exportItem(item) },
    { label: 'Rename', icon: <Pencil size={15} aria-hidden="true" />, onSelect: () => actions.rename(item) },
    { label: 'Move to…', icon: <ArrowRightLeft size={15} aria-hidden="true" />, onSelect: () => actions.moveTo(item) },
    { label: 'Delete', icon: <Trash2 size={15} aria-hidden="true" />, onSelect: () => actions.remove(item) },
  ];
  return <DropdownMenu label={`Actions for ${item.name}`} trigger={<MoreHorizontal size={18} aria-hidden="true" />} items={items} align="end" className="row-menu" />;
}

function TrashActions({ item, actions }: { item: WorkspaceItem; actions: RowActions }) {
  return (
    <>
      <button type="button" className="link-button" onClick={() => actions.restore(item)} aria-label={`Restore ${item.name}`}>
        Restore
      </button>
      <button type="button" className="link-button danger" onClick={() => actions.purge(item)} aria-label={`Delete permanently ${item.name}`}>
        <span className="trash-long">Delete permanently</span>
        <span className="trash-short">Delete</span>
      </button>
    </>
  );
}

/** One row of the listing: a drag source, a drop target when it is a folder, a star, its actions. */
export function WorkspaceRow({ item, index, active, selected, showLocation, trash, actions, drop, dragPaths, onPick, onKey }: RowProps) {
  const isFolder = item.type === 'folder' && !item.isDeleted;
  const target = useFolderDrop(item.path, drop);
  const starLabel = `${item.isFavorite ? 'Unstar' : 'Star'} ${item.name}`;
  return (
    <tr
      aria-label={item.name}
      aria-rowindex={index + 2}
      aria-selected={selected}
      data-index={index}
      data-selected={selected || undefined}
      data-deleted={item.isDeleted || undefined}
      data-drop-target={(isFolder && target.over) || undefined}
      tabIndex={active ? 0 : -1}
      draggable={!item.isDeleted}
      onDragStart={(event: DragEvent) => startItemDrag(event, dragPaths(item))}
      onClick={(event) => onPick(item, event)}
      onKeyDown={(event) => onKey(event, index)}
      {...(isFolder ? target.props : {})}
    >
      <td className="star-cell">
        {!trash && (
          <button
            type="button"
            className={`star-button${item.isFavorite ? ' on' : ''}`}
            aria-label={starLabel}
            title={starLabel}
            aria-pressed={item.isFavorite}
            onClick={(event) => {
              event.stopPropagation();
              actions.star(item);
            }}
          >
            <Star size={16} aria-hidden="true" fill={item.isFavorite ? 'currentColor' : 'none'} />
          </button>
        )}
      </td>
      <td>
        <Name item={item} showLocation={showLocation || trash} />
      </td>
      <td className="col-owner">{item.owner || '—'}</td>
      <td className="col-modified">
        <Time iso={trash ? (item.deletedAt ?? item.updatedAt) : item.updatedAt} />
      </td>
      <td className="col-status">
        <Status item={item} />
      </td>
      <td className="row-actions" onClick={(e) => e.stopPropagation()}>
        {trash ? <TrashActions item={item} actions={actions} /> : <LiveActions item={item} actions={actions} />}
      </td>
    </tr>
  );
}
