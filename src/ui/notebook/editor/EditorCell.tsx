import { Play, Square } from 'lucide-react';
import { lazy, memo, Suspense, useCallback, useRef, useState, type MouseEvent } from 'react';
import type { CellRunView } from '../../../commands/notebook/run';
import { cellTypeOf } from '../../../model/notebookDoc/edits';
import type { Cell, CodeCell } from '../../../model/nbformat/types';
import { mayHaveMath } from '../math';
import { useTex } from '../MathProvider';
import { OutputArea, scrolledOf } from '../OutputArea';
import { cachedMarkdown, useRenderCache } from '../renderCache';
import { sqlPlaceOf, type CellSqlPlace } from '../../../model/nbformat/sqlPlace';
import { cellLanguage, HighlightedSource } from '../../components/highlight/HighlightedSource';
import type { NotebookCommandId } from '../../../commands/notebook/registry/registry';
import { SqlCellBar } from './SqlCellBar';
import { useSqlCellComplete } from './useSqlCellComplete';
import type { TypedCell } from './cellText';

const CellEditor = lazy(() => import('./CellEditor'));

/** What a cell tells the list, naming itself (the same object for every cell, so cells can be memoized). */
export interface CellHandlers {
  select: (id: string, event: MouseEvent, edit: boolean) => void;
  typed: (id: string, typed: TypedCell) => void;
  command: (command: NotebookCommandId, at: { text: string; offset: number }) => void;
  run: (id: string) => void;
  abort: (id: string) => void;
  place: (id: string, place: CellSqlPlace) => void;
}

export interface EditorCellProps {
  cell: Cell;
  index: number;
  /** The doc's version (the active cell's editor merges by it; 0 for the others, so they stay memoized). */
  version: number;
  run: CellRunView | undefined;
  active: boolean;
  selected: boolean;
  editing: boolean;
  on: CellHandlers;
}

const ACTIVE = new Set(['queued', 'running']);

function prompt(cell: CodeCell, run: CellRunView | undefined): string {
  if (run && ACTIVE.has(run.state)) return '[*]';
  return `[${cell.execution_count ?? ' '}]`;
}

/** The cell's text without its editor: same font and line height, so mounting the editor moves nothing. */
function PlainSource({ cell, language }: { cell: Cell; language: string }) {
  const tex = useTex(cell.cell_type === 'markdown' && mayHaveMath(cell.source));
  const cache = useRenderCache();
  if (cell.cell_type === 'markdown' && cell.source.trim()) return <div className="nb-markdown" dangerouslySetInnerHTML={{ __html: cachedMarkdown(cache, cell.source, tex, cell.attachments) }} />;
  // A raw cell's language is plaintext: its text as it is, long lines folded as in code.
  return <HighlightedSource source={cell.source} language={language} />;
}

/** The cell's own Run, or Stop while it is queued or running (then it shows always). */
function RunButton({ running, onRun, onAbort, index }: { running: boolean; onRun: () => void; onAbort: () => void; index: number }) {
  const label = running ? `Stop cell ${index + 1}` : `Run cell ${index + 1}`;
  return (
    <button
      type="button"
      className={`icon-button nb-cell-run${running ? ' nb-stop' : ''}`}
      aria-label={label}
      title={running ? 'Stop (a queued cell leaves the queue)' : 'Run this cell'}
      onClick={(event) => {
        event.stopPropagation();
        if (running) onAbort();
        else onRun();
      }}
    >
      {running ? <Square size={14} aria-hidden="true" /> : <Play size={14} aria-hidden="true" />}
    </button>
  );
}

/** A code cell's prompt and its own Run/Stop; an empty prompt for the others. */
function Gutter({ cell, run, index, on }: Pick<EditorCellProps, 'cell' | 'run' | 'index' | 'on'>) {
  if (cell.cell_type !== 'code') return <span className="nb-prompt" aria-hidden="true" />;
  return (
    <span className="nb-gutter">
      <span className="nb-prompt" aria-label="Execution count">
        {prompt(cell, run)}
      </span>
      <RunButton running={!!run && ACTIVE.has(run.state)} onRun={() => on.run(cell.id)} onAbort={() => on.abort(cell.id)} index={index} />
    </span>
  );
}

/** One cell of the editor: prompt, source (CodeMirror while it is the active cell), outputs. */
export const EditorCell = memo(function EditorCell({ cell, index, version, run, active, selected, editing, on }: EditorCellProps) {
  const onSelect = (event: MouseEvent, edit: boolean) => on.select(cell.id, event, edit);
  const [scrolled, setScrolled] = useState(() => scrolledOf(cell.metadata));
  /** Where the text shown without an editor was clicked: the editor's cursor starts there (taken once, at its mount). */
  const clickedAt = useRef<{ x: number; y: number } | null>(null);
  const takeClick = useCallback(() => {
    const point = clickedAt.current;
    clickedAt.current = null;
    return point;
  }, []);
  const type = cellTypeOf(cell);
  const editable = active && (cell.cell_type === 'code' || editing);
  // Rendered markdown answers a click as a page does (links work); a double click or Enter edits it, as in JupyterLab.
  const rendered = cell.cell_type === 'markdown' && !editable;
  const language = cellLanguage(type);
  const place = type === 'sql' ? sqlPlaceOf(cell) : null;
  const complete = useSqlCellComplete(editable && type === 'sql', place);
  // A run's outputs until the document holds them (recorded at done, with the run's count).
  const fromRun = run && run.state !== 'idle' && (ACTIVE.has(run.state) || run.runningNumber !== (cell.cell_type === 'code' ? cell.execution_count : null));
  const outputs = fromRun ? run.outputs : cell.cell_type === 'code' ? cell.outputs : [];
  return (
    <div
      className={`nb-edit-cell${active ? ' nb-active' : ''}${selected ? ' nb-selected' : ''}${editing && active ? ' nb-editing' : ''}`}
      data-cell-type={type}
      data-cell-index={index}
      data-run-state={run?.state ?? 'idle'}
      data-selected={selected}
      role="group"
      aria-label={`Cell ${index + 1}`}
      onClick={(event) => onSelect(event, false)}
      onDoubleClick={(event) => onSelect(event, true)}
    >
      <div className="nb-input">
        <Gutter cell={cell} run={run} index={index} on={on} />
        <div className="nb-source-col">
          {type === 'sql' && <SqlCellBar place={place} onPlace={(place) => on.place(cell.id, place)} index={index} />}
          <div
            className="nb-source-box"
            onClick={(event) => {
              if (event.ctrlKey || event.metaKey || event.shiftKey || rendered) return;
              clickedAt.current = editable ? null : { x: event.clientX, y: event.clientY };
              onSelect(event, true);
            }}
          >
            {editable ? (
              <Suspense fallback={<PlainSource cell={cell} language={language} />}>
                <CellEditor value={cell.source} version={version} language={language} onTyped={(typed) => on.typed(cell.id, typed)} onCommand={on.command} focused={editing} label={`Cell ${index + 1}`} takeClick={takeClick} complete={complete} />
              </Suspense>
            ) : (
              <PlainSource cell={cell} language={language} />
            )}
          </div>
        </div>
      </div>
      {/* Its first line: a failure's traceback is in the outputs already, in colour. */}
      {run?.output && !ACTIVE.has(run.state) && <p className="nb-run-message">{run.output.split('\n')[0]}</p>}
      <OutputArea outputs={outputs} scrolled={scrolled} onToggleScrolled={() => setScrolled(!scrolled)} />
    </div>
  );
});
