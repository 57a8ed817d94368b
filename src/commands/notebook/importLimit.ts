import { DEFAULT_UPLOAD_MAX_MB } from '../../../contracts/config';

/** The server takes notebook saves up to 32 MiB (server/notebook/routes.ts); the save carries the file as JSON text. */
export const MAX_IMPORT_BYTES = 30 * 1024 * 1024;

/** The largest notebook an import takes: the server's upload limit (/config.json), never more than one save carries. */
export function importLimit(uploadMaxBytes: number | undefined): number {
  const stated = typeof uploadMaxBytes === 'number' && Number.isFinite(uploadMaxBytes) && uploadMaxBytes > 0 ? uploadMaxBytes : DEFAULT_UPLOAD_MAX_MB * 1024 * 1024;
  return Math.min(stated, MAX_IMPORT_BYTES);
}
