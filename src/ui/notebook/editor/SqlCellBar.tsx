import { createContext, useContext, useEffect, useState } from 'react';
import type { BiDatabase } from '../../../../contracts/bi';
import { NOTEBOOK_DATABASE_ID } from '../../../../contracts/kernels';
import type { WarehousePlaces } from '../../../commands/kernels';
import type { CellSqlPlace } from '../../../notebook/sqlPlace';

/** The warehouse's databases and schemas, given by the editor page to its SQL cells. */
export const WarehouseContext = createContext<WarehousePlaces | null>(null);

function useAnswer<T>(load: (() => Promise<T>) | null, key: string): T | null {
  const [answer, setAnswer] = useState<{ key: string; value: T } | null>(null);
  useEffect(() => {
    if (!load) return;
    let current = true;
    load().then(
      (value) => current && setAnswer({ key, value }),
      () => {}, // offline with nothing cached: the picker keeps what the cell names
    );
    return () => {
      current = false;
    };
    // The key says when to load again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return answer?.key === key ? answer.value : null;
}

/** A SQL cell's database and schema pickers (SQL Lab's), above its text. */
export function SqlCellBar({ place, onPlace, index }: { place: CellSqlPlace | null; onPlace: (place: CellSqlPlace) => void; index: number }) {
  const warehouse = useContext(WarehouseContext);
  const databases = useAnswer<BiDatabase[]>(warehouse && (() => warehouse.databases()), `db:${!!warehouse}`);
  const databaseId = place?.databaseId ?? (databases ? NOTEBOOK_DATABASE_ID : null);
  const schemas = useAnswer<string[]>(warehouse && databaseId !== null ? () => warehouse.schemas(databaseId) : null, `schemas:${databaseId}`);
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
