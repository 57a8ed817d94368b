import { useId, useState, type ReactNode } from 'react';
import type { TableMetadata, TablePreview } from '../../../contracts/biCatalog';
import type { CatalogNode } from '../../model/catalog/types';
import { ResultsGrid } from '../components/resultsGrid/ResultsGrid';

/** What the page knows of a table beyond the tree: its metadata and its first rows (each may still load or fail). */
export interface TableFacts {
  metadata: TableMetadata | null;
  preview: { data: TablePreview | null; error: string | null; loading: boolean };
}

interface Props {
  node: CatalogNode;
  facts: TableFacts | null;
  ownerChoices: readonly string[];
  canOpenInSql: boolean;
  onOpenInSql: (sql: string) => void;
  onSetOwner: (owner: string) => void;
  /** null clears the local note (the warehouse's comment shows again). */
  onSetDescription: (description: string | null) => void;
}

const TYPE_LABEL: Record<CatalogNode['type'], string> = { catalog: 'Catalog', schema: 'Schema', table: 'Table', column: 'Column' };

/** The note kept in this browser, if any: a warehouse node's description differs from the warehouse's own when one was saved. */
function localNote(node: CatalogNode): string {
  return node.created || node.description !== node.serverDescription ? (node.description ?? '') : '';
}

/**
 * The selected node: what it is, the owner and note kept in this browser (for a warehouse node, next
 * to what the warehouse says, never instead of it) and, for a table, its columns and first rows.
 */
export function NodeDetails({ node, facts, ownerChoices, canOpenInSql, onOpenInSql, onSetOwner, onSetDescription }: Props) {
  const inWarehouse = !node.created;
  const metadata = facts?.metadata ?? null;
  const columns = node.type === 'table' ? (metadata?.columns ?? node.children.map((c) => ({ name: c.name, type: c.detail ?? '', comment: c.description }))) : null;
  return (
    <section className="catalog-details" aria-label={`${TYPE_LABEL[node.type]} ${node.name}`}>
      <header className="catalog-details-head">
        <span className="catalog-kind">{TYPE_LABEL[node.type]}</span>
        <h2>{node.name}</h2>
        {node.local && <span className="catalog-local">{inWarehouse ? 'local edit' : 'local'}</span>}
      </header>
      <NodeFacts node={node} metadata={metadata} ownerChoices={ownerChoices} onSetOwner={onSetOwner} />
      <DescriptionEditor key={`${node.id}\n${localNote(node)}`} description={localNote(node)} inWarehouse={inWarehouse} onSave={onSetDescription} />
      {node.type === 'table' && metadata && <SelectStatement sql={metadata.selectStar} onOpenInSql={canOpenInSql ? onOpenInSql : null} />}
      {columns && <ColumnsTable columns={columns} />}
      {node.type === 'table' && facts && <Preview node={node} preview={facts.preview} />}
    </section>
  );
}

/** A term and its value in the facts list. */
function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </>
  );
}

function NodeFacts({ node, metadata, ownerChoices, onSetOwner }: Pick<Props, 'node' | 'ownerChoices' | 'onSetOwner'> & { metadata: TableMetadata | null }) {
  const ownerId = useId();
  const inWarehouse = !node.created;
  return (
    <dl className="catalog-facts">
      {node.schemaName && node.type !== 'schema' && <Fact term="Schema">{node.schemaName}</Fact>}
      {node.type === 'column' && <Fact term="Type">{node.detail ? <code>{node.detail}</code> : <span className="muted">Not set</span>}</Fact>}
      {node.type === 'table' && <Fact term="Rows">{metadata?.rowCount == null ? '—' : metadata.rowCount.toLocaleString('en-US')}</Fact>}
      {inWarehouse && <Fact term="Comment">{node.serverDescription || <span className="muted">None in the warehouse</span>}</Fact>}
      <dt>
        <label htmlFor={ownerId}>{inWarehouse ? 'Local owner' : 'Owner'}</label>
      </dt>
      <dd>
        <select id={ownerId} value={node.owner ?? ''} onChange={(event) => event.target.value && onSetOwner(event.target.value)}>
          {node.owner === null && <option value="">Not set</option>}
          {ownerChoices.map((owner) => (
            <option key={owner} value={owner}>
              {owner}
            </option>
          ))}
        </select>
      </dd>
    </dl>
  );
}

function SelectStatement({ sql, onOpenInSql }: { sql: string; onOpenInSql: ((sql: string) => void) | null }) {
  return (
    <div className="catalog-sql">
      <div className="catalog-section-head">
        <h3>SELECT statement</h3>
        {onOpenInSql && (
          <button type="button" className="button small" onClick={() => onOpenInSql(sql)}>
            Open in SQL editor
          </button>
        )}
      </div>
      <pre>
        <code>{sql}</code>
      </pre>
    </div>
  );
}

function ColumnsTable({ columns }: { columns: { name: string; type: string; comment: string | null }[] }) {
  return (
    <div>
      <h3>Columns ({columns.length})</h3>
      <table className="data-table catalog-columns">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Type</th>
            <th scope="col">Comment</th>
          </tr>
        </thead>
        <tbody>
          {columns.map((column) => (
            <tr key={column.name}>
              <td>{column.name}</td>
              <td>{column.type ? <code>{column.type}</code> : <span className="muted">—</span>}</td>
              <td>{column.comment ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Preview({ node, preview }: { node: CatalogNode; preview: TableFacts['preview'] }) {
  return (
    <div className="catalog-preview">
      <h3>Preview</h3>
      {preview.loading && <p className="muted">Loading the first rows…</p>}
      {preview.error && (
        <p className="form-error" role="alert">
          Preview unavailable: {preview.error}
        </p>
      )}
      {preview.data && (
        <div className="catalog-preview-grid">
          <ResultsGrid columns={preview.data.columns} rows={preview.data.data} elapsedMs={null} limited={false} fileName={`${node.name}-preview`} />
        </div>
      )}
    </div>
  );
}

/**
 * The description, edited in place: Save appends one event; nothing is written while typing. Keyed by
 * the saved text, so another tab's edit resets it. On a warehouse node it is a local note beside the comment.
 */
function DescriptionEditor({ description, inWarehouse, onSave }: { description: string; inWarehouse: boolean; onSave: (description: string | null) => void }) {
  const [text, setText] = useState(description);
  const id = useId();
  const changed = text.trim() !== description.trim();
  return (
    <form
      className="catalog-description"
      onSubmit={(event) => {
        event.preventDefault();
        if (changed) onSave(inWarehouse && text.trim() === '' ? null : text.trim());
      }}
    >
      <label htmlFor={id}>{inWarehouse ? 'Local note' : 'Description'}</label>
      <textarea
        id={id}
        rows={3}
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={inWarehouse ? 'A note only this browser keeps; the warehouse comment stays as it is' : 'No description'}
      />
      <div className="catalog-description-actions">
        <button type="submit" className="button small" disabled={!changed}>
          {inWarehouse ? 'Save note' : 'Save description'}
        </button>
      </div>
    </form>
  );
}
