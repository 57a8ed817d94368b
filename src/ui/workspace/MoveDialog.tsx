import { Folder, FolderOpen } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { WorkspaceItem } from '../../model/workspace/view';
import { parentOf } from './names';

interface Props {
  /** The items to move. */
  paths: string[];
  items: readonly WorkspaceItem[];
  onMove: (folder: string) => void;
  onCancel: () => void;
}

interface Node {
  path: string;
  name: string;
  level: number;
  /** A folder being moved, or inside one: it cannot take itself. */
  blocked: boolean;
}

/** Every live folder, depth first under the root, as the picker's rows. */
export function folderRows(items: readonly WorkspaceItem[], moving: readonly string[]): Node[] {
  const folders = items.filter((item) => item.type === 'folder' && !item.isDeleted).map((item) => item.path);
  // Compared with "/" as the lowest character, so each folder is followed by its own subfolders.
  const key = (path: string) => path.split('/').join('\u0000');
  const sorted = [...folders].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
  const inMoving = (path: string) => moving.some((m) => path === m || path.startsWith(`${m}/`));
  return [
    { path: '', name: 'Workspace', level: 1, blocked: false },
    ...sorted.map((path) => ({ path, name: path.slice(path.lastIndexOf('/') + 1), level: path.split('/').length + 1, blocked: inMoving(path) })),
  ];
}

/** "Move to…": a tree of the workspace's folders (arrows move, Enter moves there, Escape cancels). */
export function MoveDialog({ paths, items, onMove, onCancel }: Props) {
  const rows = folderRows(items, paths);
  const here = parentOf(paths[0] ?? '');
  const [at, setAt] = useState(() => Math.max(0, rows.findIndex((row) => row.path === here)));
  const tree = useRef<HTMLUListElement>(null);
  const id = useId();
  const chosen = rows[at];
  const canMove = chosen !== undefined && !chosen.blocked && paths.some((path) => parentOf(path) !== chosen.path);

  useEffect(() => {
    tree.current?.querySelector<HTMLElement>(`[data-row="${at}"]`)?.focus();
  }, [at]);

  const onKey = (event: KeyboardEvent) => {
    const step = event.key === 'ArrowDown' ? 1 : event.key === 'ArrowUp' ? -1 : 0;
    if (step !== 0) setAt((i) => Math.min(rows.length - 1, Math.max(0, i + step)));
    else if (event.key === 'Home') setAt(0);
    else if (event.key === 'End') setAt(rows.length - 1);
    else if (event.key === 'Enter' && canMove) onMove(chosen.path);
    else return;
    event.preventDefault();
  };
  const what = paths.length === 1 ? (paths[0] ?? '').slice((paths[0] ?? '').lastIndexOf('/') + 1) : `${paths.length} items`;

  return (
    <div className="modal-backdrop" onKeyDown={(e) => e.key === 'Escape' && onCancel()}>
      <div className="modal card move-dialog" role="dialog" aria-modal="true" aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`}>Move {what} to…</h2>
        <ul className="folder-tree" role="tree" aria-label="Folders" ref={tree} onKeyDown={onKey}>
          {rows.map((row, i) => (
            <li
              key={row.path || '/'}
              role="treeitem"
              aria-level={row.level}
              aria-selected={i === at}
              aria-disabled={row.blocked || undefined}
              data-row={i}
              tabIndex={i === at ? 0 : -1}
              style={{ paddingLeft: 8 + (row.level - 1) * 18 }}
              onClick={() => setAt(i)}
              onDoubleClick={() => !row.blocked && onMove(row.path)}
            >
              {i === at ? <FolderOpen size={16} aria-hidden="true" /> : <Folder size={16} aria-hidden="true" />} {row.name}
            </li>
          ))}
        </ul>
        <div className="modal-actions">
          <button type="button" className="button" onClick={onCancel}>
            Cancel
          </button>
          <button type="button" className="button primary" disabled={!canMove} onClick={() => chosen && onMove(chosen.path)}>
            Move here
          </button>
        </div>
      </div>
    </div>
  );
}
