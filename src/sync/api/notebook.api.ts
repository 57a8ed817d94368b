import type { AxiosInstance } from 'axios';
import type { AuditPage, FileWithContent, ItemDetails, WorkspaceFile } from '../../../contracts/workspace';
import type { SaveRequest } from './saves.api';

export type { AuditEntry, AuditPage, FileWithContent, ItemDetails, WorkspaceFile } from '../../../contracts/workspace';

export interface ReadOptions {
  signal?: AbortSignal;
}

export interface NotebookApi {
  listWorkspace(bucket?: string, options?: ReadOptions): Promise<WorkspaceFile[]>;
  listLocal(options?: ReadOptions): Promise<WorkspaceFile[]>;
  getLocalFile(path: string, options?: ReadOptions): Promise<FileWithContent>;
  getS3File(bucket: string, key: string, options?: ReadOptions): Promise<FileWithContent>;
  audit(page: { limit: number; offset: number }, options?: ReadOptions): Promise<AuditPage>;
  getDetails(path: string, options?: ReadOptions): Promise<ItemDetails>;
  /** Live items whose name contains `q` (any case), folders first; at most `limit` (server: 1–200). */
  searchFiles(q: string, limit: number, options?: ReadOptions): Promise<WorkspaceFile[]>;
}

/**
 * The download link of a notebook (.ipynb) or a folder (.zip; "" is the whole workspace): a plain
 * link, so the browser streams the answer to disk. `mount` is config.apis.notebook.
 */
export function exportUrl(mount: string, path: string): string {
  return `${mount}/export?path=${encodeURIComponent(path)}`;
}

function isWorkspaceFile(value: unknown): value is WorkspaceFile {
  const v = value as Record<string, unknown> | null;
  return !!v && typeof v.path === 'string' && typeof v.name === 'string' && (v.type === 'notebook' || v.type === 'folder');
}

function filesFrom(body: unknown): WorkspaceFile[] {
  const files = (body as { files?: unknown } | null)?.files;
  if (!Array.isArray(files) || !files.every(isWorkspaceFile)) throw new Error('The server answered with an unexpected file list.');
  return files;
}

/** The file a save's answer carries (`{file}`), or null when it carries none. */
export function fileFrom(body: unknown): WorkspaceFile | null {
  const file = (body as { file?: unknown } | null)?.file;
  return isWorkspaceFile(file) ? file : null;
}

const isCount = (value: unknown): value is number | null => value === null || (typeof value === 'number' && Number.isInteger(value) && value >= 0);

function detailsFrom(body: unknown): ItemDetails {
  const b = body as Partial<Record<keyof ItemDetails, unknown>> | null;
  const file = fileFrom(body);
  const { size, kernel, cellCount, items } = b ?? {};
  if (!file || typeof size !== 'number' || !isCount(size) || !(kernel === null || typeof kernel === 'string') || !isCount(cellCount) || !isCount(items)) {
    throw new Error('The server answered with unexpected details.');
  }
  return { file, size, kernel, cellCount, items };
}

function withContent(body: unknown): FileWithContent {
  const content = (body as { content?: unknown } | null)?.content;
  if (typeof content !== 'string') throw new Error('The server answered without the file content.');
  const file = fileFrom(body);
  if (!file) throw new Error('The server answered with an unexpected file.');
  return { content, file };
}

/** How a save presents itself: its Idempotency-Key, what the user did (X-Console-Label), its preconditions. */
export interface SaveHeaders {
  key: string;
  label: string;
  /** Only if the server's item is still at this version. */
  ifMatch?: string;
  /** Only if no item exists at the path yet. */
  createOnly?: boolean;
}

function headersOf({ key, label, ifMatch, createOnly }: SaveHeaders): Record<string, string> {
  // Header values are Latin-1 only; labels carry file names in any script.
  const headers: Record<string, string> = { 'Idempotency-Key': key, 'X-Console-Label': encodeURIComponent(label) };
  if (ifMatch) headers['If-Match'] = ifMatch;
  if (createOnly) headers['If-None-Match'] = '*';
  return headers;
}

/** The workspace API's writes, as saves for the sender (src/sync/api/saves.api.ts); `mount` is config.apis.notebook. */
export function notebookSaves(mount: string) {
  const save = (method: SaveRequest['method'], path: string, body: object, headers: SaveHeaders): SaveRequest => ({ method, url: `${mount}${path}`, headers: headersOf(headers), body });
  return {
    saveFile: (path: string, content: string, headers: SaveHeaders) => save('POST', '/files', { path, content }, headers),
    createFolder: (path: string, headers: SaveHeaders) => save('POST', '/folders', { path }, headers),
    rename: (oldPath: string, newPath: string, headers: SaveHeaders) => save('POST', '/rename', { oldPath, newPath }, headers),
    remove: (path: string, headers: SaveHeaders) => save('DELETE', '/delete', { path }, headers),
    restore: (path: string, headers: SaveHeaders) => save('POST', '/restore', { path }, headers),
    /** Deletes a trashed item for good (DELETE /trash; a live item is refused, 409); `id` picks one of several trashed at the same path. */
    purge: (path: string, headers: SaveHeaders, id?: string) => save('DELETE', '/trash', id ? { path, id } : { path }, headers),
    favorite: (path: string, isFavorite: boolean, headers: SaveHeaders) => save('POST', '/favorite', { path, isFavorite }, headers),
  };
}

/** The workspace API (server/notebook), mounted at config.apis.notebook. */
export function createNotebookApi(http: AxiosInstance): NotebookApi {
  return {
    async listWorkspace(bucket = 'workspace', { signal } = {}) {
      return filesFrom((await http.get('/workspace', { params: { bucket }, signal })).data);
    },
    async listLocal({ signal } = {}) {
      return filesFrom((await http.get('/local-fs', { signal })).data);
    },
    async getLocalFile(path, { signal } = {}) {
      return withContent((await http.get('/get-file-local', { params: { path }, signal })).data);
    },
    async getS3File(bucket, key, { signal } = {}) {
      return withContent((await http.get('/get-file-s3', { params: { bucket, key }, signal })).data);
    },
    async audit({ limit, offset }, { signal } = {}) {
      const body = (await http.get('/audit', { params: { limit, offset }, signal })).data as Partial<AuditPage> | null;
      if (!Array.isArray(body?.items) || typeof body.count !== 'number') throw new Error('The server answered with an unexpected audit page.');
      return { items: body.items, count: body.count };
    },
    async getDetails(path, { signal } = {}) {
      return detailsFrom((await http.get('/details', { params: { path }, signal })).data);
    },
    async searchFiles(q, limit, { signal } = {}) {
      return filesFrom((await http.get('/search', { params: { q, limit }, signal })).data);
    },
  };
}
