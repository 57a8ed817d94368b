import { ulid } from 'ulid';
import { toast } from 'sonner';
import type { SqlLab } from '../../sync/sqlLab';
import type { SaveQueryValues } from './SaveQueryDialog';

export const SAVE_SUCCESS_MESSAGE = 'Query saved successfully!';
export const SAVE_FAILED_MESSAGE = 'Error: Could not save the query.';

/** Saves a query (queued by the service worker when the server cannot be reached) and says how it went. */
export async function saveQuery(lab: SqlLab, input: SaveQueryValues & { sql: string; databaseId: number | null }): Promise<void> {
  if (input.databaseId === null) {
    toast.error(SAVE_FAILED_MESSAGE);
    return;
  }
  try {
    const result = await lab.api.createSavedQuery(
      {
        db_id: input.databaseId,
        label: input.label,
        sql: input.sql,
        description: input.description || null,
        catalog: input.catalog || null,
        schema: input.schema || null,
      },
      { key: ulid(), label: `Save query ${input.label}` },
    );
    if (result.queued) toast.info('Saved on this device. The query is saved to the server when it is back.');
    else toast.success(SAVE_SUCCESS_MESSAGE);
  } catch {
    toast.error(SAVE_FAILED_MESSAGE);
  }
}
