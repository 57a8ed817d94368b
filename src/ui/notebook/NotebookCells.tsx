import type { Cell, CodeCell, Nbformat45 } from '../../notebook/types';
import { OutputView } from './Outputs';
import { markdownHtml } from './render';

const prompt = (count: number | null) => `[${count ?? ' '}]`;

function CodeCellView({ cell }: { cell: CodeCell }) {
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
      {cell.outputs.length > 0 && (
        <div className="nb-outputs" aria-label="Outputs">
          {cell.outputs.map((output, i) => (
            <OutputView key={i} output={output} />
          ))}
        </div>
      )}
    </div>
  );
}

function CellView({ cell }: { cell: Cell }) {
  switch (cell.cell_type) {
    case 'code':
      return <CodeCellView cell={cell} />;
    case 'markdown':
      return <div className="nb-markdown" dangerouslySetInnerHTML={{ __html: markdownHtml(cell.source, cell.attachments) }} />;
    case 'raw':
      return <pre className="nb-raw">{cell.source}</pre>;
  }
}

/** A notebook's cells in order, read-only. */
export function NotebookCells({ notebook }: { notebook: Nbformat45 }) {
  return (
    <ol className="nb-cells">
      {notebook.cells.map((cell) => (
        <li key={cell.id} className={`nb-cell nb-cell-${cell.cell_type}`} data-cell-type={cell.cell_type}>
          <CellView cell={cell} />
        </li>
      ))}
    </ol>
  );
}
