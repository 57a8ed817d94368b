import { lazy, Suspense, useState, type MouseEvent } from 'react';
import type { CellRunView } from '../../../commands/notebookRun';
import { cellTypeOf } from '../../../notebook/edits';
import type { Cell, CodeCell } from '../../../notebook/types';
import { mayHaveMath } from '../math';
import { useTex } from '../MathProvider';
import { OutputArea, scrolledOf } from '../OutputArea';
import { markdownHtml } from '../render';
import type { NotebookCommand } from './keys';

const CellEditor = lazy(() => import('./CellEditor'));

export interface EditorCellProps {
  cell: Cell;
  index: number;
  run: CellRunView | undefined;
  active: boolean;
  selected: boolean;
  editing: boolean;
  onSelect: (event: MouseEvent, edit: boolean) => void;
  onText: (text: string) => void;
  onCommand: (command: NotebookCommand, at: { text: string; offset: number }) => void;
}

const ACTIVE = new Set(['queued', 'running']);

function prompt(cell: CodeCell, run: CellRunView | undefined): string {
  if (run && ACTIVE.has(run.state)) return '[*]';
  return `[${cell.execution_count ?? ' '}]`;
}

/** The cell's text without Monaco: same font and line height, so mounting the editor moves nothing. */
function PlainSource({ cell }: { cell: Cell }) {
  const tex = useTex(cell.cell_type === 'markdown' && mayHaveMath(cell.source));
  if (cell.cell_type === 'markdown' && cell.source.trim()) return <div className="nb-markdown" dangerouslySetInnerHTML={{ __html: markdownHtml(cell.source, cell.attachments, tex) }} />;
  return (
    <pre className="nb-plain">
      <code>{cell.source || ' '}</code>
    </pre>
  );
}

/** One cell of the editor: prompt, source (Monaco while it is the active cell), outputs. */
export function EditorCell({ cell, index, run, active, selected, editing, onSelect, onText, onCommand }: EditorCellProps) {
  const [scrolled, setScrolled] = useState(() => scrolledOf(cell.metadata));
  const type = cellTypeOf(cell);
  const monaco = active && (cell.cell_type === 'code' || editing);
  const language = type === 'sql' ? 'sql' : type === 'code' ? 'python' : type === 'markdown' ? 'markdown' : 'plaintext';
  // A run's outputs until the document holds them (recorded at done, with the run's count).
  const fromRun = run && run.state !== 'idle' && run.runningNumber !== (cell.cell_type === 'code' ? cell.execution_count : null);
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
        {cell.cell_type === 'code' ? (
          <span className="nb-prompt" aria-label="Execution count">
            {prompt(cell, run)}
          </span>
        ) : (
          <span className="nb-prompt" aria-hidden="true" />
        )}
        <div className="nb-source-box" onClick={(event) => !event.ctrlKey && !event.metaKey && !event.shiftKey && onSelect(event, true)}>
          {monaco ? (
            <Suspense fallback={<PlainSource cell={cell} />}>
              <CellEditor value={cell.source} language={language} onText={onText} onCommand={onCommand} focused={editing} label={`Cell ${index + 1}`} />
            </Suspense>
          ) : (
            <PlainSource cell={cell} />
          )}
        </div>
      </div>
      {/* Its first line: a failure's traceback is in the outputs already, in colour. */}
      {run?.output && !ACTIVE.has(run.state) && <p className="nb-run-message">{run.output.split('\n')[0]}</p>}
      <OutputArea outputs={outputs} scrolled={scrolled} onToggleScrolled={() => setScrolled(!scrolled)} />
    </div>
  );
}
