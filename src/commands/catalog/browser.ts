import type { ColumnSearchHit, TableSearchHit } from '../../../contracts/biCatalog';
import type { BiApi, CatalogSearchAnswer, ReadOptions, TablePreview } from '../../sync/api/bi.api';
import { announcedAll } from '../core';
import { createCatalogCommands, type CatalogCommandDeps, type CatalogCommands } from './edits';
import { createMetadataWatch, type MetadataWatch } from './watch';

export { ROOT_TARGET, UNREACHABLE_MESSAGE, type LoadTarget, type NodeLoadState } from '../../db/metadataCache';

/** The catalog browser of one session: asking for the server's tree, the local edits, search and table previews. */
export interface CatalogBrowser {
  /** Asks the sync worker for nodes' children; the tree reads them (and how they stand) live. */
  metadata: MetadataWatch;
  edits: CatalogCommands;
  /** The server's table search (names across every catalog); empty text answers nothing without asking. */
  searchTables(text: string, options?: { limit?: number } & ReadOptions): Promise<TableSearchHit[]>;
  /** The server's column search (every table's columns, opened or not); empty text answers nothing without asking. */
  searchColumns(text: string, options?: { limit?: number } & ReadOptions): Promise<ColumnSearchHit[]>;
  /** Both server searches (tables, and columns up to `columnLimit`; null: none) and whether the server's was partial; empty text answers nothing without asking. */
  searchServer(text: string, options: { columnLimit: number | null } & ReadOptions): Promise<CatalogSearchAnswer>;
  /** A server table's first rows (not kept: a preview is for looking, now). */
  preview(databaseId: number, schema: string, table: string, options?: ReadOptions): Promise<TablePreview>;
}

export interface CatalogBrowserDeps extends CatalogCommandDeps {
  api: BiApi;
  /** Wakes the sync worker to fetch the metadata wanted. */
  refreshMetadata: () => void;
}

export function createCatalogBrowser(deps: CatalogBrowserDeps): CatalogBrowser {
  const { api } = deps;
  const search =
    <T,>(find: (text: string, limit?: number, options?: ReadOptions) => Promise<T[]>) =>
    (text: string, { limit, signal }: { limit?: number } & ReadOptions = {}): Promise<T[]> => {
      const trimmed = text.trim();
      return trimmed === '' ? Promise.resolve([]) : find(trimmed, limit, { signal });
    };
  return {
    metadata: createMetadataWatch({ db: deps.db, refresh: deps.refreshMetadata }),
    edits: announcedAll(deps, createCatalogCommands(deps)),
    searchTables: search((text, limit, options) => api.searchTables(text, limit, options)),
    searchColumns: search((text, limit, options) => api.searchColumns(text, limit, options)),
    searchServer(text, { columnLimit, signal }) {
      const trimmed = text.trim();
      return trimmed === '' ? Promise.resolve({ tables: [], columns: [], partial: null }) : api.searchAll(trimmed, columnLimit, { signal });
    },
    preview: (databaseId, schema, table, options) => api.tablePreview(databaseId, schema, table, options),
  };
}
