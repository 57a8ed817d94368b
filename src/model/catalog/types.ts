import type { BiDatabase, TableMetadata, TableOption } from '../../../contracts/biCatalog';

/**
 * The catalog browser's model: the warehouse as a tree (catalogs → schemas → tables → columns),
 * built by pure functions from the cached server metadata and the user's local edits (events).
 */
export type CatalogNodeType = 'catalog' | 'schema' | 'table' | 'column';

/**
 * A node id is its path of names as the server knows them, each part encodeURIComponent-ed and
 * joined by '/': `lakehouse`, `lakehouse/gaming`, `lakehouse/gaming/bet_report`,
 * `lakehouse/gaming/bet_report/stake`. A node created locally gets a path under its parent
 * (`<parent id>/<encoded name>`); a rename changes the shown name, never the id, so URLs,
 * expansion state and events keep pointing at the same node.
 */
export type CatalogNodeId = string;

export interface CatalogNode {
  id: CatalogNodeId;
  /** The database id (Superset's pk) of the catalog this node is in; null for a catalog created locally. */
  pk: number | null;
  name: string;
  type: CatalogNodeType;
  /** The schema the node is in (schema, table, column); null for catalogs. */
  schemaName: string | null;
  /** Table name for columns; null otherwise. */
  tableName: string | null;
  /** Loaded (or locally created) children, in display order: server ones by name, then local ones by creation. */
  children: CatalogNode[];
  /** True when the server's children were fetched (or the node is local / a column: nothing to fetch). */
  childrenLoaded: boolean;
  owner: string | null;
  /** The description shown: the local note when there is one, else what the warehouse says. */
  description: string | null;
  /** What the warehouse itself says (its comment); null for a node created in this browser. */
  serverDescription: string | null;
  /** Column data type; table kind ('table' | 'view'); null otherwise. */
  detail: string | null;
  /** Created, renamed, owner or description set, in this browser: the tree marks it "local". */
  local: boolean;
  /** Created in this browser (not on the server). */
  created: boolean;
  depth: number;
  parentId: CatalogNodeId | null;
}

/** What the Dexie caches hold of the server's metadata, keyed as below (all optional: lazy). */
export interface CatalogCache {
  databases: BiDatabase[] | undefined;
  /** database id → schema names */
  schemas: ReadonlyMap<number, string[]>;
  /** `${databaseId}/${encoded schema}` → tables */
  tables: ReadonlyMap<string, TableOption[]>;
  /** `${databaseId}/${encoded schema}/${encoded table}` → table metadata (columns, comment, rowCount) */
  tableMetadata: ReadonlyMap<string, TableMetadata>;
}

/** One row of the catalogEdits projection: the local overlay of one node. */
export interface CatalogEditRow {
  id: CatalogNodeId;
  /** Present when the node was created locally. */
  created?: { parentId: CatalogNodeId | null; type: CatalogNodeType; name: string; seq: number; detail?: string | null };
  name?: string;
  owner?: string;
  description?: string;
  deleted: boolean;
  /** seq of the last event that touched the node. */
  seq: number;
}

/** A row of the flattened, visible tree, in display order (what the virtualized tree renders). */
export interface VisibleRow {
  node: CatalogNode;
  /** 1-based, for aria-level. */
  level: number;
  /** 1-based position among its siblings, and their count (aria-posinset / aria-setsize). */
  posInSet: number;
  setSize: number;
  expanded: boolean;
  /** Can be expanded (a catalog, schema or table: columns are leaves). */
  expandable: boolean;
  /** Search: [start, end) of the match in node.name, when the node itself matches. */
  match: [number, number] | null;
}

/**
 * The tree flattened once per build, for lookups and for search: nodes depth-first (a node's
 * subtree is the positions from it up to its `ends`), with the position of each one's parent and
 * its lowercased name, so a search is one pass over arrays.
 */
export interface TreeIndex {
  nodes: readonly CatalogNode[];
  /** Each node's position in `nodes`, by id. */
  positions: ReadonlyMap<CatalogNodeId, number>;
  /** Position in `nodes` of each node's parent; -1 for a root. */
  parents: Int32Array;
  /** Position just after each node's last descendant. */
  ends: Int32Array;
  lowerNames: readonly string[];
}

/**
 * The rows of the tree in display order, made on demand: the tree draws only the few on screen,
 * so a keystroke over 100,000 nodes builds no row objects. The length and each row's place come
 * from one pass over the index's arrays.
 */
export interface RowList {
  readonly length: number;
  /** The row at a display position (0 ≤ at < length). */
  at(at: number): VisibleRow;
  /** The node at a display position, without the rest of its row. */
  nodeAt(at: number): CatalogNode;
  /** The display position of a node; -1 when it is not shown. */
  indexOf(id: CatalogNodeId): number;
}
