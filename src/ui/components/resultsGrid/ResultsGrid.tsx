import { Copy, Download } from 'lucide-react';
import { useCallback, useMemo } from 'react';
import type { Cell, ResultColumn } from '../../../../contracts/bi';
import { useStoredFlag } from '../../hooks/useStoredFlag';
import { csvBlob, csvFileName, toCsv } from './csv';
import { copyText, downloadFile } from '../fileActions';
import { estimateColumnWidths, formatCount, formatElapsed, formatRowCount, METRICS } from './gridModel';
import { GridView } from './GridView';
import type { ViewportSize } from '../useVirtualRows';
import { columnDecimals } from './numberFormat';
import './resultsGrid.css';
import { nextSort, sortOrder, type SortState } from './sortRows';
import { useKeyedState } from './useKeyedState';

export interface ResultsGridProps {
  columns: ResultColumn[];
  rows: Record<string, Cell>[];
  /** How long the query took, or null when unknown. */
  elapsedMs: number | null;
  /** The result was cut at the row limit. */
  limited: boolean;
  /** Name of the downloaded CSV (".csv" is added when missing). */
  fileName: string;
  /**
   * The size assumed before the grid is measured, for server rendering and tests; in the browser the
   * grid measures itself before its first paint, so this is not needed there.
   */
  initialSize?: ViewportSize;
}

interface ToolbarProps {
  count: number;
  limited: boolean;
  elapsedMs: number | null;
  onCopyAll: () => void;
  onDownload: () => void;
  /** CSV exports neutralise formulas (see csv.ts); the user may turn it off. */
  safeCsv: boolean;
  onSafeCsv: (value: boolean) => void;
}

/** Where the CSV formula choice is remembered (per browser). */
const SAFE_CSV_KEY = 'console.csv.escapeFormulas';

function ResultsToolbar({ count, limited, elapsedMs, onCopyAll, onDownload, safeCsv, onSafeCsv }: ToolbarProps) {
  const elapsed = formatElapsed(elapsedMs);
  return (
    <div className="rg-toolbar">
      <span className="rg-count" role="status" title={limited ? 'The result was cut at the row limit' : undefined}>
        {formatRowCount(count, limited)}
      </span>
      {elapsed && <span className="rg-elapsed muted" title="Query time">{elapsed}</span>}
      <span className="toolbar-spacer" />
      <label className="rg-safe-csv" title="Cells starting with =, +, -, @, a tab or a line break get a leading ' so spreadsheets do not run them as formulas">
        <input type="checkbox" checked={safeCsv} onChange={(event) => onSafeCsv(event.target.checked)} /> Escape formulas
      </label>
      <button type="button" className="button small" onClick={onCopyAll} disabled={count === 0}>
        <Copy size={14} aria-hidden="true" /> Copy as CSV
      </button>
      <button type="button" className="button small" onClick={onDownload}>
        <Download size={14} aria-hidden="true" /> Download CSV
      </button>
    </div>
  );
}

function ResultsTable({ columns, rows, elapsedMs, limited, fileName, initialSize }: ResultsGridProps) {
  const [sort, setSort] = useKeyedState<SortState | null>(rows, null);
  const sortColumn = sort ? columns[sort.column] : undefined;
  // Sorting 100,000 rows takes some ms: done once per sort change, not per render.
  const order = useMemo(() => (sort && sortColumn ? sortOrder(rows, sortColumn, sort.direction) : null), [rows, sort, sortColumn]);
  // One number format per column, from its type or its values: a column's numbers line up.
  const decimals = useMemo(() => columns.map((column) => columnDecimals(column, rows)), [columns, rows]);
  const estimated = useMemo(() => estimateColumnWidths(columns, rows, METRICS, decimals), [columns, rows, decimals]);
  const [widths, setWidths] = useKeyedState(estimated, estimated);

  const onResize = useCallback(
    (col: number, width: number) => setWidths((current) => (current[col] === width ? current : current.map((w, i) => (i === col ? width : w)))),
    [setWidths],
  );
  const onSort = useCallback((col: number) => setSort((current) => nextSort(current, col)), [setSort]);
  const [safeCsv, setSafeCsv] = useStoredFlag(SAFE_CSV_KEY, true);
  // Exports follow what the user sees: the displayed (sorted) order.
  const csv = () => toCsv(columns, rows, order, { neutralize: safeCsv });
  const onCopyAll = () => void copyText(csv(), `${formatCount(rows.length)} rows as CSV`);
  const onDownload = () => downloadFile(csvBlob(csv()), csvFileName(fileName));

  return (
    <div className="rg">
      <ResultsToolbar
        count={rows.length}
        limited={limited}
        elapsedMs={elapsedMs}
        onCopyAll={onCopyAll}
        onDownload={onDownload}
        safeCsv={safeCsv}
        onSafeCsv={setSafeCsv}
      />
      <GridView columns={columns} rows={rows} order={order} widths={widths} onResize={onResize} sort={sort} onSort={onSort} onCopyAll={onCopyAll} decimals={decimals} initialSize={initialSize} />
    </div>
  );
}

/**
 * The SQL workbench's results: a virtualized grid (sort, resize, select, copy) with the row count,
 * the query time and CSV export. Pure presentation: it gets the result as props and does no I/O
 * besides the clipboard and the download.
 */
export function ResultsGrid(props: ResultsGridProps) {
  if (props.columns.length === 0) {
    return (
      <div className="rg rg-empty" role="status">
        No results
      </div>
    );
  }
  return <ResultsTable {...props} />;
}
