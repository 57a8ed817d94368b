/**
 * The workspace API's shapes (mounted at /api/notebook), shared by the console server that answers
 * and the client that asks, so the two cannot drift apart.
 */

export type ItemType = 'notebook' | 'folder';

/** A workspace item as the API shows it. */
export interface WorkspaceFile {
  id: string;
  name: string;
  /** Relative POSIX path without a leading slash ("reports/q1.ipynb"); for deleted items, where it was. */
  path: string;
  type: ItemType;
  owner: string;
  createdAt: string;
  updatedAt: string;
  isFavorite: boolean;
  isDeleted: boolean;
  /** Deleted items only: when they went to the trash (ISO). */
  deletedAt?: string;
  /** Sent back as If-Match. Notebooks: 16 hex chars of sha256(content); folders: "d-" + updatedAt in ms. */
  version: string;
}

export interface FileWithContent {
  /** The notebook as a JSON string. */
  content: string;
  file: WorkspaceFile;
}

/** One write the server applied (GET /audit). */
export interface AuditEntry {
  seq: number;
  /** The request's Idempotency-Key, or null: a replayed save never adds a second entry. */
  key: string | null;
  method: string;
  /** The route pattern, e.g. /api/notebook/files. */
  route: string;
  /** The item written (the new path for renames). */
  path: string;
  status: number;
  username: string;
  at: string;
}

export interface AuditPage {
  items: AuditEntry[];
  count: number;
}

/** One step of the path bar (GET /breadcrumbs): the root first (path ""), the asked item last. */
export interface Breadcrumb {
  name: string;
  path: string;
}

/** GET /details?path=: what the Details panel shows beyond the item itself. */
export interface ItemDetails {
  file: WorkspaceFile;
  /** Bytes: a notebook's file, a folder's live notebooks together. */
  size: number;
  /** A notebook's kernelspec display_name (else its name); null for folders and notebooks without one. */
  kernel: string | null;
  /** A notebook's cells; null for a folder (or a notebook without a cells list). */
  cellCount: number | null;
  /** A folder's live descendants (notebooks and folders, at any depth); null for a notebook. */
  items: number | null;
}

/**
 * What a notebook's JSON says of itself: its kernel (the kernelspec's display name, else its
 * name) and cell count; nulls for what it does not say, or bad JSON. Shared so the server's
 * details and the client's offline details agree.
 */
export function notebookFacts(content: string): { kernel: string | null; cellCount: number | null } {
  let notebook: { cells?: unknown; metadata?: { kernelspec?: { display_name?: unknown; name?: unknown } } } | null;
  try {
    notebook = JSON.parse(content) as typeof notebook;
  } catch {
    return { kernel: null, cellCount: null };
  }
  const spec = notebook?.metadata?.kernelspec;
  const kernel = [spec?.display_name, spec?.name].find((value): value is string => typeof value === 'string' && value !== '') ?? null;
  return { kernel, cellCount: Array.isArray(notebook?.cells) ? notebook.cells.length : null };
}
