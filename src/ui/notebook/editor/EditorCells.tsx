import { useVirtualizer } from '@tanstack/react-virtual';
import type { KeyboardEvent, MouseEvent, RefObject } from 'react';
import type { RunView } from '../../../commands/notebookRun';
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
  /** Report: sources hidden (CSS), no active cell, nothing editable. */
  viewMode?: 'code' | 'report';
  onSelect: (id: string, event: MouseEvent, edit: boolean) => void;
  onText: (id: string, text: string) => void;
  onCommand: (command: NotebookCommand, at?: { text: string; offset: number }) => void;
  onKeyDown: (event: KeyboardEvent) => void;
  /** The list's scrolling element: command mode keeps the focus there. */
  scroller: RefObject<HTMLDivElement | null>;
}

/** The cells in a virtualized list: only those near the viewport are in the DOM (1,000-cell notebooks). */
export function EditorCells({ notebook, view, selection, mode, viewMode = 'code', onSelect, onText, onCommand, onKeyDown, scroller }: EditorCellsProps) {
  const cells = notebook.cells;
  const code = viewMode === 'code';
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
      <div ref={scroller} className="nb-scroller" tabIndex={0} role="region" aria-label="Cells" onKeyDown={onKeyDown} data-mode={mode} data-view={viewMode}>
        <div className="nb-virtual" style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((item) => {
            const cell = cells[item.index];
            return (
              <div key={item.key} ref={virtualizer.measureElement} data-index={item.index} className="nb-row" style={{ transform: `translateY(${item.start}px)` }}>
                <EditorCell
                  cell={cell}
                  index={item.index}
                  run={view?.cells[cell.id]}
                  active={code && selection.active === cell.id}
                  selected={selection.selected.includes(cell.id)}
                  editing={code && mode === 'edit' && selection.active === cell.id}
                  onSelect={(event, edit) => onSelect(cell.id, event, edit)}
                  onText={(text) => onText(cell.id, text)}
                  onCommand={onCommand}
                />
              </div>
            );
          })}
        </div>
      </div>
    </MathProvider>
  );
}
