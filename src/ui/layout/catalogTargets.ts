import type { TableSearchHit } from '../../../contracts/biCatalog';
import { catalogNameOf, nodeId } from '../../model/catalog/tree';
import type { CatalogCache } from '../../model/catalog/types';
import type { SavedQueryItem } from '../../model/savedQuery/view';
import type { SearchTarget } from './searchTargets';

/** How many tables and how many columns the dialog lists at most: enough to choose, few enough to stay quick. */
export const CATALOG_TARGET_LIMIT = 20;

/**
 * Tables and columns of the cached catalog whose name contains the query (case-insensitive), as
 * Ctrl+K targets that open them in the catalog browser. Nothing for a query under two characters.
 */
export function catalogTargets(cache: CatalogCache, query: string, limit = CATALOG_TARGET_LIMIT): SearchTarget[] {
  const needle = query.trim().toLowerCase();
  if (needle.length < 2) return [];
  const catalogs = new Map((cache.databases ?? []).map((database) => [database.id, catalogNameOf(database)]));
  const tables: SearchTarget[] = [];
  for (const [key, options] of cache.tables) {
    const [databaseId, schema] = splitKey(key);
    const catalog = catalogs.get(databaseId);
    if (catalog === undefined || schema === undefined) continue;
    for (const option of options) {
      if (tables.length >= limit) break;
      if (!option.value.toLowerCase().includes(needle)) continue;
      tables.push(target('Tables', `${catalog}.${schema}`, option.value, nodeId(catalog, schema, option.value), 'database'));
    }
  }
  const columns: SearchTarget[] = [];
  for (const [key, metadata] of cache.tableMetadata) {
    const [databaseId, schema, table] = splitKey(key);
    const catalog = catalogs.get(databaseId);
    if (catalog === undefined || schema === undefined || table === undefined) continue;
    for (const column of metadata.columns) {
      if (columns.length >= limit) break;
      if (!column.name.toLowerCase().includes(needle)) continue;
      columns.push(target('Columns', `${catalog}.${schema}.${table} · ${column.type}`, column.name, nodeId(catalog, schema, table, column.name), 'list'));
    }
  }
  return [...tables, ...columns];
}

/**
 * The server's table search hits as targets that open them in the catalog browser. The server
 * matched them already, so the typed text is a keyword: the dialog's own filter keeps them.
 */
export function tableHitTargets(hits: readonly TableSearchHit[], query: string): SearchTarget[] {
  return hits.map((hit) => {
    const catalog = hit.catalog || hit.database_name; // as catalogNameOf names the tree's catalogs
    const found = target('Tables', `${catalog}.${hit.schema}`, hit.value, nodeId(catalog, hit.schema, hit.value), 'database');
    return { ...found, keywords: [...found.keywords, query] };
  });
}

/** Saved queries as targets that open in the SQL editor (the caller adds what opens the tab). */
export function savedQueryTargets(queries: readonly SavedQueryItem[], query: string): SearchTarget[] {
  return queries.map((saved) => ({
    id: `saved-query:${saved.id}`,
    group: 'Saved queries',
    label: saved.label,
    hint: saved.description || saved.schema || saved.databaseName || 'Saved query',
    icon: 'search',
    to: '/admin/sql',
    keywords: [saved.description ?? '', query],
  }));
}

function splitKey(key: string): [number, ...(string | undefined)[]] {
  const [databaseId, ...names] = key.split('/');
  return [Number(databaseId), ...names.map(decodeURIComponent)];
}

function target(group: 'Tables' | 'Columns', hint: string, label: string, id: string, icon: SearchTarget['icon']): SearchTarget {
  return { id: `${group}:${id}`, group, label, hint, icon, to: `/admin/catalog/${id}`, keywords: [hint] };
}
