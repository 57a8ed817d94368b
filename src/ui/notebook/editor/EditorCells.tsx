import { useEffect, useMemo, useRef, type KeyboardEvent, type MouseEvent, type RefObject } from 'react';
import type { RunView } from '../../../commands/notebook/run';
import type { CellSqlPlace } from '../../../model/nbformat/sqlPlace';
import type { Nbformat45 } from '../../../model/nbformat/types';
import { FrameHoldProvider, useScrolling } from '../FrameHold';
import { MathProvider } from '../MathProvider';
import { RenderCacheProvider } from '../renderCache';
import { EditorCell, type CellHandlers } from './EditorCell';
import { HighlighterProvider } from '../../components/highlight/HighlightedSource';
import type { NotebookCommandId } from '../../../commands/notebook/registry/registry';
import type { Selection } from '../../../model/notebookDoc/selection';
import { useWarmRenders } from './useWarmRenders';
import type { TypedCell } from './cellText';
import { useVirtualRows } from '../../components/useVirtualRows';

export interface EditorCellsProps {
  notebook: Nbformat45;
  /** The doc's version that gives `notebook` (its lastEditSeq): the active cell's editor merges by it. */
  version: number;
  view: RunView | null;
  selection: Selection;
  mode: 'command' | 'edit';
  /** Report: sources hidden (CSS), no active cell, nothing editable. */
  viewMode?: 'code' | 'report';
  onSelect: (id: string, event: MouseEvent, edit: boolean) => void;
  onTyped: (id: string, typed: TypedCell) => void;
  onCommand: (command: NotebookCommandId, at?: { text: string; offset: number }) => void;
  onKeyDown: (event: KeyboardEvent) => void;
  onRun: (id: string) => void;
  onAbort: (id: string) => void;
  onPlace: (id: string, place: CellSqlPlace) => void;
  /** The list's scrolling element: command mode keeps the focus there. */
  scroller: RefObject<HTMLDivElement | null>;
}

/**
 * Handlers that stay the same object for the life of the list and call the latest props: the cells
 * are memoized, so scrolling renders only the cells that come into view.
 */
function useStableHandlers(props: EditorCellsProps): CellHandlers {
  const latest = useRef(props);
  useEffect(() => {
    latest.current = props;
  });
  return useMemo(
    () => ({
      select: (id, event, edit) => latest.current.onSelect(id, event, edit),
      typed: (id, typed) => latest.current.onTyped(id, typed),
      command: (command, at) => latest.current.onCommand(command, at),
      run: (id) => latest.current.onRun(id),
      abort: (id) => latest.current.onAbort(id),
      place: (id, place) => latest.current.onPlace(id, place),
    }),
    [],
  );
}

/** Nothing shown: the cells' renders made ahead in idle time, inside the list's providers. */
function WarmRenders({ cells }: { cells: Nbformat45['cells'] }) {
  useWarmRenders(cells);
  return null;
}

/** The cells in a virtualized list: only those near the viewport are in the DOM (1,000-cell notebooks). */
export function EditorCells(props: EditorCellsProps) {
  const { notebook, version, view, selection, mode, viewMode = 'code', onKeyDown, scroller } = props;
  const cells = notebook.cells;
  const code = viewMode === 'code';
  const handlers = useStableHandlers(props);
  const scrolling = useScrolling(scroller);
  const virtualizer = useVirtualRows(scroller, { count: cells.length, size: 72, overscan: 6, itemKey: (index) => cells[index].id });
  return (
    <MathProvider>
      <FrameHoldProvider scrolling={scrolling}>
        <RenderCacheProvider>
          <HighlighterProvider>
            <WarmRenders cells={cells} />
            <div ref={scroller} className="nb-scroller" tabIndex={0} role="region" aria-label="Cells" onKeyDown={onKeyDown} data-mode={mode} data-view={viewMode}>
              <div className="nb-virtual" style={{ height: virtualizer.getTotalSize() }}>
                {virtualizer.getVirtualItems().map((item) => {
                  const cell = cells[item.index];
                  const active = code && selection.active === cell.id;
                  return (
                    <div key={item.key} ref={virtualizer.measureElement} data-index={item.index} className="nb-row" style={{ transform: `translateY(${item.start}px)` }}>
                      <EditorCell
                        cell={cell}
                        index={item.index}
                        run={view?.cells[cell.id]}
                        active={active}
                        version={active ? version : 0}
                        selected={selection.selected.includes(cell.id)}
                        editing={code && mode === 'edit' && selection.active === cell.id}
                        on={handlers}
                      />
                    </div>
                  );
                })}
              </div>
            </div>
          </HighlighterProvider>
        </RenderCacheProvider>
      </FrameHoldProvider>
    </MathProvider>
  );
}
