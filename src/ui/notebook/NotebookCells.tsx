import { useState } from 'react';
import type { Cell, CodeCell, MarkdownCell, Nbformat45 } from '../../model/nbformat/types';
import { mayHaveMath } from './math';
import { MathProvider, useTex } from './MathProvider';
import { OutputArea, scrolledOf } from './OutputArea';
import { markdownHtml } from './render';

const prompt = (count: number | null) => `[${count ?? ' '}]`;

function CodeCellView({ cell }: { cell: CodeCell }) {
  const [scrolled, setScrolled] = useState(() => scrolledOf(cell.metadata));
  return (
    <div className="nb-code">
      <div className="nb-input">
        <span className="nb-prompt" aria-label="Execution count">
          {prompt(cell.execution_count)}
        </span>
        <pre className="nb-source">
          <code>{cell.source}</code>
        </pre>
      </div>
      <OutputArea outputs={cell.outputs} scrolled={scrolled} onToggleScrolled={() => setScrolled(!scrolled)} />
    </div>
  );
}

function MarkdownCellView({ cell }: { cell: MarkdownCell }) {
  const tex = useTex(mayHaveMath(cell.source));
  return <div className="nb-markdown" dangerouslySetInnerHTML={{ __html: markdownHtml(cell.source, cell.attachments, tex) }} />;
}

function CellView({ cell }: { cell: Cell }) {
  switch (cell.cell_type) {
    case 'code':
      return <CodeCellView cell={cell} />;
    case 'markdown':
      return <MarkdownCellView cell={cell} />;
    case 'raw':
      return <pre className="nb-raw">{cell.source}</pre>;
  }
}

/** A notebook's cells in order, read-only. */
export function NotebookCells({ notebook }: { notebook: Nbformat45 }) {
  return (
    <MathProvider>
      <ol className="nb-cells">
        {notebook.cells.map((cell) => (
          <li key={cell.id} className={`nb-cell nb-cell-${cell.cell_type}`} data-cell-type={cell.cell_type}>
            <CellView cell={cell} />
          </li>
        ))}
      </ol>
    </MathProvider>
  );
}
