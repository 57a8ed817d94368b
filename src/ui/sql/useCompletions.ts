import { useCallback, useMemo } from 'react';
import type { BiMetadata } from '../../sync/caches/biMetadata';
import { completionsFor, type Complete, type CompletionLookups } from '../components/completion/completionSource';
import { EMPTY_CATALOG, suggestionsFor } from '../components/completion/completions';

/** How many tables one server search returns for completion. */
const SEARCH_LIMIT = 50;
/** The editor asks on every keystroke while a list is incomplete: the cache is read again after this long, not each time. */
const CACHE_READ_REUSE_MS = 3000;
/** Server searches kept for asking again (a late answer, Ctrl+Space on the same word). */
const SEARCHES_KEPT = 20;

/** The editor's completion for the tab's database and schema: the cached metadata, and the server for what it lacks. */
export function useCompletions(metadata: BiMetadata, databaseId: number | null, schema: string | null): Complete {
  const lookups = useMemo(() => (databaseId === null ? null : lookupsFor(metadata, databaseId)), [metadata, databaseId]);
  return useCallback((request) => completeWith(lookups, schema, request), [lookups, schema]);
}

/** The same completion outside a component (a notebook's SQL cell, whose place is known when its editor opens). */
export function completerFor(metadata: BiMetadata, databaseId: number, schema: string | null): Complete {
  const lookups = lookupsFor(metadata, databaseId);
  return (request) => completeWith(lookups, schema, request);
}

function completeWith(lookups: CompletionLookups | null, schema: string | null, request: Parameters<Complete>[0]) {
  if (lookups === null) return Promise.resolve({ suggestions: suggestionsFor(EMPTY_CATALOG, request.sql, request.word), incomplete: false });
  return completionsFor(lookups, { ...request, defaultSchema: schema });
}

function lookupsFor(metadata: BiMetadata, databaseId: number): CompletionLookups {
  let recent: { at: number; catalog: ReturnType<CompletionLookups['cached']> } | null = null;
  const readCache: CompletionLookups['cached'] = async () => {
    const [kept, databases] = await Promise.all([metadata.keptFor(databaseId), metadata.databases().catch(() => null)]);
    return {
      catalogs: databases?.value.map((db) => db.database_name) ?? [],
      schemas: kept.schemas,
      tables: kept.tables,
      columns: kept.columns.flatMap((table) => table.columns.map((c) => ({ table: table.name, name: c.name, type: c.type, comment: c.comment }))),
    };
  };
  const searches = new Map<string, ReturnType<CompletionLookups['searchTables']>>();
  const search: CompletionLookups['searchTables'] = async (text) => {
    const hits = await metadata.searchTables(text, SEARCH_LIMIT);
    const tables = hits.filter((hit) => hit.database_id === databaseId).map((hit) => ({ schema: hit.schema, name: hit.value, comment: hit.extra.comment ?? null }));
    return { tables, cut: hits.length >= SEARCH_LIMIT };
  };
  return {
    cached() {
      if (!recent || Date.now() - recent.at > CACHE_READ_REUSE_MS) recent = { at: Date.now(), catalog: readCache() };
      return recent.catalog;
    },
    searchTables(text) {
      let answer = searches.get(text);
      if (!answer) {
        answer = search(text);
        // A failed search (offline) is asked again next time.
        answer.catch(() => searches.delete(text));
        searches.set(text, answer);
        if (searches.size > SEARCHES_KEPT) searches.delete(searches.keys().next().value as string);
      }
      return answer;
    },
    async tablesOf(schema) {
      return (await metadata.tables(databaseId, schema)).value.map((table) => ({ schema, name: table.value, comment: table.extra?.comment ?? null }));
    },
    async columnsOf(schema, table) {
      const { value } = await metadata.table(databaseId, schema, table);
      return value.columns.map((c) => ({ table: value.name, name: c.name, type: c.type, comment: c.comment }));
    },
  };
}
