import { lazy, Suspense } from 'react';
import type { Cell, ResultColumn } from '../../../contracts/bi';
import type { Json } from '../../model/nbformat/types';

export const DATA_RESOURCE = 'application/vnd.dataresource+json';

const ResultsGrid = lazy(async () => ({ default: (await import('../components/resultsGrid/ResultsGrid')).ResultsGrid }));

/** The grid's toolbar, header and one row per result row (ROW_HEIGHT / HEADER_HEIGHT of the grid), up to a cap. */
const GRID_CHROME_PX = 80;
const ROW_PX = 28;
const MAX_PX = 380;

interface Table {
  columns: ResultColumn[];
  rows: Record<string, Cell>[];
}

/** A Frictionless data resource (JupyterLab's table mime type) as the grid's columns and rows, or null when it is not one. */
export function tableOf(value: Json | undefined): Table | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const { schema, data } = value;
  const fields = schema && typeof schema === 'object' && !Array.isArray(schema) ? schema.fields : undefined;
  if (!Array.isArray(fields) || !Array.isArray(data)) return null;
  const columns: ResultColumn[] = [];
  for (const field of fields) {
    if (!field || typeof field !== 'object' || Array.isArray(field) || typeof field.name !== 'string') return null;
    const type = typeof field.type === 'string' ? field.type : '';
    columns.push({ column_name: field.name, name: field.name, type, is_dttm: /date|time/i.test(type) });
  }
  if (!data.every((row) => row && typeof row === 'object' && !Array.isArray(row))) return null;
  return { columns, rows: data as Record<string, Cell>[] };
}

/** A SQL cell's result (or any data resource) in SQL Lab's grid: sort, select, copy, CSV download. */
export function DataGrid({ table }: { table: Table }) {
  const height = Math.min(MAX_PX, GRID_CHROME_PX + ROW_PX * Math.max(table.rows.length, 1));
  return (
    <div className="nb-grid" style={{ height }}>
      <Suspense fallback={<p className="muted">Loading the grid…</p>}>
        <ResultsGrid columns={table.columns} rows={table.rows} elapsedMs={null} limited={false} fileName="notebook-result" />
      </Suspense>
    </div>
  );
}
