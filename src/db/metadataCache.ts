import type { TableMetadata, TableOption } from '../../contracts/biCatalog';
import { parseNodeId } from '../model/catalog/tree';
import type { CatalogNode, CatalogNodeId } from '../model/catalog/types';
import type { BiMetadataRow } from '../model/cacheRows';
import type { ConsoleDb } from './schema';

/**
 * The BI metadata cache as one road: a screen asks for a key (wantMetadata: the row notes when),
 * the sync worker fetches what is wanted and writes the answers (or failures) here, and every
 * browser tab reads the rows with live queries. Keys: `databases`, `schemas/<db>`,
 * `tables/<db>/<schema>`, `table/<db>/<schema>/<table>`, names URI-encoded.
 */

/** Metadata younger than this is used without asking the server again. */
export const METADATA_FRESH_MS = 5 * 60 * 1000;

export const UNREACHABLE_MESSAGE = 'The server cannot be reached, and nothing is kept offline for this item.';

/** The id that stands for the list of catalogs (the databases), the tree's invisible root. */
export const CATALOG_ROOT: CatalogNodeId = '';

/** What a node's children are asked by: its id (the server's names) and its database. */
export type LoadTarget = Pick<CatalogNode, 'id' | 'pk' | 'created'>;

export const ROOT_TARGET: LoadTarget = { id: CATALOG_ROOT, pk: null, created: false };

export interface NodeLoadState {
  /** `error` only when nothing was ever answered; a failed refresh keeps `loaded` and sets `error`. */
  status: 'idle' | 'loading' | 'loaded' | 'error';
  /** A new answer is asked for while the last one shows. */
  refreshing: boolean;
  fetchedAt: number | null;
  /** The last answer shows because the server could not be reached. */
  stale: boolean;
  error: string | null;
}

export const IDLE: NodeLoadState = { status: 'idle', refreshing: false, fetchedAt: null, stale: false, error: null };

/** Names may hold '/', so each part is encoded: keys split back into the names they were made of. */
export function metadataKey(kind: 'databases' | 'schemas' | 'tables' | 'table', ...parts: (number | string)[]): string {
  return [kind, ...parts.map((part, i) => (i === 0 ? String(part) : encodeURIComponent(part)))].join('/');
}

/** The key answering a node's children (catalogs → schemas → tables → columns), or null: nothing on the server. */
export function childrenKeyOf({ id, pk, created }: LoadTarget): string | null {
  if (id === CATALOG_ROOT) return metadataKey('databases');
  const [, schema, table, column] = parseNodeId(id);
  if (created || pk === null || column !== undefined) return null;
  if (schema === undefined) return metadataKey('schemas', pk);
  if (table === undefined) return metadataKey('tables', pk, schema);
  return metadataKey('table', pk, schema, table);
}

export type MetadataRequest =
  | { kind: 'databases' }
  | { kind: 'schemas'; databaseId: number }
  | { kind: 'tables'; databaseId: number; schema: string }
  | { kind: 'table'; databaseId: number; schema: string; table: string };

/** What a key asks the server, or null for a key this version does not know. */
export function requestOf(key: string): MetadataRequest | null {
  const [kind, id, ...names] = key.split('/');
  const databaseId = Number(id);
  const [schema, table] = names.map(decodeURIComponent);
  if (kind === 'databases') return { kind };
  if (!Number.isInteger(databaseId)) return null;
  if (kind === 'schemas') return { kind, databaseId };
  if (kind === 'tables' && schema !== undefined) return { kind, databaseId, schema };
  if (kind === 'table' && schema !== undefined && table !== undefined) return { kind, databaseId, schema, table };
  return null;
}

/** How a row stands, for the screens. */
export function loadStateOf(row: BiMetadataRow | undefined): NodeLoadState {
  if (!row) return IDLE;
  const pending = row.wantedAt !== undefined;
  const error = pending ? null : (row.error ?? null);
  if (row.value !== undefined) {
    return { status: 'loaded', refreshing: pending, fetchedAt: row.fetchedAt ?? null, stale: error === UNREACHABLE_MESSAGE, error };
  }
  return { ...IDLE, status: pending ? 'loading' : error ? 'error' : 'idle', error };
}

/**
 * Notes that a screen wants these keys answered: each row not answered yet, failed, or too old
 * (every one when `force`) gets `wantedAt`, unless already wanted. Returns the keys now wanted
 * (when any, the sync worker should run). `skip` keeps a key as it is unless forced (one this
 * session asked for already: a failed one waits for its Retry).
 */
export async function wantMetadata(db: ConsoleDb, keys: string[], now: number, options: { force?: boolean; skip?: (key: string) => boolean } = {}): Promise<string[]> {
  const { force = false, skip = () => false } = options;
  const wants = (key: string, row: BiMetadataRow | undefined) => {
    if (force || !row) return true;
    if (row.wantedAt !== undefined || skip(key)) return false;
    return row.value === undefined || row.error !== undefined || now - (row.fetchedAt ?? 0) >= METADATA_FRESH_MS;
  };
  const unique = [...new Set(keys)];
  return db.transaction('rw', db.biMetadata, async () => {
    const rows = await db.biMetadata.bulkGet(unique);
    const added = unique.filter((key, i) => !rows[i] && wants(key, rows[i]));
    const seen = unique.filter((key, i) => rows[i] && wants(key, rows[i]));
    if (added.length > 0) await db.biMetadata.bulkAdd(added.map((key) => ({ key, wantedAt: now })));
    if (seen.length > 0) await db.biMetadata.bulkUpdate(seen.map((key) => ({ key, changes: { wantedAt: now } })));
    return [...added, ...seen];
  });
}

/** The rows some screen wants answered, for the sync worker. */
export function wantedMetadata(db: ConsoleDb): Promise<BiMetadataRow[]> {
  return db.biMetadata.where('wantedAt').above(0).toArray();
}

export type MetadataOutcome = { key: string; value: unknown } | { key: string; error: string };

/**
 * The worker's answers and failures, in one transaction (the tree is built from the whole cache:
 * one rebuild, not one per key). A failure keeps the last answer. A request made after `triedAt`
 * stays wanted, so the next run answers it.
 */
export async function writeMetadataOutcomes(db: ConsoleDb, outcomes: MetadataOutcome[], triedAt: number, fetchedAt: number): Promise<void> {
  if (outcomes.length === 0) return;
  await db.transaction('rw', db.biMetadata, async () => {
    const rows = await db.biMetadata.bulkGet(outcomes.map((o) => o.key));
    const updated = outcomes.map((outcome, i): BiMetadataRow => {
      const row = rows[i] ?? { key: outcome.key };
      const wantedAt = row.wantedAt !== undefined && row.wantedAt > triedAt ? row.wantedAt : undefined;
      const answer = 'error' in outcome ? { error: outcome.error } : { value: outcome.value, fetchedAt, error: undefined };
      return { ...row, ...answer, wantedAt, triedAt };
    });
    // put, not update: a field set to undefined must go (wantedAt leaves its index).
    await db.biMetadata.bulkPut(updated.map(withoutUndefined));
  });
}

function withoutUndefined(row: BiMetadataRow): BiMetadataRow {
  return Object.fromEntries(Object.entries(row).filter(([, value]) => value !== undefined)) as unknown as BiMetadataRow;
}

/** One key's answer (undefined until one came) and how it stands (read-only: runs in a live query). */
export async function readMetadataEntry<T>(db: ConsoleDb, key: string): Promise<{ value: T | undefined; state: NodeLoadState }> {
  const row = await db.biMetadata.get(key);
  return { value: row?.value as T | undefined, state: loadStateOf(row) };
}

/** Everything kept for a database, for autocomplete. */
export async function keptMetadataFor(db: ConsoleDb, databaseId: number): Promise<{ schemas: string[]; tables: { schema: string; name: string }[]; columns: TableMetadata[] }> {
  const schemas = await db.biMetadata.get(metadataKey('schemas', databaseId));
  const tables = (await db.biMetadata.where('key').startsWith(`tables/${databaseId}/`).toArray()).filter((row) => row.value !== undefined);
  const columns = (await db.biMetadata.where('key').startsWith(`table/${databaseId}/`).toArray()).filter((row) => row.value !== undefined);
  return {
    schemas: (schemas?.value as string[] | undefined) ?? [],
    tables: tables.flatMap((row) => (row.value as TableOption[]).map((t) => ({ schema: decodeURIComponent(row.key.split('/')[2] ?? ''), name: t.value }))),
    columns: columns.map((row) => row.value as TableMetadata),
  };
}

/** How catalog nodes' children stand, by node id (read-only: runs in a live query). */
export async function readNodeStates(db: ConsoleDb, targets: LoadTarget[]): Promise<Map<CatalogNodeId, NodeLoadState>> {
  const keyed = targets.flatMap((target) => {
    const key = childrenKeyOf(target);
    return key === null ? [] : [{ id: target.id, key }];
  });
  const rows = await db.biMetadata.bulkGet(keyed.map((k) => k.key));
  return new Map(keyed.map(({ id }, i) => [id, loadStateOf(rows[i])]));
}
