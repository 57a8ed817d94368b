import { useState, type DragEvent } from 'react';
import type { WorkspaceItem } from '../../model/workspace/view';
import { carriesFiles } from './browserFiles';
import type { useWorkspaceActions } from './useWorkspaceActions';
import { hasFilter, type Filters, type SortKey } from './workspaceFilters';
import { WorkspaceTable } from './WorkspaceTable';

interface Selection {
  selected: ReadonlySet<string>;
  select: (paths: string[]) => void;
  revealing: string | null;
  revealed: () => void;
}

interface Props {
  folder: string;
  /** The filters in the URL (what the page is on) and the list's copy of them (may lag a keystroke behind). */
  filters: Filters;
  listed: Filters;
  rows: WorkspaceItem[];
  selection: Selection;
  actions: ReturnType<typeof useWorkspaceActions>;
  /** What an upload may weigh, said to the reader. */
  limit: string;
  onImport: (folder: string, files: File[]) => void;
  onSort: (sort: SortKey) => void;
}

/** Files dropped on the list (not on a folder's row) go into the folder shown; never into the trash. */
function useListDrop(enabled: boolean, onFiles: (files: File[]) => void) {
  const [dropHere, setDropHere] = useState(false);
  const handlers = {
    onDragOver: (event: DragEvent) => {
      if (!carriesFiles(event) || !enabled) return;
      event.preventDefault();
      setDropHere(true);
    },
    onDragLeave: (event: DragEvent) => !event.currentTarget.contains(event.relatedTarget as Node | null) && setDropHere(false),
    onDrop: (event: DragEvent) => {
      if (!carriesFiles(event) || !enabled) return;
      event.preventDefault();
      setDropHere(false);
      onFiles([...event.dataTransfer.files]);
    },
  };
  return { dropHere, handlers };
}

/** The folder's (or view's) rows, or what to do when there are none; files dropped here are imported. */
export function WorkspaceListing({ folder, filters, listed, rows, selection, actions, limit, onImport, onSort }: Props) {
  const { dropHere, handlers } = useListDrop(filters.view !== 'trash', (files) => onImport(folder, files));
  return (
    <div className="workspace-drop" data-testid="workspace-drop" data-drop-target={dropHere || undefined} {...handlers}>
      {rows.length === 0 ? (
        <EmptyState filters={listed} limit={limit} />
      ) : (
        <WorkspaceTable
          items={rows}
          filters={listed}
          showLocation={filters.view !== 'all' || hasFilter(listed)}
          selected={selection.selected}
          actions={actions.rows}
          drop={actions.drop}
          onSelect={selection.select}
          revealing={selection.revealing}
          onRevealed={selection.revealed}
          onOpen={actions.open}
          onSort={onSort}
        />
      )}
      {filters.view === 'all' && <p className="muted upload-note">Drop .ipynb files here to import them. {limit}.</p>}
    </div>
  );
}

function EmptyState({ filters, limit }: { filters: Filters; limit: string }) {
  const [title, text] =
    filters.view === 'trash'
      ? ['The trash is empty', 'Deleted items wait here until you restore them or delete them permanently.']
      : filters.view === 'favourites'
        ? ['No favourites yet', 'Star a notebook or a folder to find it here.']
        : hasFilter(filters)
          ? ['Nothing matches', 'No item in the whole workspace matches these filters.']
          : ['This folder is empty', `Create a notebook or a folder, or drop .ipynb files here to import them. ${limit}.`];
  return (
    <div className="empty-state">
      <h2>{title}</h2>
      <p className="muted">{text}</p>
    </div>
  );
}
