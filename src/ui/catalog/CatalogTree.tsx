import { memo, useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { ChevronDown, ChevronRight, Columns3, Database, FolderTree, Table2, type LucideIcon } from 'lucide-react';
import type { RowList } from '../../model/catalog/tree';
import type { CatalogNodeId, VisibleRow } from '../../model/catalog/types';

/** Loading and failure of one node's children, as the loader reports them. */
export interface NodeLoad {
  loading: boolean;
  error: string | null;
}

interface Props {
  rows: RowList;
  selectedId: CatalogNodeId | null;
  focusedId: CatalogNodeId | null;
  loads: ReadonlyMap<CatalogNodeId, NodeLoad>;
  onToggle: (row: VisibleRow) => void;
  onSelect: (id: CatalogNodeId) => void;
  onFocus: (id: CatalogNodeId) => void;
  onKey: (key: string) => void;
  onRetry: (id: CatalogNodeId) => void;
}

const ROW_HEIGHT = 30;
/** Rows drawn beyond each edge of the viewport, so fast scrolling shows no gap. */
const OVERSCAN = 6;
const ICONS: Record<VisibleRow['node']['type'], LucideIcon> = { catalog: Database, schema: FolderTree, table: Table2, column: Columns3 };
const KEYS = new Set(['ArrowDown', 'ArrowUp', 'ArrowLeft', 'ArrowRight', 'Home', 'End', 'Enter', '*']);

/**
 * The warehouse tree (WAI-ARIA tree pattern with a roving tabindex). Only the rows on screen are in
 * the DOM (and only their row objects are made), so a tree of 100,000 nodes scrolls like a small
 * one; aria-level, aria-setsize and aria-posinset tell assistive technology where each row sits.
 * Rows have one fixed height, so the window is plain arithmetic: nothing is kept per row, and a
 * search that changes the row count costs nothing here (a general virtualizer re-measures every row then).
 */
export function CatalogTree({ rows, selectedId, focusedId, loads, onToggle, onSelect, onFocus, onKey, onRetry }: Props) {
  const scroller = useRef<HTMLDivElement>(null);
  const view = useViewport(scroller);
  const first = Math.max(0, Math.floor(view.top / ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(rows.length, Math.ceil((view.top + view.height) / ROW_HEIGHT) + OVERSCAN);
  const focusIndex = useMemo(() => (focusedId === null ? -1 : rows.indexOf(focusedId)), [rows, focusedId]);
  const tabStop = focusIndex >= 0 ? focusIndex : 0;
  const hadFocus = useRef(false);
  useFocusedRow(scroller, focusIndex, hadFocus);
  const actions = useRowActions({ onToggle, onSelect, onFocus, onRetry, focusedId }, hadFocus);

  const onKeyDown = (event: KeyboardEvent) => {
    if (!KEYS.has(event.key) && !(event.key.length === 1 && /\S/.test(event.key))) return;
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    event.preventDefault();
    hadFocus.current = true;
    onKey(event.key);
  };

  return (
    <div ref={scroller} className="catalog-tree-scroll">
      <div role="tree" aria-label="Warehouse" className="catalog-tree" style={{ height: rows.length * ROW_HEIGHT }} onKeyDown={onKeyDown}>
        {Array.from({ length: Math.max(0, last - first) }, (_, offset) => {
          const index = first + offset;
          const row = rows.at(index);
          const match = row.match;
          return (
            <TreeRow
              key={row.node.id}
              row={row}
              index={index}
              matchStart={match?.[0] ?? -1}
              matchEnd={match?.[1] ?? -1}
              selected={row.node.id === selectedId}
              tabStop={index === tabStop}
              load={loads.get(row.node.id)}
              actions={actions}
            />
          );
        })}
      </div>
    </div>
  );
}

/** Keyboard moves focus by id: bring that row on screen and into focus (once the tree had focus). */
function useFocusedRow(scrollerRef: RefObject<HTMLDivElement | null>, focusIndex: number, hadFocusRef: RefObject<boolean>) {
  useEffect(() => {
    if (focusIndex < 0 || !hadFocusRef.current) return;
    const element = scrollerRef.current;
    if (element) {
      const top = focusIndex * ROW_HEIGHT;
      if (top < element.scrollTop) element.scrollTop = top;
      else if (top + ROW_HEIGHT > element.scrollTop + element.clientHeight) element.scrollTop = top + ROW_HEIGHT - element.clientHeight;
    }
    requestAnimationFrame(() => scrollerRef.current?.querySelector<HTMLElement>(`[data-row="${focusIndex}"]`)?.focus());
  }, [scrollerRef, focusIndex, hadFocusRef]);
}

/** One object for every row, stable while the handlers are: rows re-render only when what they show changes. */
function useRowActions(handlers: Pick<Props, 'onToggle' | 'onSelect' | 'onFocus' | 'onRetry' | 'focusedId'>, hadFocusRef: RefObject<boolean>): RowActions {
  const latest = useRef(handlers);
  useLayoutEffect(() => {
    latest.current = handlers;
  });
  return useMemo<RowActions>(
    () => ({
      select: (id) => {
        hadFocusRef.current = true;
        latest.current.onFocus(id);
        latest.current.onSelect(id);
      },
      focus: (id) => latest.current.focusedId !== id && latest.current.onFocus(id),
      toggle: (row) => latest.current.onToggle(row),
      retry: (id) => latest.current.onRetry(id),
    }),
    [hadFocusRef],
  );
}

interface RowActions {
  select: (id: CatalogNodeId) => void;
  focus: (id: CatalogNodeId) => void;
  toggle: (row: VisibleRow) => void;
  retry: (id: CatalogNodeId) => void;
}

interface TreeRowProps {
  row: VisibleRow;
  index: number;
  /** The highlight as numbers (-1: none), so an unchanged row compares equal across keystrokes. */
  matchStart: number;
  matchEnd: number;
  selected: boolean;
  tabStop: boolean;
  load: NodeLoad | undefined;
  actions: RowActions;
}

/** A row re-renders only when what it shows changes (a search keystroke re-creates every row object). */
const TreeRow = memo(
  function TreeRow({ row, index, matchStart, matchEnd, selected, tabStop, load, actions }: TreeRowProps) {
    const { node } = row;
    return (
      <div
        role="treeitem"
        data-row={index}
        aria-level={row.level}
        aria-setsize={row.setSize}
        aria-posinset={row.posInSet}
        aria-expanded={row.expandable ? row.expanded : undefined}
        aria-selected={selected}
        aria-busy={load?.loading || undefined}
        tabIndex={tabStop ? 0 : -1}
        className={`catalog-node${selected ? ' selected' : ''}${node.created ? ' created' : ''}`}
        style={{ transform: `translateY(${index * ROW_HEIGHT}px)`, paddingLeft: 8 + (row.level - 1) * 18 }}
        onClick={() => actions.select(node.id)}
        onFocus={() => actions.focus(node.id)}
      >
        <span
          className="catalog-twisty"
          aria-hidden="true"
          onClick={(event) => {
            event.stopPropagation();
            if (row.expandable) actions.toggle(row);
          }}
        >
          {row.expandable && (row.expanded ? <ChevronDown size={14} /> : <ChevronRight size={14} />)}
        </span>
        <NodeIcon type={node.type} />
        <span className="catalog-name">{highlighted(node.name, matchStart, matchEnd)}</span>
        {node.detail && <span className="catalog-detail">{node.detail}</span>}
        {node.local && (
          <span className="catalog-local" title={node.created ? 'Created in this browser only' : 'Renamed or annotated in this browser only; the warehouse is unchanged'}>
            {node.created ? 'local' : 'local edit'}
          </span>
        )}
        {load?.loading && <span className="catalog-loading" role="status" aria-label={`Loading ${node.name}`} />}
        {load?.error && (
          <span className="catalog-error" role="alert">
            Could not load.
            <button
              type="button"
              className="button small"
              onClick={(event) => {
                event.stopPropagation();
                actions.retry(node.id);
              }}
            >
              Retry
            </button>
          </span>
        )}
      </div>
    );
  },
  (before, after) =>
    before.row.node === after.row.node &&
    before.row.level === after.row.level &&
    before.row.posInSet === after.row.posInSet &&
    before.row.setSize === after.row.setSize &&
    before.row.expanded === after.row.expanded &&
    before.row.expandable === after.row.expandable &&
    before.index === after.index &&
    before.matchStart === after.matchStart &&
    before.matchEnd === after.matchEnd &&
    before.selected === after.selected &&
    before.tabStop === after.tabStop &&
    before.load === after.load &&
    before.actions === after.actions,
);

/** The scroll position and height of the tree's scroller, kept up to date. */
function useViewport(scroller: RefObject<HTMLDivElement | null>) {
  const [view, setView] = useState({ top: 0, height: 600 });
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const update = () => setView((old) => (old.top === element.scrollTop && old.height === element.clientHeight ? old : { top: element.scrollTop, height: element.clientHeight }));
    update();
    element.addEventListener('scroll', update, { passive: true });
    const resize = new ResizeObserver(update);
    resize.observe(element);
    return () => {
      element.removeEventListener('scroll', update);
      resize.disconnect();
    };
  }, [scroller]);
  return view;
}

function NodeIcon({ type }: { type: VisibleRow['node']['type'] }) {
  const Component = ICONS[type];
  return <Component size={15} aria-hidden="true" strokeWidth={1.75} className={`catalog-icon catalog-icon-${type}`} />;
}

function highlighted(name: string, start: number, end: number) {
  if (start < 0 || start >= end) return name;
  return (
    <>
      {name.slice(0, start)}
      <mark>{name.slice(start, end)}</mark>
      {name.slice(end)}
    </>
  );
}
