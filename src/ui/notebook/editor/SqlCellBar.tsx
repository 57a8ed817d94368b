import { createContext, useContext } from 'react';
import type { BiDatabase } from '../../../../contracts/biCatalog';
import { NOTEBOOK_DATABASE_ID } from '../../../../contracts/kernels';
import type { WarehousePlaces } from '../../../commands/kernels/kernels';
import type { CellSqlPlace } from '../../../model/nbformat/sqlPlace';
import { metadataKeys } from '../../../commands/catalog/watch';
import { useMetadata } from '../../sql/useMetadata';

/** The warehouse's databases and schemas, given by the editor page to its SQL cells. */
export const WarehouseContext = createContext<WarehousePlaces | null>(null);

/** A SQL cell's database and schema pickers (SQL Lab's), above its text. */
export function SqlCellBar({ place, onPlace, index }: { place: CellSqlPlace | null; onPlace: (place: CellSqlPlace) => void; index: number }) {
  const { databases, databaseId, schemas } = usePlaces(place);
  const known = databases ?? (place ? [{ id: place.databaseId, database_name: `Database ${place.databaseId}` }] : []);
  const schemaList = schemas ?? (place?.schema ? [place.schema] : []);
  return (
    <div className="nb-sql-bar" onClick={(event) => event.stopPropagation()}>
      <span className="nb-sql-tag">SQL</span>
      <select className="nb-select" aria-label={`Database of cell ${index + 1}`} value={databaseId ?? ''} onChange={(event) => onPlace({ databaseId: Number(event.target.value), schema: null })}>
        {known.map((database) => (
          <option key={database.id} value={database.id}>
            {database.database_name}
          </option>
        ))}
      </select>
      <select
        className="nb-select"
        aria-label={`Schema of cell ${index + 1}`}
        value={place?.schema ?? ''}
        disabled={databaseId === null}
        onChange={(event) => databaseId !== null && onPlace({ databaseId, schema: event.target.value || null })}
      >
        <option value="">Default schema</option>
        {schemaList.map((schema) => (
          <option key={schema} value={schema}>
            {schema}
          </option>
        ))}
      </select>
    </div>
  );
}

const NO_WATCH = { watchMetadata: async () => {} };

/**
 * The databases and the chosen one's schemas, asked of the sync worker and read live (SQL Lab's
 * schema panel's road). Offline with nothing kept they stay null: the pickers keep what the cell names.
 */
function usePlaces(place: CellSqlPlace | null) {
  const warehouse = useContext(WarehouseContext);
  const watcher = warehouse ?? NO_WATCH;
  const databases = useMetadata<BiDatabase[]>(watcher, warehouse ? metadataKeys.databases() : null).value;
  const databaseId = place?.databaseId ?? (databases ? NOTEBOOK_DATABASE_ID : null);
  const schemas = useMetadata<string[]>(watcher, warehouse && databaseId !== null ? metadataKeys.schemas(databaseId) : null).value;
  return { databases, databaseId, schemas };
}
