import { useContext, useMemo } from 'react';
import { NOTEBOOK_DATABASE_ID } from '../../../../contracts/kernels';
import type { CellSqlPlace } from '../../../model/nbformat/sqlPlace';
import type { Complete } from '../../components/completion/completionSource';
import { completerFor } from '../../sql/useCompletions';
import { WarehouseContext } from './SqlCellBar';

/**
 * SQL Lab's completion for a SQL cell being edited, in the database and schema it runs in (the
 * warehouse's first database when it names none); null while it is not edited.
 */
export function useSqlCellComplete(editing: boolean, place: CellSqlPlace | null): Complete | null {
  const warehouse = useContext(WarehouseContext);
  const metadata = editing ? (warehouse?.metadata ?? null) : null;
  const databaseId = place?.databaseId ?? NOTEBOOK_DATABASE_ID;
  const schema = place?.schema ?? null;
  return useMemo(() => (metadata ? completerFor(metadata, databaseId, schema) : null), [metadata, databaseId, schema]);
}
