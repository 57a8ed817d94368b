import { useCallback } from 'react';
import type { BiMetadata } from '../../sync/biMetadata';
import { completionsFor, type Complete, type CompletionLookups } from './editor/completionSource';
import { EMPTY_CATALOG, suggestionsFor } from './editor/completions';

/** How many tables one server search returns for completion. */
const SEARCH_LIMIT = 50;

/** The editor's completion for the tab's database and schema: the cached metadata, and the server for what it lacks. */
export function useCompletions(metadata: BiMetadata, databaseId: number | null, schema: string | null): Complete {
  return useCallback(
    (request) => {
      if (databaseId === null) return Promise.resolve({ suggestions: suggestionsFor(EMPTY_CATALOG, request.sql, request.word), incomplete: false });
      return completionsFor(lookupsFor(metadata, databaseId), { ...request, defaultSchema: schema });
    },
    [metadata, databaseId, schema],
  );
}

function lookupsFor(metadata: BiMetadata, databaseId: number): CompletionLookups {
  return {
    async cached() {
      const [kept, databases] = await Promise.all([metadata.keptFor(databaseId), metadata.databases().catch(() => null)]);
      return {
        catalogs: databases?.value.map((db) => db.database_name) ?? [],
        schemas: kept.schemas,
        tables: kept.tables,
        columns: kept.columns.flatMap((table) => table.columns.map((c) => ({ table: table.name, name: c.name, type: c.type, comment: c.comment }))),
      };
    },
    async searchTables(text) {
      const hits = await metadata.searchTables(text, SEARCH_LIMIT);
      const tables = hits.filter((hit) => hit.database_id === databaseId).map((hit) => ({ schema: hit.schema, name: hit.value, comment: hit.extra.comment ?? null }));
      return { tables, cut: hits.length >= SEARCH_LIMIT };
    },
    async tablesOf(schema) {
      return (await metadata.tables(databaseId, schema)).value.map((table) => ({ schema, name: table.value, comment: table.extra.comment ?? null }));
    },
    async columnsOf(schema, table) {
      const { value } = await metadata.table(databaseId, schema, table);
      return value.columns.map((c) => ({ table: value.name, name: c.name, type: c.type, comment: c.comment }));
    },
  };
}
