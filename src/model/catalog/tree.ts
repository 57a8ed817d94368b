import type { BiDatabase, ColumnSearchHit, TableMetadataColumn, TableOption, TableSearchHit } from '../../../contracts/biCatalog';
import type { CatalogCache, CatalogEditRow, CatalogNode, CatalogNodeId, CatalogNodeType, TreeIndex } from './types';

export type { RowList, TreeIndex } from './types';
export { treeKey, type TreeKeyAction } from './treeKey';
export { MATCH, matchRange, NO_ROWS, searchTree, visibleRows, type SearchResult } from './treeView';

// ---- Ids --------------------------------------------------------------------------------------

/** A node's id from its path of names (catalog, schema, table, column): each part encoded, so names may hold '/'. */
export function nodeId(...names: string[]): CatalogNodeId {
  return names.map(encodeURIComponent).join('/');
}

/** A part of an id as it came (from a URL, say) when it is not valid percent-encoding. */
function decodePart(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

/** The names an id is made of. */
export function parseNodeId(id: CatalogNodeId): string[] {
  return id === '' ? [] : id.split('/').map(decodePart);
}

/** The ids of a node's ancestors, outermost first (the nodes to expand to show it). */
export function ancestorsOf(id: CatalogNodeId): CatalogNodeId[] {
  const parts = id.split('/');
  return parts.slice(0, -1).map((_, i) => parts.slice(0, i + 1).join('/'));
}

/** The id a new child would have under a parent (null: a catalog), before making it unique. */
export function childId(parentId: CatalogNodeId | null, name: string): CatalogNodeId {
  return parentId === null ? encodeURIComponent(name) : `${parentId}/${encodeURIComponent(name)}`;
}

/**
 * Keys of CatalogCache's maps, the same as biMetadata's keys without their kind prefix
 * (`tables/<key>`, `table/<key>`): names are encoded so a key splits back into them.
 */
export const cacheKeys = {
  tables: (databaseId: number, schema: string) => `${databaseId}/${encodeURIComponent(schema)}`,
  table: (databaseId: number, schema: string, table: string) => `${databaseId}/${encodeURIComponent(schema)}/${encodeURIComponent(table)}`,
};

/** A Superset database here is one DuckDB catalog: its name is the catalog's (a `catalog` field wins if the server sends one). */
export function catalogNameOf(database: BiDatabase): string {
  const { catalog } = database as BiDatabase & { catalog?: unknown };
  return typeof catalog === 'string' && catalog !== '' ? catalog : database.database_name;
}

/** What a node's children are: catalogs hold schemas, schemas tables, tables columns; columns are leaves. */
export const CHILD_TYPE: Readonly<Record<CatalogNodeType, CatalogNodeType | null>> = {
  catalog: 'schema',
  schema: 'table',
  table: 'column',
  column: null,
};

// ---- Building the tree ------------------------------------------------------------------------

/** What the server (or a local create) says of a node, before the local overlay. */
interface Facts {
  type: CatalogNodeType;
  name: string;
  pk: number | null;
  schemaName: string | null;
  tableName: string | null;
  detail: string | null;
  description: string | null;
  childrenLoaded: boolean;
}

interface Build {
  cache: CatalogCache;
  overlay: ReadonlyMap<CatalogNodeId, CatalogEditRow>;
  roots: CatalogNode[];
}

function makeNode(parent: CatalogNode | null, id: CatalogNodeId, facts: Facts, row: CatalogEditRow | undefined, created: boolean): CatalogNode {
  const name = row?.name ?? facts.name;
  const description = row?.description ?? facts.description;
  const edited = row !== undefined && (name !== facts.name || row.owner !== undefined || description !== facts.description);
  return {
    id,
    pk: facts.pk,
    name,
    type: facts.type,
    schemaName: facts.schemaName,
    tableName: facts.tableName,
    children: [],
    childrenLoaded: facts.childrenLoaded,
    owner: row?.owner ?? null,
    description,
    serverDescription: created ? null : facts.description,
    detail: facts.detail,
    local: created || edited,
    created,
    depth: parent ? parent.depth + 1 : 0,
    parentId: parent?.id ?? null,
  };
}

/** Adds a server node under its parent (a root when null), unless the overlay deleted it. */
function addServerNode(build: Build, parent: CatalogNode | null, facts: Facts): CatalogNode | null {
  const id = childId(parent?.id ?? null, facts.name);
  const row = build.overlay.get(id);
  if (row?.deleted) return null; // and its subtree: nothing below is visited
  const node = makeNode(parent, id, facts, row, false);
  (parent ? parent.children : build.roots).push(node);
  return node;
}

function addColumn(build: Build, table: CatalogNode, tableName: string, column: TableMetadataColumn): void {
  const { pk, schemaName } = table;
  const facts = { type: 'column' as const, name: column.name, pk, schemaName, tableName, detail: column.type, description: column.comment, childrenLoaded: true };
  addServerNode(build, table, facts);
}

function addTable(build: Build, schema: CatalogNode, option: TableOption): CatalogNode | null {
  const { pk, schemaName } = schema;
  const metadata = pk === null || schemaName === null ? undefined : build.cache.tableMetadata.get(cacheKeys.table(pk, schemaName, option.value));
  const description = metadata?.comment ?? option.extra?.comment ?? null;
  const facts = { type: 'table' as const, name: option.value, pk, schemaName, tableName: null, detail: option.type, description, childrenLoaded: metadata !== undefined };
  const node = addServerNode(build, schema, facts);
  if (node && metadata) for (const column of metadata.columns) addColumn(build, node, option.value, column);
  return node;
}

function addSchema(build: Build, catalog: CatalogNode, pk: number, schemaName: string): CatalogNode | null {
  const tables = build.cache.tables.get(cacheKeys.tables(pk, schemaName));
  const facts = { type: 'schema' as const, name: schemaName, pk, schemaName, tableName: null, detail: null, description: null, childrenLoaded: tables !== undefined };
  const node = addServerNode(build, catalog, facts);
  if (node && tables) for (const option of tables) addTable(build, node, option);
  return node;
}

function addCatalog(build: Build, database: BiDatabase): void {
  const schemas = build.cache.schemas.get(database.id);
  const name = catalogNameOf(database);
  const facts = { type: 'catalog' as const, name, pk: database.id, schemaName: null, tableName: null, detail: null, description: null, childrenLoaded: schemas !== undefined };
  const node = addServerNode(build, null, facts);
  if (node && schemas) for (const schema of schemas) addSchema(build, node, database.id, schema);
}

const childById = (node: CatalogNode, id: CatalogNodeId) => node.children.find((child) => child.id === id);

/** A hit of the server's table or column search. */
export type CatalogSearchHit = TableSearchHit | ColumnSearchHit;

/**
 * A server search hit shows under its schema even when that schema (or its catalog) was never
 * opened; a column hit shows under its table too, unless the table's columns are all loaded.
 */
function addHit(build: Build, hit: CatalogSearchHit): void {
  const catalog = build.roots.find((node) => node.pk === hit.database_id && !node.created);
  if (!catalog) return;
  const schema = childById(catalog, childId(catalog.id, hit.schema)) ?? addSchema(build, catalog, hit.database_id, hit.schema);
  if (!schema) return;
  const table = childById(schema, childId(schema.id, hit.value)) ?? addTable(build, schema, { value: hit.value, type: hit.type, extra: hit.extra });
  if (!('column' in hit) || !table || table.childrenLoaded || childById(table, childId(table.id, hit.column.name))) return;
  addColumn(build, table, hit.value, { ...hit.column, longType: hit.column.type });
}

/** The node with this id, found by walking its path from the roots (no index needed). */
export function findNode(roots: readonly CatalogNode[], id: CatalogNodeId): CatalogNode | undefined {
  let siblings = roots;
  let found: CatalogNode | undefined;
  for (const step of [...ancestorsOf(id), id]) {
    found = siblings.find((node) => node.id === step);
    if (!found) return undefined;
    siblings = found.children;
  }
  return found;
}

/** The name a node has on the server (or was created with): what SQL calls it, whatever it is shown as. */
function sourceName(build: Build, node: CatalogNode): string {
  return build.overlay.get(node.id)?.created?.name ?? parseNodeId(node.id).at(-1) ?? node.name;
}

type CreatedRow = CatalogEditRow & Required<Pick<CatalogEditRow, 'created'>>;

const isShownCreated = (row: CatalogEditRow): row is CreatedRow => row.created !== undefined && !row.deleted;

function addCreated(build: Build, row: CreatedRow): void {
  const { parentId, type, name, detail } = row.created;
  const parent = parentId === null ? null : (findNode(build.roots, parentId) ?? null);
  if (parentId !== null && !parent) return; // its parent is deleted, or not loaded yet
  const siblings = parent ? parent.children : build.roots;
  if (siblings.some((node) => node.id === row.id)) return; // the server has it now: the overlay applied already
  const facts: Facts = {
    type,
    name,
    pk: parent?.pk ?? null,
    schemaName: type === 'schema' ? name : (parent?.schemaName ?? null),
    tableName: type === 'column' && parent ? sourceName(build, parent) : null,
    detail: detail ?? (type === 'table' ? 'table' : null),
    description: null,
    childrenLoaded: true, // nothing on the server to fetch
  };
  siblings.push(makeNode(parent, row.id, facts, row, true));
}

/**
 * The catalog tree: the server's nodes as far as the cache holds them (schemas, tables and
 * columns fetched so far; `childrenLoaded` says which), with the local edits laid over them
 * (names, owners, descriptions; deleted nodes and their subtrees left out) and the nodes created
 * here appended under their parents, in creation order. Server children keep the server's order
 * (names sorted; columns by position). `hits` (from the server's table and column searches) add
 * the tables and columns found under their parents, even ones never opened, without marking anything loaded.
 */
export function buildCatalogTree(cache: CatalogCache, edits: readonly CatalogEditRow[], hits: readonly CatalogSearchHit[] = []): CatalogNode[] {
  const build: Build = { cache, overlay: new Map(edits.map((row) => [row.id, row])), roots: [] };
  for (const database of cache.databases ?? []) addCatalog(build, database);
  for (const hit of hits) addHit(build, hit);
  // Creation order puts every parent before its children.
  const created = edits.filter(isShownCreated).sort((a, b) => a.created.seq - b.created.seq);
  for (const row of created) addCreated(build, row);
  return build.roots;
}

// ---- Index ------------------------------------------------------------------------------------

export function indexTree(roots: readonly CatalogNode[]): TreeIndex {
  const nodes: CatalogNode[] = [];
  const parents: number[] = [];
  const ends: number[] = [];
  const visit = (siblings: readonly CatalogNode[], parent: number) => {
    for (const node of siblings) {
      const at = nodes.push(node) - 1;
      parents.push(parent);
      ends.push(0);
      visit(node.children, at);
      ends[at] = nodes.length;
    }
  };
  visit(roots, -1);
  const positions = new Map<CatalogNodeId, number>();
  const lowerNames = new Array<string>(nodes.length);
  nodes.forEach((node, at) => {
    positions.set(node.id, at);
    lowerNames[at] = node.name.toLowerCase();
  });
  return { nodes, positions, parents: Int32Array.from(parents), ends: Int32Array.from(ends), lowerNames };
}

/** The node with this id in the indexed tree. */
export function nodeById(index: TreeIndex | null | undefined, id: CatalogNodeId): CatalogNode | undefined {
  const position = index?.positions.get(id);
  return position === undefined ? undefined : index?.nodes[position];
}
