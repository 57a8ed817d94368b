import { useEffect, useState } from 'react';
import type { BiMetadata } from '../../sync/biMetadata';
import type { CompletionCatalog } from './editor/completions';

const EMPTY: CompletionCatalog = { catalogs: [], schemas: [], tables: [], columns: [] };

/** What autocomplete offers: the cached metadata of the tab's database (no extra requests). */
export function useCompletionCatalog(metadata: BiMetadata, databaseId: number | null): CompletionCatalog {
  const [catalog, setCatalog] = useState(EMPTY);
  useEffect(() => {
    if (databaseId === null) return;
    let live = true;
    const load = async () => {
      const [kept, databases] = await Promise.all([metadata.keptFor(databaseId), metadata.databases().catch(() => null)]);
      if (!live) return;
      setCatalog({
        catalogs: databases?.value.map((db) => db.database_name) ?? [],
        schemas: kept.schemas,
        tables: kept.tables,
        columns: kept.columns.flatMap((table) => table.columns.map((c) => ({ table: table.name, name: c.name, type: c.type, comment: c.comment }))),
      });
    };
    void load();
    // The cache grows as the user browses tables; pick that up now and then.
    const timer = setInterval(() => void load(), 5000);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [metadata, databaseId]);
  return catalog;
}
