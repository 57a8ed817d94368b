import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { ChevronDown, ChevronRight, Columns3, Database, FolderTree, Table2, type LucideIcon } from 'lucide-react';
import type { CatalogNodeId, VisibleRow } from '../../catalog/types';

/** Loading and failure of one node's children, as the loader reports them. */
export interface NodeLoad {
  loading: boolean;
  error: string | null;
}

interface Props {
  rows: readonly VisibleRow[];
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
const ICONS: Record<VisibleRow['node']['type'], LucideIcon> = { catalog: Database, schema: FolderTree, table: Table2, column: Columns3 };
const KEYS = new Set(['ArrowDown', 'ArrowUp', 'ArrowLeft', 'ArrowRight', 'Home', 'End', 'Enter', '*']);

/**
 * The warehouse tree (WAI-ARIA tree pattern with a roving tabindex). Only the rows on screen are in
 * the DOM, so a tree of 100,000 nodes scrolls like a small one; aria-level, aria-setsize and
 * aria-posinset tell assistive technology where each row sits.
 */
export function CatalogTree({ rows, selectedId, focusedId, loads, onToggle, onSelect, onFocus, onKey, onRetry }: Props) {
  const scroller = useRef<HTMLDivElement>(null);
  // The app does not run React Compiler; useVirtualizer re-renders this component itself on scroll.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({ count: rows.length, getScrollElement: () => scroller.current, estimateSize: () => ROW_HEIGHT, overscan: 12 });
  const focusIndex = rows.findIndex((row) => row.node.id === focusedId);
  const tabStop = focusIndex >= 0 ? focusIndex : 0;
  const hadFocus = useRef(false);

  // Keyboard moves focus by id; bring that row on screen and into focus.
  useEffect(() => {
    if (focusIndex < 0 || !hadFocus.current) return;
    virtualizer.scrollToIndex(focusIndex, { align: 'auto' });
    requestAnimationFrame(() => scroller.current?.querySelector<HTMLElement>(`[data-row="${focusIndex}"]`)?.focus());
  }, [focusIndex, virtualizer]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (!KEYS.has(event.key) && !(event.key.length === 1 && /\S/.test(event.key))) return;
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    event.preventDefault();
    hadFocus.current = true;
    onKey(event.key);
  };

  return (
    <div ref={scroller} className="catalog-tree-scroll">
      <div role="tree" aria-label="Warehouse" className="catalog-tree" style={{ height: virtualizer.getTotalSize() }} onKeyDown={onKeyDown}>
        {virtualizer.getVirtualItems().map((item) => {
          const row = rows[item.index];
          const { node } = row;
          const load = loads.get(node.id);
          return (
            <div
              key={node.id}
              role="treeitem"
              data-row={item.index}
              aria-level={row.level}
              aria-setsize={row.setSize}
              aria-posinset={row.posInSet}
              aria-expanded={row.expandable ? row.expanded : undefined}
              aria-selected={node.id === selectedId}
              aria-busy={load?.loading || undefined}
              tabIndex={item.index === tabStop ? 0 : -1}
              className={`catalog-node${node.id === selectedId ? ' selected' : ''}${node.created ? ' created' : ''}`}
              style={{ transform: `translateY(${item.start}px)`, paddingLeft: 8 + (row.level - 1) * 18 }}
              onClick={() => {
                hadFocus.current = true;
                onFocus(node.id);
                onSelect(node.id);
              }}
              onFocus={() => focusedId !== node.id && onFocus(node.id)}
            >
              <span
                className="catalog-twisty"
                aria-hidden="true"
                onClick={(event) => {
                  event.stopPropagation();
                  if (row.expandable) onToggle(row);
                }}
              >
                {row.expandable && (row.expanded ? <ChevronDown size={14} /> : <ChevronRight size={14} />)}
              </span>
              <NodeIcon type={node.type} />
              <span className="catalog-name">{highlighted(node.name, row.match)}</span>
              {node.detail && <span className="catalog-detail">{node.detail}</span>}
              {node.local && <span className="catalog-local" title="Changed in this browser only">local</span>}
              {load?.loading && <span className="catalog-loading" role="status" aria-label={`Loading ${node.name}`} />}
              {load?.error && (
                <span className="catalog-error" role="alert">
                  Could not load.
                  <button
                    type="button"
                    className="button small"
                    onClick={(event) => {
                      event.stopPropagation();
                      onRetry(node.id);
                    }}
                  >
                    Retry
                  </button>
                </span>
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}

function NodeIcon({ type }: { type: VisibleRow['node']['type'] }) {
  const Component = ICONS[type];
  return <Component size={15} aria-hidden="true" strokeWidth={1.75} className={`catalog-icon catalog-icon-${type}`} />;
}

function highlighted(name: string, match: [number, number] | null) {
  if (!match || match[0] >= match[1]) return name;
  const [start, end] = match;
  return (
    <>
      {name.slice(0, start)}
      <mark>{name.slice(start, end)}</mark>
      {name.slice(end)}
    </>
  );
}
