import { EyeOff, Redo2, Undo2 } from 'lucide-react';
import type { CatalogNode } from '../../model/catalog/types';
import type { useCatalogTree } from './useCatalog';

const CHILD_ACTION: Record<CatalogNode['type'], { label: string; noun: string } | null> = {
  catalog: { label: 'New schema', noun: 'schema' },
  schema: { label: 'Add table', noun: 'table' },
  table: { label: 'Add column', noun: 'column' },
  column: null,
};

/** What adding a child to a node of this type is called (null: a column has none). */
export function childActionOf(type: CatalogNode['type']) {
  return CHILD_ACTION[type];
}

interface Props {
  selected: CatalogNode | null;
  undo: ReturnType<typeof useCatalogTree>['undo'];
  onAddChild: (parent: CatalogNode) => void;
  onRename: (node: CatalogNode) => void;
  onRemove: (node: CatalogNode) => void;
  onUndo: () => void;
  onRedo: () => void;
}

/**
 * The local edits. On a node the warehouse has, they change this browser's view only, and the
 * buttons say so ("Hide in this browser", not "Delete"), so nobody thinks a table was dropped.
 */
export function CatalogToolbar({ selected, undo, onAddChild, onRename, onRemove, onUndo, onRedo }: Props) {
  const child = selected && CHILD_ACTION[selected.type];
  const inWarehouse = selected !== null && !selected.created;
  return (
    <div className="catalog-toolbar-wrap">
      <div className="catalog-toolbar" role="toolbar" aria-label="Catalog actions">
        {selected && child && (
          <button type="button" className="button small" onClick={() => onAddChild(selected)}>
            {child.label}
          </button>
        )}
        {selected && (
          <>
            <button type="button" className="button small" onClick={() => onRename(selected)}>
              {inWarehouse ? 'Rename in this browser' : 'Rename'}
            </button>
            {inWarehouse ? (
              <button type="button" className="button small" onClick={() => onRemove(selected)} title="Leaves the warehouse unchanged; Undo shows it again">
                <EyeOff size={14} aria-hidden="true" /> Hide in this browser
              </button>
            ) : (
              <button type="button" className="button small danger" onClick={() => onRemove(selected)}>
                Delete
              </button>
            )}
          </>
        )}
        <button type="button" className="button small" onClick={onUndo} disabled={!undo?.canUndo} title={undo?.undoLabel ? `Undo: ${undo.undoLabel}` : 'Nothing to undo'}>
          <Undo2 size={14} aria-hidden="true" /> Undo
        </button>
        <button type="button" className="button small" onClick={onRedo} disabled={!undo?.canRedo} title={undo?.redoLabel ? `Redo: ${undo.redoLabel}` : 'Nothing to redo'}>
          <Redo2 size={14} aria-hidden="true" /> Redo
        </button>
      </div>
      {selected && (
        <p className="catalog-note catalog-local-note">
          {inWarehouse
            ? 'Renames, hiding, owners and notes are kept in this browser only: the warehouse is not changed.'
            : `This ${selected.type} was created in this browser only; the warehouse does not have it.`}
        </p>
      )}
    </div>
  );
}
