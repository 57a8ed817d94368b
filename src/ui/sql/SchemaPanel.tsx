import { ChevronDown, ChevronRight, Table2, Eye } from 'lucide-react';
import { useState } from 'react';
import type { BiDatabase, TableMetadata, TableOption } from '../../../contracts/biCatalog';
import { metadataKeys } from '../../commands/catalog/watch';
import type { SqlLab } from '../../commands/sql/lab';
import { useMetadata } from './useMetadata';

export interface SchemaPanelProps {
  lab: SqlLab;
  databaseId: number | null;
  schema: string | null;
  onLocation: (databaseId: number, schema: string | null) => void;
  /** The user picked a table's "select star" statement to open. */
  onQueryTable: (sql: string) => void;
}

/** Database and schema pickers, and the schema's tables with their columns (SQL Lab's left panel). */
export function SchemaPanel({ lab, databaseId, schema, onLocation, onQueryTable }: SchemaPanelProps) {
  const databases = useMetadata<BiDatabase[]>(lab, metadataKeys.databases());
  const schemas = useMetadata<string[]>(lab, databaseId === null ? null : metadataKeys.schemas(databaseId));
  const tables = useMetadata<TableOption[]>(lab, databaseId === null || !schema ? null : metadataKeys.tables(databaseId, schema));
  const [filter, setFilter] = useState('');
  const shown = (tables.value ?? []).filter((t) => t.value.toLowerCase().includes(filter.toLowerCase()));

  return (
    <aside className="sql-schema-panel" aria-label="Database and tables">
      <label className="field">
        <span>Database</span>
        <select value={databaseId ?? ''} onChange={(e) => onLocation(Number(e.target.value), null)} aria-label="Database">
          {databaseId === null && <option value="">Choose a database</option>}
          {(databases.value ?? []).map((db) => (
            <option key={db.id} value={db.id}>
              {db.database_name}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span>Schema</span>
        <select value={schema ?? ''} disabled={databaseId === null} onChange={(e) => databaseId !== null && onLocation(databaseId, e.target.value || null)} aria-label="Schema">
          <option value="">Default</option>
          {(schemas.value ?? []).map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </label>
      {databases.error && <p className="form-error">{databases.error}</p>}
      {databaseId !== null && !schema && (
        <p className="muted small" role="note">
          Choose a schema to list its tables. Queries on the default schema name other schemas' tables in full (e.g. gaming.bet_report).
        </p>
      )}
      {schema && (
        <>
          <input className="sql-table-filter" placeholder="Filter tables" aria-label="Filter tables" value={filter} onChange={(e) => setFilter(e.target.value)} />
          {tables.error && <p className="form-error">{tables.error}</p>}
          {tables.loading && <p className="muted small">Loading tables…</p>}
          <ul className="sql-table-list" aria-label={`Tables in ${schema}`}>
            {shown.map((table) => (
              <TableItem key={table.value} lab={lab} databaseId={databaseId as number} schema={schema} table={table} onQueryTable={onQueryTable} />
            ))}
          </ul>
        </>
      )}
    </aside>
  );
}

function TableItem({ lab, databaseId, schema, table, onQueryTable }: { lab: SqlLab; databaseId: number; schema: string; table: TableOption; onQueryTable: (sql: string) => void }) {
  const [open, setOpen] = useState(false);
  const details = useMetadata<TableMetadata>(lab, open ? metadataKeys.table(databaseId, schema, table.value) : null);
  return (
    <li>
      <div className="sql-table-row">
        <button type="button" className="sql-table-toggle" aria-expanded={open} onClick={() => setOpen(!open)} title={table.extra?.comment ?? table.value}>
          {open ? <ChevronDown size={14} aria-hidden="true" /> : <ChevronRight size={14} aria-hidden="true" />}
          {table.type === 'view' ? <Eye size={14} aria-hidden="true" /> : <Table2 size={14} aria-hidden="true" />}
          <span>{table.value}</span>
        </button>
        {details.value && (
          <button type="button" className="link-button small" onClick={() => onQueryTable(details.value?.selectStar ?? '')} title="Open SELECT * in the editor">
            Query
          </button>
        )}
      </div>
      {open && (
        <ul className="sql-column-list">
          {details.loading && <li className="muted">Loading columns…</li>}
          {details.error && <li className="form-error">{details.error}</li>}
          {details.value?.columns.map((column) => (
            <li key={column.name} title={column.comment ?? undefined}>
              <span>{column.name}</span> <span className="muted">{column.type}</span>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
