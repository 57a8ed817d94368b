import { useVirtualizer } from '@tanstack/react-virtual';
import type { KeyboardEvent, MouseEvent, RefObject } from 'react';
import type { RunView } from '../../../commands/notebookRun';
import type { CellSqlPlace } from '../../../notebook/sqlPlace';
import type { Nbformat45 } from '../../../notebook/types';
import { MathProvider } from '../MathProvider';
import { EditorCell } from './EditorCell';
import type { NotebookCommand } from './keys';
import type { Selection } from './selection';

export interface EditorCellsProps {
  notebook: Nbformat45;
  view: RunView | null;
  selection: Selection;
  mode: 'command' | 'edit';
  onSelect: (id: string, event: MouseEvent, edit: boolean) => void;
  onText: (id: string, text: string) => void;
  onCommand: (command: NotebookCommand, at?: { text: string; offset: number }) => void;
  onKeyDown: (event: KeyboardEvent) => void;
  onRun: (id: string) => void;
  onAbort: (id: string) => void;
  onPlace: (id: string, place: CellSqlPlace) => void;
  /** The list's scrolling element: command mode keeps the focus there. */
  scroller: RefObject<HTMLDivElement | null>;
}

/** The cells in a virtualized list: only those near the viewport are in the DOM (1,000-cell notebooks). */
export function EditorCells({ notebook, view, selection, mode, onSelect, onText, onCommand, onKeyDown, onRun, onAbort, onPlace, scroller }: EditorCellsProps) {
  const cells = notebook.cells;
  // The app does not run React Compiler; useVirtualizer re-renders this component itself on scroll.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: cells.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => 72,
    overscan: 6,
    getItemKey: (index) => cells[index].id,
  });
  return (
    <MathProvider>
      <div ref={scroller} className="nb-scroller" tabIndex={0} role="region" aria-label="Cells" onKeyDown={onKeyDown} data-mode={mode}>
        <div className="nb-virtual" style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((item) => {
            const cell = cells[item.index];
            return (
              <div key={item.key} ref={virtualizer.measureElement} data-index={item.index} className="nb-row" style={{ transform: `translateY(${item.start}px)` }}>
                <EditorCell
                  cell={cell}
                  index={item.index}
                  run={view?.cells[cell.id]}
                  active={selection.active === cell.id}
                  selected={selection.selected.includes(cell.id)}
                  editing={mode === 'edit' && selection.active === cell.id}
                  onSelect={(event, edit) => onSelect(cell.id, event, edit)}
                  onText={(text) => onText(cell.id, text)}
                  onCommand={onCommand}
                  onRun={() => onRun(cell.id)}
                  onAbort={() => onAbort(cell.id)}
                  onPlace={(place) => onPlace(cell.id, place)}
                />
              </div>
            );
          })}
        </div>
      </div>
    </MathProvider>
  );
}
