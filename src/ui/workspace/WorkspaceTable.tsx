import { ArrowDown, ArrowUp } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type MouseEvent, type RefObject } from 'react';
import type { WorkspaceItem } from '../../model/workspace/view';
import type { FolderDrop } from './dragItems';
import type { Filters, SortKey } from './workspaceFilters';
import { WorkspaceRow, type RowActions } from './WorkspaceRow';
import { useVirtualPageRows, type VirtualPageRows } from '../components/useVirtualRows';

const ROW_HEIGHT = 44;

interface Props {
  items: WorkspaceItem[];
  filters: Filters;
  showLocation: boolean;
  selected: ReadonlySet<string>;
  actions: RowActions;
  drop: FolderDrop;
  onSelect: (paths: string[]) => void;
  /** A path to bring into view once it is listed (an item just made or renamed); `onRevealed` once it is. */
  revealing: string | null;
  onRevealed: () => void;
  onOpen: (item: WorkspaceItem) => void;
  onSort: (sort: SortKey) => void;
}

function SortHeader({ label, sort, filters, onSort }: { label: string; sort: SortKey; filters: Filters; onSort: (sort: SortKey) => void }) {
  const on = filters.sort === sort;
  const Arrow = filters.dir === 'asc' ? ArrowUp : ArrowDown;
  return (
    <th scope="col" aria-sort={on ? (filters.dir === 'asc' ? 'ascending' : 'descending') : undefined}>
      <button type="button" className="sort-button" onClick={() => onSort(sort)}>
        {label} {on && <Arrow size={13} aria-hidden="true" />}
      </button>
    </th>
  );
}

/** Arrow keys, Home and End move between rows; Enter opens; Space selects. Returns the row to go to, or null. */
function nextIndex(key: string, index: number, count: number, page: number): number | null {
  if (key === 'ArrowDown') return Math.min(index + 1, count - 1);
  if (key === 'ArrowUp') return Math.max(index - 1, 0);
  if (key === 'PageDown') return Math.min(index + page, count - 1);
  if (key === 'PageUp') return Math.max(index - page, 0);
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}


/** Where the list starts on the page; it moves when what is above it changes size (import results, a wrapped toolbar). */
function useListOffset(scroller: RefObject<HTMLDivElement | null>): number {
  const [offset, setOffset] = useState(0);
  useLayoutEffect(() => {
    const measure = () => setOffset((scroller.current?.getBoundingClientRect().top ?? 0) + window.scrollY);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [scroller]);
  return offset;
}

/** Brings the row being revealed into view once the listing has it. */
function useReveal(revealing: string | null, items: WorkspaceItem[], virtual: VirtualPageRows, onRevealed: () => void) {
  useEffect(() => {
    if (revealing === null) return;
    const index = items.findIndex((item) => item.path === revealing);
    if (index === -1) return; // not listed yet: the listing follows the save
    virtual.scrollToIndex(index, { align: 'auto' });
    onRevealed();
  }, [revealing, items, virtual, onRevealed]);
}

interface KeyDeps {
  items: WorkspaceItem[];
  virtual: VirtualPageRows;
  scroller: RefObject<HTMLDivElement | null>;
  /** Rows in view, for PageUp and PageDown. */
  inView: number;
  onOpen: (item: WorkspaceItem) => void;
  onSelect: (paths: string[]) => void;
}

/** The active row (the one the keyboard is on) and the keys that move, open and select. */
function useRowKeys({ items, virtual, scroller, inView, onOpen, onSelect }: KeyDeps) {
  const [active, setActive] = useState(0);
  const focusRow = (index: number) => {
    setActive(index);
    virtual.scrollToIndex(index, { align: 'auto' });
    // The row may only exist after the virtualizer has rendered it.
    requestAnimationFrame(() => scroller.current?.querySelector<HTMLElement>(`tr[data-index="${index}"]`)?.focus());
  };
  const onKey = (event: KeyboardEvent, index: number) => {
    if (event.target !== event.currentTarget) return; // keys in the row's buttons and menus are theirs
    const item = items[index];
    const next = nextIndex(event.key, index, items.length, Math.max(1, inView - 2));
    if (next !== null) focusRow(next);
    else if (event.key === 'Enter' && item && !item.isDeleted) onOpen(item);
    else if (event.key === ' ' && item) onSelect([item.path]);
    else return;
    event.preventDefault();
  };
  return { active, setActive, onKey };
}

/** A click selects the row; Ctrl/Cmd+click adds it to the selection or takes it out. */
function picked(selected: ReadonlySet<string>, path: string, toggle: boolean): string[] {
  if (!toggle) return [path];
  return selected.has(path) ? [...selected].filter((p) => p !== path) : [...selected, path];
}

function TableHead({ trash, filters, onSort }: { trash: boolean; filters: Filters; onSort: (sort: SortKey) => void }) {
  return (
    <thead>
      <tr aria-rowindex={1}>
        <th scope="col" className="star-cell">
          <span className="visually-hidden">Starred</span>
        </th>
        <SortHeader label="Name" sort="name" filters={filters} onSort={onSort} />
        <th scope="col" className="col-owner">Owner</th>
        <SortHeader label={trash ? 'Deleted' : 'Modified'} sort="modified" filters={filters} onSort={onSort} />
        <th scope="col" className="col-status">Status</th>
        <th scope="col" className="row-actions">
          <span className="visually-hidden">Actions</span>
        </th>
      </tr>
    </thead>
  );
}

/**
 * The listing, virtualized: only the rows in view are in the page (10,000 items scroll as fast as 10),
 * with spacer rows above and below so it stays a real table for screen readers and the keyboard.
 */
export function WorkspaceTable({ items, filters, showLocation, selected, actions, drop, onSelect, revealing, onRevealed, onOpen, onSort }: Props) {
  const scroller = useRef<HTMLDivElement>(null);
  // The page scrolls, not a box inside it: row menus and dialogs are never clipped by the list.
  const offset = useListOffset(scroller);
  const virtual = useVirtualPageRows({ count: items.length, size: ROW_HEIGHT, overscan: 8, margin: offset });
  const rows = virtual.getVirtualItems();
  useReveal(revealing, items, virtual, onRevealed);
  const { active, setActive, onKey } = useRowKeys({ items, virtual, scroller, inView: rows.length, onOpen, onSelect });
  const at = Math.min(active, items.length - 1);
  const trash = filters.view === 'trash';

  const onPick = (item: WorkspaceItem, event: MouseEvent) => {
    setActive(items.indexOf(item));
    onSelect(picked(selected, item.path, event.ctrlKey || event.metaKey));
  };
  const dragPaths = (item: WorkspaceItem) => (selected.has(item.path) ? [...selected] : [item.path]);
  // Row positions count from the page's top (the scroll margin is where the list starts).
  const top = Math.max(0, (rows[0]?.start ?? offset) - offset);
  const bottom = Math.max(0, virtual.getTotalSize() - ((rows[rows.length - 1]?.end ?? offset) - offset));

  return (
    <div className="workspace-scroll" ref={scroller}>
      <table className="data-table workspace-table" aria-rowcount={items.length + 1} aria-label={trash ? 'Trash' : 'Workspace items'}>
        <TableHead trash={trash} filters={filters} onSort={onSort} />
        <tbody>
          {top > 0 && <tr aria-hidden="true" className="spacer" style={{ height: top }} />}
          {rows.map((row) => {
            const item = items[row.index];
            if (!item) return null;
            return (
              <WorkspaceRow
                key={item.path}
                item={item}
                index={row.index}
                active={row.index === at}
                selected={selected.has(item.path)}
                showLocation={showLocation}
                trash={trash}
                actions={actions}
                drop={drop}
                dragPaths={dragPaths}
                onPick={onPick}
                onKey={onKey}
              />
            );
          })}
          {bottom > 0 && <tr aria-hidden="true" className="spacer" style={{ height: bottom }} />}
        </tbody>
      </table>
    </div>
  );
}
